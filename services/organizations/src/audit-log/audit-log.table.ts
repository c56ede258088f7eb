import { type Generated } from 'kysely';

/** Who did what to which organization (or school resource), with the status before and after. */
export interface TAuditLogTable {
  id: Generated<number>;
  tenant_id: string;
  /** Null for anonymous (public signup) and system actions. */
  actor_id: string | null;
  /** Set when the actor was signed in as another user ("sign in as user"). */
  impersonator_id: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  before_status: string | null;
  after_status: string | null;
  data: Record<string, unknown>;
  created_at: Date;
}
