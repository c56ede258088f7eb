import { type Generated } from 'kysely';

/** Security-relevant actions that must be traceable to a person (impersonation first of all). */
export interface TAuditLogTable {
  id: Generated<number>;
  tenant_id: string;
  action: string;
  actor_id: string | null;
  impersonator_id: string | null;
  subject_id: string | null;
  data: Record<string, unknown>;
  created_at: Date;
}
