import { CompiledQuery, sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import type { TInternshipScope } from '@stageplein/contracts/placements/internship-policy';
import { PLACE_HOLDING_STATUSES, type TInternshipStatus } from '@stageplein/contracts/placements/internships';
import type { TDb } from '../database.ts';
import type { TInternshipsTable, TInternshipStatusChangesTable } from './internships.table.ts';
import {
  internshipByIdSql,
  internshipsPageSql,
  type TListOptions,
  type TStatement,
} from './internships.sql.ts';

export type TInternshipRow = Selectable<TInternshipsTable>;

/** An internship with its relations' attributes (internships.sql.ts `SELECT`; null where none). */
export interface TInternshipView extends TInternshipRow {
  student__id: string | null;
  student__first_name: string | null;
  student__last_name: string | null;
  student__updated_at: Date | null;
  student__created_at: Date | null;
  organization__id: string | null;
  organization__name: string | null;
  organization__status: string | null;
  organization__city: string | null;
  organization__website: string | null;
  vacancy__id: string | null;
  vacancy__title: string | null;
  period__id: string | null;
  period__name: string | null;
  period__start_date: string | null;
  period__end_date: string | null;
  period__status: string | null;
  period__school_id: string | null;
  period__school_year_id: string | null;
  contact__id: string | null;
  contact__first_name: string | null;
  contact__last_name: string | null;
  contact__email: string | null;
  supervisor__id: string | null;
  supervisor__first_name: string | null;
  supervisor__last_name: string | null;
  supervisor__email: string | null;
  /** The current phase (phase-runs' read model): the definition's phase id, its name and status. */
  phase__id: string | null;
  phase__name: { nl: string; en: string } | null;
  phase__status: string | null;
}

const run = async <R>(db: TDb, s: TStatement) =>
  (await db.executeQuery<R>(CompiledQuery.raw(s.text, [...s.values]))).rows;

export async function findInternshipView(
  db: TDb,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TInternshipView | undefined> {
  return (await run<TInternshipView>(db, internshipByIdSql(id, options.forUpdate)))[0];
}

export async function listInternships(
  db: TDb,
  scopes: readonly TInternshipScope[],
  query: TJsonApiQuery,
  options: TListOptions = {},
): Promise<{ rows: TInternshipView[]; total: number }> {
  const rows = await run<TInternshipView & { total: number }>(db, internshipsPageSql(scopes, query, options));
  return { rows: rows.filter((r) => r.id !== null), total: rows[0]?.total ?? 0 };
}

export async function insertInternships(db: TDb, rows: Insertable<TInternshipsTable>[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insertInto('placements.internships').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

export async function updateInternship(
  db: TDb,
  id: string,
  changes: Updateable<TInternshipsTable>,
): Promise<void> {
  await db.updateTable('placements.internships').set(changes).where('id', '=', id).execute();
}

export async function insertStatusChanges(
  db: TDb,
  rows: Insertable<TInternshipStatusChangesTable>[],
): Promise<void> {
  if (rows.length) await db.insertInto('placements.internship_status_changes').values(rows).execute();
}

export async function listStatusChanges(
  db: TDb,
  internshipId: string,
): Promise<Selectable<TInternshipStatusChangesTable>[]> {
  return db
    .selectFrom('placements.internship_status_changes')
    .selectAll()
    .where('internship_id', '=', internshipId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** Places a vacancy's internships hold (`PLACE_HOLDING_STATUSES`). */
export async function placesTaken(db: TDb, vacancyId: string): Promise<number> {
  const row = await db
    .selectFrom('placements.internships')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('vacancy_id', '=', vacancyId)
    .where('status', 'in', [...PLACE_HOLDING_STATUSES])
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Whether the student has an internship for the vacancy in one of the statuses. */
export async function hasInternshipFor(
  db: TDb,
  studentId: string,
  vacancyId: string,
  statuses: readonly TInternshipStatus[],
): Promise<boolean> {
  const row = await db
    .selectFrom('placements.internships')
    .select('id')
    .where('student_id', '=', studentId)
    .where('vacancy_id', '=', vacancyId)
    .where('status', 'in', [...statuses])
    .executeTakeFirst();
  return !!row;
}

/** The students the mentor mentors at the school (organizations' mentorships). */
export async function menteesOf(db: TDb, mentorId: string, schoolId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('placements.mentorships')
    .select('student_id')
    .where('mentor_id', '=', mentorId)
    .where('school_id', '=', schoolId)
    .where('removed', '=', false)
    .execute();
  return new Set(rows.map((r) => r.student_id));
}

/** Whether the user has the role (any role when `name` is omitted) on the organization. */
export async function hasRole(
  db: TDb,
  userId: string,
  organizationId: string,
  name?: string,
): Promise<boolean> {
  let q = db
    .selectFrom('placements.auth_roles')
    .select('role_id')
    .where('user_id', '=', userId)
    .where('resource_id', '=', organizationId);
  if (name) q = q.where('name', '=', name);
  return !!(await q.executeTakeFirst());
}

export async function findPeriod(db: TDb, id: string) {
  return db
    .selectFrom('placements.internship_periods')
    .selectAll()
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

/** The internship's hours columns (`hours_supervisor`, `updating_hours_allowed`) follow the sheet. */
export async function setInternshipHours(
  db: TDb,
  id: string,
  changes: Pick<Updateable<TInternshipsTable>, 'hours_supervisor' | 'updating_hours_allowed' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('placements.internships').set(changes).where('id', '=', id).execute();
}
