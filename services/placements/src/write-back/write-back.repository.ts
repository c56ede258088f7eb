import { sql, type Insertable, type Selectable } from 'kysely';
import type {
  TWriteBackItemState,
  TWriteBackRefusal,
  TWriteBackTarget,
} from '@stageplein/contracts/placements/write-back-policy';
import type { TDb } from '../database.ts';
import type { TWriteBackItemsTable, TWriteBacksTable } from './write-back.table.ts';

export type TWriteBackRow = Selectable<TWriteBacksTable>;
export type TWriteBackItemRow = Selectable<TWriteBackItemsTable>;

export const insertWriteBack = (db: TDb, row: Insertable<TWriteBacksTable>) =>
  db.insertInto('placements.write_backs').values(row).execute();

export const insertWriteBackItems = (db: TDb, rows: Insertable<TWriteBackItemsTable>[]) =>
  rows.length ? db.insertInto('placements.write_back_items').values(rows).execute() : Promise.resolve();

export const findWriteBack = (db: TDb, id: string) =>
  db.selectFrom('placements.write_backs').selectAll().where('id', '=', id).executeTakeFirst();

export const writeBackItems = (db: TDb, id: string) =>
  db
    .selectFrom('placements.write_back_items')
    .selectAll()
    .where('write_back_id', '=', id)
    .orderBy('position')
    .execute();

/** When each of these internships was sent (by any run); absent: never. */
export async function sentAt(db: TDb, internshipIds: readonly string[]): Promise<Map<string, Date>> {
  if (!internshipIds.length) return new Map();
  const rows = await db
    .selectFrom('placements.write_back_items')
    .select(['internship_id', 'handled_at'])
    .where('state', '=', 'sent')
    .where('internship_id', 'in', internshipIds)
    .execute();
  return new Map(rows.map((r) => [r.internship_id, r.handled_at ?? new Date(0)]));
}

/**
 * The run's items still to handle, in order. In a run to Magister those sent meanwhile by another run
 * become `already_sent`; a file holds every chosen internship, sent or not.
 */
export async function pendingItems(
  db: TDb,
  id: string,
  now: Date,
  target: TWriteBackTarget,
): Promise<TWriteBackItemRow[]> {
  if (target === 'magister')
    await db
      .updateTable('placements.write_back_items as i')
      .set({ state: 'already_sent', handled_at: now })
      .where('i.write_back_id', '=', id)
      .where('i.state', '=', 'pending')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('placements.write_back_items as s')
            .select(sql`1`.as('one'))
            .whereRef('s.internship_id', '=', 'i.internship_id')
            .where('s.state', '=', 'sent'),
        ),
      )
      .execute();
  return db
    .selectFrom('placements.write_back_items')
    .selectAll()
    .where('write_back_id', '=', id)
    .where('state', '=', 'pending')
    .orderBy('position')
    .execute();
}

export const updateWriteBack = (
  db: TDb,
  id: string,
  set: Partial<Pick<TWriteBacksTable, 'status' | 'error' | 'started_at' | 'finished_at'>>,
) => db.updateTable('placements.write_backs').set(set).where('id', '=', id).execute();

/** One item's outcome; only a pending item changes (a retried activity records nothing twice). */
export const settleItem = (
  db: TDb,
  id: string,
  internshipId: string,
  outcome: {
    state: Exclude<TWriteBackItemState, 'pending'>;
    reason: TWriteBackRefusal | null;
    studentNumber: string | null;
  },
  now: Date,
) =>
  db
    .updateTable('placements.write_back_items')
    .set({
      state: outcome.state,
      reason: outcome.reason,
      student_number: outcome.studentNumber,
      handled_at: now,
    })
    .where('write_back_id', '=', id)
    .where('internship_id', '=', internshipId)
    .where('state', '=', 'pending')
    .execute();
