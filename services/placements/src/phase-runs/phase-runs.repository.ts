import { sql, type Insertable, type Selectable } from 'kysely';
import type { TInternshipScope } from '@stageplein/contracts/placements/internship-policy';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import type { TPhaseRunState, TPhaseState } from '@stageplein/contracts/placements/phase-run-policy';
import type { TDb } from '../database.ts';
import { scopeCondition } from '../internships/index.ts';
import type {
  TInternshipPhaseRunsTable,
  TInternshipPhasesTable,
  TInternshipPhaseTasksTable,
} from './phase-runs.table.ts';

export type TPhaseRunRow = Selectable<TInternshipPhaseRunsTable>;
export type TPhaseRow = Selectable<TInternshipPhasesTable>;
export type TPhaseTaskRow = Selectable<TInternshipPhaseTasksTable>;

export const findRun = (db: TDb, internshipId: string, forUpdate = false) => {
  const q = db
    .selectFrom('placements.internship_phase_runs')
    .selectAll()
    .where('internship_id', '=', internshipId);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

/** Inserts the run unless the internship has one (a redelivered activation): the row as it stands. */
export async function insertRun(db: TDb, row: Insertable<TInternshipPhaseRunsTable>): Promise<TPhaseRunRow> {
  await db
    .insertInto('placements.internship_phase_runs')
    .values(row)
    .onConflict((oc) => oc.column('internship_id').doNothing())
    .execute();
  return (await findRun(db, row.internship_id))!;
}

export const setRunVersion = (db: TDb, internshipId: string, definitionId: string, versionId: string) =>
  db
    .updateTable('placements.internship_phase_runs')
    .set({ definition_id: definitionId, version_id: versionId })
    .where('internship_id', '=', internshipId)
    .execute();

/** Ends a running run (once; a retry finds it ended and changes nothing). True when it changed. */
export async function endRun(
  db: TDb,
  internshipId: string,
  state: Exclude<TPhaseRunState, 'running'>,
  at: Date,
) {
  const r = await db
    .updateTable('placements.internship_phase_runs')
    .set({ state, ended_at: at })
    .where('internship_id', '=', internshipId)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export const findPhaseByEntry = (db: TDb, internshipId: string, entry: number) =>
  db
    .selectFrom('placements.internship_phases')
    .selectAll()
    .where('internship_id', '=', internshipId)
    .where('entry', '=', entry)
    .executeTakeFirst();

export const findPhase = (db: TDb, id: string) =>
  db.selectFrom('placements.internship_phases').selectAll().where('id', '=', id).executeTakeFirst();

export const insertPhase = (db: TDb, row: Insertable<TInternshipPhasesTable>) =>
  db.insertInto('placements.internship_phases').values(row).returningAll().executeTakeFirstOrThrow();

export async function insertTasks(db: TDb, rows: Insertable<TInternshipPhaseTasksTable>[]) {
  if (rows.length) await db.insertInto('placements.internship_phase_tasks').values(rows).execute();
}

export const tasksOfPhase = (db: TDb, phaseId: string) =>
  db
    .selectFrom('placements.internship_phase_tasks')
    .selectAll()
    .where('internship_phase_id', '=', phaseId)
    .orderBy('position')
    .execute();

export const findTask = (db: TDb, id: string) =>
  db.selectFrom('placements.internship_phase_tasks').selectAll().where('id', '=', id).executeTakeFirst();

/** Leaves an active phase (once) and cancels its open tasks. True when it changed. */
export async function leavePhaseRow(
  db: TDb,
  id: string,
  state: Exclude<TPhaseState, 'active'>,
  at: Date,
  by: string | null,
): Promise<boolean> {
  const r = await db
    .updateTable('placements.internship_phases')
    .set({ state, ended_at: at, ended_by: by })
    .where('id', '=', id)
    .where('state', '=', 'active')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  await db
    .updateTable('placements.internship_phase_tasks')
    .set({ state: 'cancelled' })
    .where('internship_phase_id', '=', id)
    .where('state', '=', 'open')
    .execute();
  return true;
}

/** Marks an open task done (once). The row after, or undefined when it was not open. */
export const completeTaskRow = (db: TDb, id: string, by: string | null, at: Date) =>
  db
    .updateTable('placements.internship_phase_tasks')
    .set({ state: 'done', completed_at: at, completed_by: by })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .returningAll()
    .executeTakeFirst();

/** Counts the reminder as sent (reminders only go up). The row after, or undefined when nothing changed. */
export const remindTaskRow = (db: TDb, id: string, reminder: number) =>
  db
    .updateTable('placements.internship_phase_tasks')
    .set({ reminders_sent: reminder })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .where('reminders_sent', '<', reminder)
    .returningAll()
    .executeTakeFirst();

export const escalateTaskRow = (db: TDb, id: string, level: number) =>
  db
    .updateTable('placements.internship_phase_tasks')
    .set({ escalation_level: level })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .where('escalation_level', '<', level)
    .returningAll()
    .executeTakeFirst();

export const setCurrentPhase = (db: TDb, internshipId: string, phaseId: string | null) =>
  db
    .updateTable('placements.internships')
    .set({ current_phase_id: phaseId })
    .where('id', '=', internshipId)
    .execute();

/** Every phase an internship entered, in order. */
export const phasesOfInternship = (db: TDb, internshipId: string) =>
  db
    .selectFrom('placements.internship_phases')
    .selectAll()
    .where('internship_id', '=', internshipId)
    .orderBy('entry')
    .execute();

export const tasksOfInternship = (db: TDb, internshipId: string) =>
  db
    .selectFrom('placements.internship_phase_tasks')
    .selectAll()
    .where('internship_id', '=', internshipId)
    .orderBy('position')
    .execute();

/** An open task with its internship's facts (who may act) and names for a dashboard's list. */
export interface TOpenTaskRow extends TPhaseTaskRow {
  student_id: string;
  school_id: string;
  organization_id: string | null;
  internship_status: TInternshipStatus;
  internship_title: string;
  student_first_name: string | null;
  student_last_name: string | null;
  phase_name: { nl: string; en: string };
  phase_id: string;
}

/**
 * The open tasks of the internships in the caller's scopes (the internship policy's list scopes), by
 * deadline: the service keeps those the caller must act on (contracts' `mayCompletePhaseTask`).
 */
export async function openTasksInScopes(
  db: TDb,
  scopes: readonly TInternshipScope[],
  limit: number,
  internshipId?: string,
): Promise<TOpenTaskRow[]> {
  if (!scopes.length) return [];
  const one = internshipId ? sql`and i.id = ${internshipId}` : sql``;
  const { rows } = await sql<TOpenTaskRow>`
    select t.*, i.student_id, i.school_id, i.organization_id, i.status as internship_status,
      i.title as internship_title, u.first_name as student_first_name, u.last_name as student_last_name,
      p.name as phase_name, p.phase_id
    from placements.internship_phase_tasks t
    join placements.internships i on i.id = t.internship_id
    join placements.internship_phases p on p.id = t.internship_phase_id and p.state = 'active'
    left join placements.users u on u.id = i.student_id
    where t.state = 'open' and i.status = 'active' ${one}
      and (${sql.join(scopes.map(scopeCondition), sql` or `)})
    order by t.due_at nulls last, t.id
    limit ${limit}`.execute(db);
  return rows;
}

/** The current phases (name and status) of internships, for `include=current_phase`. */
export async function currentPhasesOf(db: TDb, internshipIds: readonly string[]) {
  if (!internshipIds.length) return [];
  return db
    .selectFrom('placements.internship_phases as p')
    .innerJoin('placements.internships as i', (j) =>
      j.onRef('i.id', '=', 'p.internship_id').onRef('i.current_phase_id', '=', 'p.phase_id'),
    )
    .select(['p.internship_id', 'p.phase_id', 'p.name', 'p.status', 'p.entry'])
    .where('p.internship_id', 'in', internshipIds)
    .orderBy('p.entry', 'desc')
    .execute();
}

/** Running internships of a version (a designer's migration chooses among them). */
export const runsOfVersion = (db: TDb, versionId: string) =>
  db
    .selectFrom('placements.internship_phase_runs')
    .selectAll()
    .where('version_id', '=', versionId)
    .where('state', '=', 'running')
    .execute();

/** A run with what a designer's list shows: its version number, internship, current phase and last migration. */
export interface TRunListRow extends TPhaseRunRow {
  version: number;
  internship_title: string;
  student_first_name: string | null;
  student_last_name: string | null;
  current_phase_id: string | null;
  current_phase_name: { nl: string; en: string } | null;
  migrated_at: Date | null;
  migrated_data: { from_version_id?: string; to_version_id?: string } | null;
}

/**
 * The runs of a definition among a school's internships (running first, then by title), with the newest
 * `phase_run.migrated` of the audit log each: the designers' migration screen chooses among them.
 */
export async function runsOfDefinition(
  db: TDb,
  schoolId: string,
  definitionId: string,
  limit: number,
): Promise<TRunListRow[]> {
  const { rows } = await sql<TRunListRow>`
    select r.*, v.version, i.title as internship_title,
      u.first_name as student_first_name, u.last_name as student_last_name,
      p.phase_id as current_phase_id, p.name as current_phase_name,
      m.created_at as migrated_at, m.data as migrated_data
    from placements.internship_phase_runs r
    join placements.workflow_versions v on v.id = r.version_id
    join placements.internships i on i.id = r.internship_id
    left join placements.users u on u.id = i.student_id
    left join lateral (
      select ph.phase_id, ph.name from placements.internship_phases ph
      where ph.internship_id = r.internship_id and ph.state = 'active'
      order by ph.entry desc limit 1) p on true
    left join lateral (
      select a.created_at, a.data from placements.audit_log a
      where a.subject_type = 'internship' and a.subject_id = r.internship_id::text
        and a.action = 'phase_run.migrated'
      order by a.id desc limit 1) m on true
    where r.definition_id = ${definitionId} and i.school_id = ${schoolId}
    order by (r.state = 'running') desc, i.title, r.internship_id
    limit ${limit}`.execute(db);
  return rows;
}

/** The version numbers of versions (a migration's logged ids, shown as numbers). */
export async function versionNumbers(db: TDb, ids: readonly string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('placements.workflow_versions')
    .select(['id', 'version'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.version]));
}

/** A definition's published versions, newest first, with their phases (the migration screen's targets). */
export const publishedVersionsOf = (db: TDb, definitionId: string) =>
  db
    .selectFrom('placements.workflow_versions')
    .select(['id', 'version', 'published_at', 'phases'])
    .where('definition_id', '=', definitionId)
    .where('state', '=', 'published')
    .orderBy('version', 'desc')
    .execute();
