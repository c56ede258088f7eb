import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import type { TDb } from '../database.ts';
import type { THoursEntriesTable, THoursSheetsTable } from './hours.table.ts';

export type THoursEntryRow = Selectable<THoursEntriesTable>;
export type THoursSheetRow = Selectable<THoursSheetsTable>;

/** One internship's entries, oldest date first. */
export async function listEntries(db: TDb, internshipId: string): Promise<THoursEntryRow[]> {
  return db
    .selectFrom('placements.hours_entries')
    .selectAll()
    .where('internship_id', '=', internshipId)
    .orderBy('date')
    .orderBy('created_at')
    .execute();
}

export async function findEntry(
  db: TDb,
  internshipId: string,
  id: string,
): Promise<THoursEntryRow | undefined> {
  return db
    .selectFrom('placements.hours_entries')
    .selectAll()
    .where('internship_id', '=', internshipId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertEntry(db: TDb, row: Insertable<THoursEntriesTable>): Promise<THoursEntryRow> {
  return db.insertInto('placements.hours_entries').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateEntry(
  db: TDb,
  id: string,
  changes: Updateable<THoursEntriesTable>,
): Promise<THoursEntryRow> {
  return db
    .updateTable('placements.hours_entries')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteEntry(db: TDb, id: string): Promise<void> {
  await db.deleteFrom('placements.hours_entries').where('id', '=', id).execute();
}

/** Quarters already logged (not rejected) on a date, leaving out one entry (the one being changed). */
export async function quartersOnDate(
  db: TDb,
  internshipId: string,
  date: string,
  exceptId: string | null,
): Promise<number> {
  let q = db
    .selectFrom('placements.hours_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quarters'), eb.lit(0)).as('q'))
    .where('internship_id', '=', internshipId)
    .where('date', '=', date)
    .where('status', '<>', 'rejected');
  if (exceptId) q = q.where('id', '<>', exceptId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.q);
}

export async function findSheet(db: TDb, internshipId: string): Promise<THoursSheetRow | undefined> {
  return db
    .selectFrom('placements.hours_sheets')
    .selectAll()
    .where('internship_id', '=', internshipId)
    .executeTakeFirst();
}

/** Creates the sheet row on first use, then applies the changes. */
export async function upsertSheet(
  db: TDb,
  tenantId: string,
  internshipId: string,
  changes: Omit<Updateable<THoursSheetsTable>, 'internship_id' | 'tenant_id'> & { updated_at: Date },
): Promise<THoursSheetRow> {
  return db
    .insertInto('placements.hours_sheets')
    .values({ internship_id: internshipId, tenant_id: tenantId, ...changes })
    .onConflict((oc) => oc.column('internship_id').doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The period as placements' read model knows it (its school), or undefined. */
export async function findPeriod(db: TDb, id: string) {
  return db
    .selectFrom('placements.internship_periods')
    .select(['id', 'school_id', 'name'])
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

export async function upsertPeriodDefault(
  db: TDb,
  tenantId: string,
  periodId: string,
  requiredHours: number,
  userId: string | null,
  now: Date,
): Promise<void> {
  const changes = { required_hours: requiredHours, updated_by: userId, updated_at: now };
  await db
    .insertInto('placements.hours_period_defaults')
    .values({ internship_period_id: periodId, tenant_id: tenantId, ...changes })
    .onConflict((oc) => oc.column('internship_period_id').doUpdateSet(changes))
    .execute();
}

/** A student's internships at a School in these statuses, the earliest start first (the hours queue). */
export async function studentInternshipIds(
  db: TDb,
  studentId: string,
  schoolId: string,
  statuses: readonly TInternshipStatus[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('placements.internships')
    .select('id')
    .where('student_id', '=', studentId)
    .where('school_id', '=', schoolId)
    .where('status', 'in', [...statuses])
    .orderBy('start_date', 'asc')
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => r.id);
}
