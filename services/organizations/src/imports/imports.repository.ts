import { sql, type Insertable, type Selectable } from 'kysely';
import type { TDb } from '../database.ts';
import type {
  TStudentImportRowError,
  TStudentImportRowStatus,
  TStudentImportStatus,
} from '@stageplein/contracts/imports/student-import';
import type { TGroupMembershipsTable } from '../groups/groups.table.ts';
import type { TImportRowsTable, TImportsTable, TStudentEnrolmentsTable } from './imports.table.ts';
import type { THeldStudent } from './roster-diff.ts';

/** The imports tables on a transaction with the tenant set (request or activity): the service's database. */
export type TIDb = TDb;
export type TImportRow = Selectable<TImportsTable>;
export type TImportRowRow = Selectable<TImportRowsTable>;
export type TEnrolmentRow = Selectable<TStudentEnrolmentsTable>;

/** An import's row counts as the API and the workflow's summary report them. */
export const countsOf = (row: TImportRow) => ({
  valid: row.valid_rows,
  invalid: row.invalid_rows,
  created: row.created_rows,
  updated: row.updated_rows,
  unchanged: row.unchanged_rows,
  failed: row.failed_rows,
  left: row.left_rows,
});

/** Statuses in which an upload of the same file runs the import again. */
const RERUNNABLE: TStudentImportStatus[] = ['failed', 'cancelled'];
/** Statuses the workflow may (re)start from. */
const RUNNABLE: TStudentImportStatus[] = ['pending', 'running', 'failed', 'cancelled'];
const INSERT_CHUNK = 10_000;

