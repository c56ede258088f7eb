import type { TDb } from '../shared/request.ts';

export interface TAuditEntry {
  tenant_id: string;
  actor_id: string | null;
  impersonator_id?: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  before_status?: string | null;
  after_status?: string | null;
  data?: Record<string, unknown>;
  created_at: Date;
}

/** Appends to the audit log in the use case's transaction (it exists exactly when the change does). */
export async function recordAudit(db: TDb, entry: TAuditEntry): Promise<void> {
  await db
    .insertInto('organizations.audit_log')
    .values({
      ...entry,
      impersonator_id: entry.impersonator_id ?? null,
      before_status: entry.before_status ?? null,
      after_status: entry.after_status ?? null,
      data: entry.data ?? {},
    })
    .execute();
}

/** A subject's audit trail, oldest first. */
export function auditTrail(db: TDb, subjectId: string) {
  return db
    .selectFrom('organizations.audit_log')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .orderBy('id')
    .execute();
}

/** Tenant ids come from the request; the actor from its credentials (null when anonymous). */
export const actorIdOf = (actor: string) => (actor === 'system' || actor === 'anonymous' ? null : actor);
