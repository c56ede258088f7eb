import type { Insertable, Selectable } from 'kysely';
import type { TInternshipAssignmentsTable } from '../allocation.table.ts';
import type { TDb } from '../../database.ts';

export type TBatchRow = Selectable<TInternshipAssignmentsTable>;

/** The batch's id, or null when the key was already taken (after the other transaction ended). */
export async function claimKey(
  db: TDb,
  row: Insertable<TInternshipAssignmentsTable>,
): Promise<string | null> {
  const inserted = await db
    .insertInto('placements.internship_assignments')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'school_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export function findBatch(db: TDb, schoolId: string, key: string): Promise<TBatchRow | undefined> {
  return db
    .selectFrom('placements.internship_assignments')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function setInternships(db: TDb, id: string, ids: string[]): Promise<void> {
  await db
    .updateTable('placements.internship_assignments')
    .set({ internship_ids: ids })
    .where('id', '=', id)
    .execute();
}
