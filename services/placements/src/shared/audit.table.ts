import type { Generated } from 'kysely';

/** Who changed which vacancy, append-only. */
export interface TAuditLogTable {
  id: Generated<number>;
  tenant_id: string;
  /** Null for system actions (seeds). */
  actor_id: string | null;
  /** Set when the actor was signed in as another user ("sign in as user"). */
  impersonator_id: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  data: Record<string, unknown>;
  created_at: Date;
}
