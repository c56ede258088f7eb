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
export const completeTaskRow = (db: TDb, id: string, by: string, at: Date) =>
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