export function findImport(db: TIDb, id: string) {
  return db.selectFrom('organizations.imports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The import, locked until the transaction ends (starting its workflow and cancelling it serialize on it). */
export function lockImport(db: TIDb, id: string) {
  return db
    .selectFrom('organizations.imports')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function listImportsOfSchool(db: TIDb, schoolId: string, limit: number) {
  return db
    .selectFrom('organizations.imports')
    .selectAll()
    .where('school_id', '=', schoolId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The new import, or undefined when this id exists already (the same file again). */
export function insertImport(db: TIDb, values: Insertable<TImportsTable>) {
  return db
    .insertInto('organizations.imports')
    .values(values)
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function insertImportFile(db: TIDb, importId: string, tenant: string, content: Buffer) {
  await db
    .insertInto('organizations.import_files')
    .values({ import_id: importId, tenant_id: tenant, content })
    .execute();
}

/** A failed or cancelled import back to pending; undefined when it is in another state. */
export function reopenImport(db: TIDb, id: string, at: Date) {
  return db
    .updateTable('organizations.imports')
    .set({ status: 'pending', failure: null, finished_at: null, updated_at: at })
    .where('id', '=', id)
    .where('status', 'in', RERUNNABLE)
    .returningAll()
    .executeTakeFirst();
}

export function setImportStatus(db: TIDb, id: string, status: TStudentImportStatus, at: Date) {
  return db
    .updateTable('organizations.imports')
    .set({ status, updated_at: at, ...(status === 'cancelled' ? { finished_at: at } : {}) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listImportRows(
  db: TIDb,
  importId: string,
  page: { status?: TStudentImportRowStatus; limit?: number; offset?: number } = {},
) {
  return db
    .selectFrom('organizations.import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .$if(!!page.status, (q) => q.where('status', '=', page.status!))
    .orderBy('row_number')
    .$if(page.limit !== undefined, (q) => q.limit(page.limit!).offset(page.offset ?? 0))
    .execute();
}

export async function countImportRows(db: TIDb, importId: string, status?: TStudentImportRowStatus) {
  const { n } = await db
    .selectFrom('organizations.import_rows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('import_id', '=', importId)
    .$if(!!status, (q) => q.where('status', '=', status!))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The import's facts and its uploaded file (what `prepare` reads). */
export function findImportWithFile(db: TIDb, id: string) {
  return db
    .selectFrom('organizations.imports as i')
    .leftJoin('organizations.import_files as f', 'f.import_id', 'i.id')
    .select([
      'i.school_id',
      'i.kind',
      'i.created_by',
      'i.locale',
      'i.create_missing_groups',
      'i.status',
      'f.content',
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();
}

/** The school's groups (those of the current school year first) and levels, by name. */
export async function groupsAndLevelsOf(db: TIDb, schoolId: string, today: string) {
  const groups = await sql<{ id: string; name: string }>`
    select g.id, g.name from organizations.groups g
    left join organizations.school_years y on y.id = g.school_year_id
    where g.school_id = ${schoolId}
    order by (y.start_date <= ${today} and y.end_date >= ${today}) desc nulls last, (g.school_year_id is null) desc, g.created_at desc`.execute(
    db,
  );
  const levels = await db
    .selectFrom('organizations.levels')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .execute();
  return { groups: groups.rows, levels };
}

/**
 * The school's enrolled students as the import compares a roster against them (one read): student
 * number, level, group, whether they left, and what the roster last said about them (the email falls
 * back to their first imported row for enrolments applied before the roster columns existed).
 */
export async function rosterHeldOf(db: TIDb, schoolId: string) {
  const { rows } = await sql<THeldStudent>`
    select e.student_id, e.student_number, e.level_id, m.group_id, e.left_at is not null as left,
      coalesce(e.roster_email, (select r.email from organizations.import_rows r
        where r.user_id = e.student_id order by r.import_id, r.row_number limit 1)) as email,
      e.roster_first_name as first_name, e.roster_last_name as last_name, e.roster_mentor as mentor
    from organizations.student_enrolments e
    left join organizations.group_memberships m on m.school_id = e.school_id and m.student_id = e.student_id
    where e.school_id = ${schoolId}`.execute(db);
  return rows;
}

export function currentSchoolYearId(db: TIDb, today: string) {
  return db
    .selectFrom('organizations.school_years')
    .select('id')
    .where('start_date', '<=', today)
    .where('end_date', '>=', today)
    .executeTakeFirst();
}

export async function markImportRunning(db: TIDb, id: string, at: Date) {
  await db
    .updateTable('organizations.imports')
    .set({
      status: 'running',
      started_at: sql`coalesce(started_at, ${at})`,
      failure: null,
      finished_at: null,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('status', 'in', RUNNABLE)
    .execute();
}

export type TNewImportRow = Omit<TImportRowsTable, 'import_id' | 'tenant_id'>;

/** Replaces the import's rows (one array per column: 50,000 rows stay a few statements). */
export async function replaceImportRows(
  db: TIDb,
  ref: { tenant: string; importId: string },
  values: readonly TNewImportRow[],
) {
  await db.deleteFrom('organizations.import_rows').where('import_id', '=', ref.importId).execute();
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const chunk = values.slice(i, i + INSERT_CHUNK);
    const col = <K extends keyof TNewImportRow>(k: K) => chunk.map((v) => v[k]);
    await sql`insert into organizations.import_rows (import_id, tenant_id, row_number, batch, status,
        first_name, last_name, email, student_number, group_name, level_name, mentor, errors, user_id)
      select ${ref.importId}::uuid, ${ref.tenant}, v.* from unnest(${col('row_number')}::int[],
        ${col('batch')}::int[], ${col('status')}::text[], ${col('first_name')}::text[],
        ${col('last_name')}::text[], ${col('email')}::text[], ${col('student_number')}::text[],
        ${col('group_name')}::text[], ${col('level_name')}::text[], ${col('mentor')}::text[],
        ${col('errors')}::jsonb[], ${col('user_id')}::uuid[]) as v`.execute(db);
  }
}

export async function setImportPlan(
  db: TIDb,
  id: string,
  plan: { batchCount: number; parseMs: number; mentorsNamed: number },
) {
  await db
    .updateTable('organizations.imports')
    .set({ batch_count: plan.batchCount, parse_ms: plan.parseMs, mentors_named: plan.mentorsNamed })
    .where('id', '=', id)
    .execute();
}

/** Recomputes the import's counts from its rows (never incremented, so retries cannot double them). */
export async function recountImport(db: TIDb, id: string, at: Date) {
  // Lock first: batches run side by side, and the count below must be read after the other batch's
  // commit (a fresh snapshot per statement), or it would write counts that miss that batch's rows.
  await sql`select 1 from organizations.imports where id = ${id} for update`.execute(db);
  await sql`update organizations.imports i set
      total_rows = c.total, valid_rows = c.total - c.invalid - c.left, invalid_rows = c.invalid,
      created_rows = c.created, updated_rows = c.updated, unchanged_rows = c.unchanged, failed_rows = c.failed,
      left_rows = c.left,
      processed_rows = c.total - c.pending, updated_at = ${at}
    from (select count(*)::int as total,
        count(*) filter (where status = 'invalid')::int as invalid,
        count(*) filter (where status = 'created')::int as created,
        count(*) filter (where status = 'updated')::int as updated,
        count(*) filter (where status = 'unchanged')::int as unchanged,
        count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'left')::int as left,
        count(*) filter (where status = 'valid')::int as pending
      from organizations.import_rows where import_id = ${id}) c
    where i.id = ${id}`.execute(db);
}

/** Group and level names of the rows still to apply, in file order. */
export function structureNamesOfValidRows(db: TIDb, importId: string) {
  return db
    .selectFrom('organizations.import_rows')
    .select(['group_name', 'level_name'])
    .where('import_id', '=', importId)
    .where('status', '=', 'valid')
    .orderBy('row_number')
    .execute();
}

/** A batch's rows still to apply (status `valid`), in file order. */
export function validRowsOfBatch(db: TIDb, importId: string, batch: number) {
  return db
    .selectFrom('organizations.import_rows')
    .select([
      'row_number',
      'email',
      'first_name',
      'last_name',
      'student_number',
      'group_name',
      'level_name',
      'mentor',
    ])
    .where('import_id', '=', importId)
    .where('batch', '=', batch)
    .where('status', '=', 'valid')
    .orderBy('row_number')
    .execute();
}

/** Enrolments at the school of these students or with these student numbers. */
export function enrolmentsOf(db: TIDb, schoolId: string, studentIds: string[], numbers: string[]) {
  return db
    .selectFrom('organizations.student_enrolments')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where((eb) =>
      eb.or([
        eb('student_id', '=', sql<string>`any(${studentIds}::uuid[])`),
        eb('student_number', '=', sql<string>`any(${numbers}::text[])`),
      ]),
    )
    .execute();
}

export function membershipsOf(db: TIDb, schoolId: string, studentIds: string[]) {
  return db
    .selectFrom('organizations.group_memberships')
    .select(['student_id', 'group_id'])
    .where('school_id', '=', schoolId)
    .where('student_id', '=', sql<string>`any(${studentIds}::uuid[])`)
    .execute();
}

export async function upsertEnrolments(db: TIDb, values: Insertable<TStudentEnrolmentsTable>[]) {
  if (!values.length) return;
  await db
    .insertInto('organizations.student_enrolments')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['school_id', 'student_id']).doUpdateSet((eb) => ({
        student_number: eb.ref('excluded.student_number'),
        level_id: eb.ref('excluded.level_id'),
        left_at: eb.ref('excluded.left_at'),
        roster_email: eb.ref('excluded.roster_email'),
        roster_first_name: eb.ref('excluded.roster_first_name'),
        roster_last_name: eb.ref('excluded.roster_last_name'),
        roster_mentor: eb.ref('excluded.roster_mentor'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

export async function upsertMemberships(db: TIDb, values: Insertable<TGroupMembershipsTable>[]) {
  if (!values.length) return;
  await db
    .insertInto('organizations.group_memberships')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['school_id', 'student_id']).doUpdateSet((eb) => ({
        group_id: eb.ref('excluded.group_id'),
        created_at: eb.ref('excluded.created_at'),
      })),
    )
    .execute();
}

export interface TRowOutcome {
  row: number;
  status: TStudentImportRowStatus;
  errors: TStudentImportRowError[];
  userId: string | null;
}

/** Every row's outcome in one statement (arrays, not a VALUES list: four parameters per batch). */
export async function setRowOutcomes(db: TIDb, importId: string, outcomes: readonly TRowOutcome[]) {
  if (!outcomes.length) return;
  await sql`update organizations.import_rows r set status = v.status, errors = v.errors, user_id = v.user_id
    from unnest(${outcomes.map((o) => o.row)}::int[], ${outcomes.map((o) => o.status)}::text[],
      ${outcomes.map((o) => JSON.stringify(o.errors))}::jsonb[], ${outcomes.map((o) => o.userId)}::uuid[])
      as v(row_number, status, errors, user_id)
    where r.import_id = ${importId} and r.row_number = v.row_number`.execute(db);
}

export function finishImportRow(
  db: TIDb,
  id: string,
  status: TStudentImportStatus,
  failure: string | null,
  at: Date,
) {
  return db
    .updateTable('organizations.imports')
    .set({ status, failure, finished_at: at, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Students enrolled at the school (and not already marked as left) whose student number the roster
 * does not name, with the names and email they were last imported with.
 */
export async function leaversOf(db: TIDb, schoolId: string, rosterNumbers: readonly string[]) {
  const { rows } = await sql<{
    student_id: string;
    student_number: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
  }>`select e.student_id, e.student_number, r.first_name, r.last_name, r.email
    from organizations.student_enrolments e
    left join lateral (select first_name, last_name, email from organizations.import_rows r
      where r.user_id = e.student_id and r.status <> 'left' order by r.import_id, r.row_number limit 1) r on true
    where e.school_id = ${schoolId} and e.left_at is null
      and not (e.student_number = any(${rosterNumbers as string[]}::text[]))
    order by e.student_number`.execute(db);
  return rows;
}

/** Marks the import's `left` rows' students as having left the school (once: `left_at` kept). */
export async function markLeavers(db: TIDb, importId: string, schoolId: string, at: Date) {
  await sql`update organizations.student_enrolments e set left_at = ${at}, updated_at = ${at}
    from organizations.import_rows r
    where r.import_id = ${importId} and r.status = 'left' and r.user_id = e.student_id
      and e.school_id = ${schoolId} and e.left_at is null`.execute(db);
}

/** The school's import of this kind that is still pending, running or being cancelled, if any. */
export function activeImportOfKind(db: TIDb, schoolId: string, kind: string) {
  return db
    .selectFrom('organizations.imports')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('kind', '=', kind)
    .where('status', 'in', ['pending', 'running', 'cancelling'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}
