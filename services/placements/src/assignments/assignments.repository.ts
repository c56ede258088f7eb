import type { Insertable, Selectable, Updateable } from 'kysely';
import { ASSIGNMENT_INTERNSHIP_STATUSES } from '@stageplein/contracts/placements/assignment-policy';
import { isSupervisorApproved, supervisorOf } from '../internships/index.ts';
import type { TDb } from '../database.ts';
import type { TAssignmentsTable, TAssignmentTasksTable } from './assignments.table.ts';

export type TAssignmentRow = Selectable<TAssignmentsTable>;
export type TAssignmentTaskRow = Selectable<TAssignmentTasksTable>;

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || null;

export async function insertAssignment(db: TDb, row: Insertable<TAssignmentsTable>): Promise<void> {
  await db.insertInto('placements.assignments').values(row).execute();
}

export async function updateAssignment(
  db: TDb,
  id: string,
  changes: Updateable<TAssignmentsTable>,
): Promise<TAssignmentRow> {
  return db
    .updateTable('placements.assignments')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One assignment of the school (another school's is unknown here, like a made-up id). */
export function findAssignment(db: TDb, schoolId: string, id: string, forUpdate = false) {
  let q = db
    .selectFrom('placements.assignments')
    .selectAll()
    .where('id', '=', id)
    .where('school_id', '=', schoolId);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * The school's internships an assignment may reach (agreed or running), with what the selection and
 * the task need: the student's group at the school, the supervisor (the registered supervisor's
 * account, else the internship's contact address — a self-found internship's), names for the screens.
 */
export async function candidateInternships(db: TDb, schoolId: string, internshipId?: string) {
  let query = db
    .selectFrom('placements.internships as i')
    .leftJoin('placements.users as s', 's.id', 'i.student_id')
    .leftJoin('placements.users as sup', (j) =>
      j.onRef('sup.id', '=', 'i.supervisor_id').on('sup.deleted', '=', false),
    )
    .leftJoin('placements.organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('placements.group_memberships as g', (j) =>
      j.onRef('g.student_id', '=', 'i.student_id').onRef('g.school_id', '=', 'i.school_id'),
    )
    .select([
      'i.id',
      'i.internship_period_id',
      'i.contact_name',
      'i.contact_email',
      'i.supervisor_name as named_supervisor_name',
      'i.supervisor_email as named_supervisor_email',
      'i.supervisor_approved_email',
      'i.organization_name as own_organization_name',
      's.first_name as student_first',
      's.last_name as student_last',
      'sup.first_name as supervisor_first',
      'sup.last_name as supervisor_last',
      'sup.email as supervisor_email',
      'o.name as organization_name',
      'g.group_id',
    ])
    .where('i.school_id', '=', schoolId)
    .where('i.status', 'in', [...ASSIGNMENT_INTERNSHIP_STATUSES]);
  if (internshipId) query = query.where('i.id', '=', internshipId);
  const rows = await query.orderBy('s.last_name').orderBy('s.first_name').orderBy('i.id').execute();
  return rows.map((r) => {
    const supervisor = supervisorOf({
      account: { email: r.supervisor_email, first_name: r.supervisor_first, last_name: r.supervisor_last },
      supervisor_email: r.named_supervisor_email,
      supervisor_name: r.named_supervisor_name,
      contact_email: r.contact_email,
      contact_name: r.contact_name,
    });
    // Tasks go only to a supervisor the school approved (issue #31); others have none yet.
    const approved = isSupervisorApproved(supervisor.address, r.supervisor_approved_email);
    return {
      id: r.id,
      internship_period_id: r.internship_period_id,
      group_id: r.group_id ?? null,
      student_name: fullName(r.student_first, r.student_last) ?? '—',
      organization_name: r.organization_name ?? r.own_organization_name,
      supervisor_name: approved ? supervisor.name : null,
      supervisor_email: approved ? supervisor.address : null,
    };
  });
}
export type TCandidateInternship = Awaited<ReturnType<typeof candidateInternships>>[number];

/** Which of `ids` are internships of the school (any status: publishing keeps the agreed and running ones). */
export async function schoolInternshipIds(
  db: TDb,
  schoolId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('placements.internships')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function insertTasks(
  db: TDb,
  rows: readonly Insertable<TAssignmentTasksTable>[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('placements.assignment_tasks')
      .values([...rows])
      .execute();
}

/** Tasks with the names the screens show (the school's detail and the supervisor's page). */
function tasksQuery(db: TDb) {
  return db
    .selectFrom('placements.assignment_tasks as t')
    .innerJoin('placements.internships as i', 'i.id', 't.internship_id')
    .leftJoin('placements.users as s', 's.id', 'i.student_id')
    .leftJoin('placements.organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('placements.internship_periods as p', 'p.id', 'i.internship_period_id')
    .selectAll('t')
    .select([
      's.first_name as student_first',
      's.last_name as student_last',
      'o.name as organization_name',
      'i.organization_name as own_organization_name',
      'p.name as internship_period_name',
    ]);
}

const withNames = <
  R extends {
    student_first: string | null;
    student_last: string | null;
    organization_name: string | null;
    own_organization_name: string | null;
  },
>({
  student_first,
  student_last,
  organization_name,
  own_organization_name,
  ...rest
}: R) => ({
  ...rest,
  student_name: fullName(student_first, student_last) ?? '—',
  organization_name: organization_name ?? own_organization_name,
});

export async function tasksOf(db: TDb, assignmentIds: readonly string[]) {
  if (assignmentIds.length === 0) return [];
  const rows = await tasksQuery(db)
    .where('t.assignment_id', 'in', [...assignmentIds])
    .orderBy('s.last_name')
    .orderBy('s.first_name')
    .orderBy('t.id')
    .execute();
  return rows.map(withNames);
}
export type TTaskWithNames = Awaited<ReturnType<typeof tasksOf>>[number];

/** A supervisor's tasks of published assignments, with each assignment's texts, due date and form. */
export async function supervisorTasks(db: TDb, supervisorKey: string) {
  const rows = await tasksQuery(db)
    .innerJoin('placements.assignments as a', 'a.id', 't.assignment_id')
    .select(['a.title', 'a.instructions', 'a.due_on', 'a.form_id', 'a.form_version'])
    .where('t.supervisor_key', '=', supervisorKey)
    .where('a.status', '=', 'published')
    .orderBy('t.status', 'desc') // open before completed
    .orderBy('a.due_on')
    .orderBy('s.last_name')
    .orderBy('t.id')
    .execute();
  return rows.map(withNames);
}

export function findTask(db: TDb, id: string, forUpdate = false) {
  let q = db.selectFrom('placements.assignment_tasks').selectAll().where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function completeTask(
  db: TDb,
  id: string,
  answers: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db
    .updateTable('placements.assignment_tasks')
    .set({ status: 'completed', answers, completed_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A new link went to a supervisor: every open task of theirs was in it. */
export async function markLinkSent(db: TDb, supervisorKey: string, now: Date): Promise<void> {
  await db
    .updateTable('placements.assignment_tasks')
    .set({ link_sent_at: now, updated_at: now })
    .where('supervisor_key', '=', supervisorKey)
    .where('status', '=', 'open')
    .execute();
}

/**
 * The internship names another supervisor: its open tasks go to them (their answers are the new
 * supervisor's to give; the old link no longer reaches them). A reminder mails the new address a link.
 */
export async function moveOpenTasks(
  db: TDb,
  internshipId: string,
  to: { key: string; name: string | null },
  now: Date,
): Promise<void> {
  await db
    .updateTable('placements.assignment_tasks')
    .set({ supervisor_key: to.key, supervisor_name: to.name, link_sent_at: null, updated_at: now })
    .where('internship_id', '=', internshipId)
    .where('status', '=', 'open')
    .execute();
}

/** Whether the supervisor has an open task of a published assignment (what a link is for). */
export async function hasOpenTasks(db: TDb, supervisorKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('placements.assignment_tasks as t')
    .innerJoin('placements.assignments as a', 'a.id', 't.assignment_id')
    .select('t.id')
    .where('t.supervisor_key', '=', supervisorKey)
    .where('t.status', '=', 'open')
    .where('a.status', '=', 'published')
    .executeTakeFirst();
  return !!row;
}

/** The school's periods and groups (the create screen's selection). */
export async function schoolPeriodsAndGroups(db: TDb, schoolId: string) {
  const [periods, groups] = await Promise.all([
    db
      .selectFrom('placements.internship_periods')
      .select(['id', 'name'])
      .where('school_id', '=', schoolId)
      .where('deleted', '=', false)
      .orderBy('start_date', 'desc')
      .execute(),
    db
      .selectFrom('placements.groups')
      .select(['id', 'name'])
      .where('school_id', '=', schoolId)
      .where('deleted', '=', false)
      .orderBy('name')
      .execute(),
  ]);
  return { periods, groups };
}

export async function organizationName(db: TDb, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('placements.organizations')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name ?? null;
}
