import type { Selectable } from 'kysely';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { applyFiltersAndSort, applyPage } from '@stageplein/kit/jsonapi/apply-query';
import type { TDb } from '../shared/request.ts';
import type { TAuditLogTable } from './audit-log.table.ts';

export type TAuditLogRow = Selectable<TAuditLogTable>;

/** Wire attribute → column, for the list's filters and sort. */
export const AUDIT_LOG_COLUMNS: Record<string, string> = {
  subject_id: 'subject_id',
  subject_type: 'subject_type',
  action: 'action',
  actor_id: 'actor_id',
  created_at: 'created_at',
};

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

/**
 * A page of the tenant's audit log (RLS) with the total: filtered as the query says, in the order of
 * `created_at` (then `id`, which is the order of writing), newest first unless `sort=created_at`.
 */
export async function listAuditEntries(
  db: TDb,
  query: TJsonApiQuery,
): Promise<{ rows: TAuditLogRow[]; total: number }> {
  const filtered = applyFiltersAndSort(
    db.selectFrom('organizations.audit_log'),
    { ...query, sort: [] },
    AUDIT_LOG_COLUMNS,
  );
  const { total } = await filtered
    // A count has no order (an ORDER BY of the list would need a GROUP BY here).
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const direction = query.sort[0]?.descending === false ? 'asc' : 'desc';
  const rows = await applyPage(
    filtered.selectAll().orderBy('created_at', direction).orderBy('id', direction),
    query,
  ).execute();
  return { rows, total: Number(total) };
}
