import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { TFormDefinition, TLocalizedText } from '@stageplein/contracts/forms/form-definition';
import { buildSubmissionSchema } from '@stageplein/contracts/forms/submission-schema';
import {
  ASSIGNMENT_INTERNSHIP_STATUSES,
  assignmentActionsFor,
  formKey,
  inSelection,
  mayTakeAssignmentAction,
  selectionIsEmpty,
  supervisorKey,
  taskAnswerable,
  type TAssignmentAction,
  type TAssignmentInput,
  type TAssignmentSelection,
  type TAssignmentUpdate,
} from '@stageplein/contracts/placements/assignments';
import { ApiError, notFound } from '@stageplein/kit/errors/api-error';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import { findFormVersion, latestPublishedForms } from '../read-models/index.ts';
import { findHoursInternship } from '../hours/index.ts';
import type { TCaller } from '../shared/caller.ts';
import { record } from '../shared/events.ts';
import { SYSTEM, type TChangeActor, type TCtx, type TUseCaseCtx } from '../shared/request.ts';
import { schoolPage } from '../shared/school-page.ts';
import { consumeSupervisorLink } from '../shared/supervisor-links.ts';
import { mailSupervisorLink, supervisorOfLink } from './assignments-link.ts';
import { schoolOf } from './assignments.policy.ts';
import {
  candidateInternships,
  completeTask,
  findAssignment,
  findTask,
  insertAssignment,
  insertTasks,
  markLinkSent,
  moveOpenTasks,
  organizationName,
  schoolInternshipIds,
  schoolPeriodsAndGroups,
  supervisorTasks,
  tasksOf,
  updateAssignment,
  type TAssignmentRow,
  type TTaskWithNames,
} from './assignments.repository.ts';
import type { TNewSupervisor } from '../internships/index.ts';

/** One assignment as the school sees it: its row, its tasks (with names) and the chosen form's title. */
export interface TAssignmentView {
  assignment: TAssignmentRow;
  tasks: TTaskWithNames[];
  formTitle: TLocalizedText | null;
  /** The chosen version's definition (the detail shows the answers with their questions); not on lists. */
  form?: TFormDefinition | undefined;
  actions: TAssignmentAction[];
}

const invalid = (pointer: string) =>
  new ApiError('validation_failed', {}, { pointer: `/data/attributes/${pointer}` });

/** The Dutch calendar date of now (due dates are Dutch dates). */
export const todayOf = (now: Date): string =>
  now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });

async function view(ctx: TCtx, assignment: TAssignmentRow): Promise<TAssignmentView> {
  const [tasks, form] = await Promise.all([
    tasksOf(ctx.db, [assignment.id]),
    findFormVersion(ctx.db, ctx.tenant.id, assignment.form_id, assignment.form_version),
  ]);
  const open = tasks.filter((t) => t.status === 'open').length;
  return {
    assignment,
    tasks,
    formTitle: form?.definition.title ?? null,
    form: form?.definition,
    actions: assignmentActionsFor(assignment.status, open),
  };
}

/** A form version of purpose `assignment` that may be chosen now (published, not archived). */
async function checkForm(ctx: TCtx, formId: string, version: number) {
  const form = await findFormVersion(ctx.db, ctx.tenant.id, formId, version);
  if (!form || form.purpose !== 'assignment' || form.archived) throw invalid('form_id');
  return form;
}

/** Every chosen period, group and internship must be the school's own. */
async function checkSelection(ctx: TCtx, schoolId: string, selection: TAssignmentSelection) {
  const { periods, groups } = await schoolPeriodsAndGroups(ctx.db, schoolId);
  const internships = await schoolInternshipIds(ctx.db, schoolId, selection.internship_ids);
  const check = (ids: readonly string[], known: Set<string>, name: string) => {
    const index = ids.findIndex((id) => !known.has(id));
    if (index >= 0) throw invalid(`selection/${name}/${index}`);
  };
  check(selection.internship_period_ids, new Set(periods.map((p) => p.id)), 'internship_period_ids');
  check(selection.group_ids, new Set(groups.map((g) => g.id)), 'group_ids');
  check(selection.internship_ids, internships, 'internship_ids');
  if (selectionIsEmpty(selection)) throw invalid('selection');
}

const uniq = (ids: readonly string[]) => [...new Set(ids)];
const cleanSelection = (s: TAssignmentSelection): TAssignmentSelection => ({
  internship_period_ids: uniq(s.internship_period_ids),
  group_ids: uniq(s.group_ids),
  internship_ids: uniq(s.internship_ids),
});

/** A new draft of the caller's school. */
export async function createAssignment(
  ctx: TCtx,
  caller: TCaller,
  input: TAssignmentInput,
): Promise<TAssignmentView> {
  const schoolId = schoolOf(caller);
  await checkForm(ctx, input.form_id, input.form_version);
  const selection = cleanSelection(input.selection);
  await checkSelection(ctx, schoolId, selection);
  const row: TAssignmentRow = {
    id: randomUUID(),
    tenant_id: ctx.tenant.id,
    school_id: schoolId,
    title: input.title,
    instructions: input.instructions,
    form_id: input.form_id,
    form_version: input.form_version,
    due_on: input.due_on,
    selection,
    status: 'draft',
    published_at: null,
    created_by: caller.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  await insertAssignment(ctx.db, row);
  await record(ctx, caller, 'placements.assignment.created', subjectOf(row.id), {
    assignment_id: row.id,
    school_id: schoolId,
    form_id: row.form_id,
    form_version: row.form_version,
    due_on: row.due_on,
  });
  return view(ctx, row);
}

const subjectOf = (id: string) => ({ type: 'assignment', id });

async function own(ctx: TCtx, caller: TCaller, id: string, forUpdate = false) {
  const schoolId = schoolOf(caller);
  const assignment = await findAssignment(ctx.db, schoolId, id, forUpdate);
  if (!assignment) throw notFound();
  return assignment;
}

/**
 * Changes an assignment. A draft takes every field; a published one only its texts and due date: its
 * tasks were made from the form and the selection (409 `assignment_published` for those).
 */
export async function changeAssignment(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  input: TAssignmentUpdate,
): Promise<TAssignmentView> {
  const assignment = await own(ctx, caller, id, true);
  const fixed =
    (input.form_id !== undefined && input.form_id !== assignment.form_id) ||
    (input.form_version !== undefined && input.form_version !== assignment.form_version) ||
    input.selection !== undefined;
  if (fixed && !mayTakeAssignmentAction(assignment.status, 0, 'change_selection'))
    throw new ApiError('assignment_published');
  const formId = input.form_id ?? assignment.form_id;
  const formVersion = input.form_version ?? assignment.form_version;
  if (input.form_id !== undefined || input.form_version !== undefined)
    await checkForm(ctx, formId, formVersion);
  const selection = input.selection ? cleanSelection(input.selection) : undefined;
  if (selection) await checkSelection(ctx, assignment.school_id, selection);
  const changes = {
    ...(input.title ? { title: input.title } : {}),
    ...(input.instructions ? { instructions: input.instructions } : {}),
    ...(input.due_on ? { due_on: input.due_on } : {}),
    ...(fixed ? { form_id: formId, form_version: formVersion } : {}),
    ...(selection ? { selection } : {}),
  };
  const changed = await updateAssignment(ctx.db, id, { ...changes, updated_at: ctx.now });
  await record(ctx, caller, 'placements.assignment.updated', subjectOf(id), {
    assignment_id: id,
    school_id: assignment.school_id,
    changed: Object.keys(changes).sort(),
  });
  return view(ctx, changed);
}

/**
 * Mails each supervisor of `tasks` one fresh link (which revokes their older one) and notes when.
 * One link per supervisor opens all their open tasks, of this and any other assignment.
 */
async function mailSupervisors(
  ctx: TUseCaseCtx,
  actor: TChangeActor,
  schoolId: string,
  tasks: readonly { supervisor_key: string; supervisor_name: string | null; internship_id: string }[],
): Promise<number> {
  const keys = uniq(tasks.map((t) => t.supervisor_key));
  const schoolName = await organizationName(ctx.db, schoolId);
  for (const key of keys) {
    // Everything the link will open: all the supervisor's open tasks (also of other assignments).
    const open = (await supervisorTasks(ctx.db, key)).filter((t) => t.status === 'open');
    if (open.length === 0) continue;
    await mailSupervisorLink(ctx, actor, {
      key,
      name: tasks.find((t) => t.supervisor_key === key)?.supervisor_name ?? null,
      students: open.map((t) => t.student_name),
      schoolName,
      dueOn: open
        .map((t) => t.due_on)
        .sort()
        .at(-1)!,
    });
    await markLinkSent(ctx.db, key, ctx.now);
  }
  return keys.length;
}

/**
 * Publishes a draft: one task per selected internship that has a supervisor address (the registered
 * supervisor's, else the internship's contact's), then one link per supervisor, mailed. The form
 * version must still be offered. Nothing happens unless all of it does (one transaction).
 */
export async function publishAssignment(
  ctx: TUseCaseCtx,
  caller: TCaller,
  id: string,
): Promise<TAssignmentView> {
  const assignment = await own(ctx, caller, id, true);
  if (!mayTakeAssignmentAction(assignment.status, 0, 'publish')) throw new ApiError('assignment_published');
  await checkForm(ctx, assignment.form_id, assignment.form_version);
  const selected = (await candidateInternships(ctx.db, assignment.school_id)).filter(
    (i) => inSelection(assignment.selection, i) && supervisorKey(i.supervisor_email),
  );
  if (selected.length === 0) throw new ApiError('assignment_no_internships');
  const tasks = selected.map((i) => ({
    id: randomUUID(),
    tenant_id: ctx.tenant.id,
    assignment_id: id,
    internship_id: i.id,
    supervisor_key: supervisorKey(i.supervisor_email)!,
    supervisor_name: i.supervisor_name,
    status: 'open' as const,
    answers: null,
    completed_at: null,
    link_sent_at: null,
    created_at: ctx.now,
    updated_at: ctx.now,
  }));
  await insertTasks(ctx.db, tasks);
  const published = await updateAssignment(ctx.db, id, {
    status: 'published',
    published_at: ctx.now,
    updated_at: ctx.now,
  });
  const supervisors = await mailSupervisors(ctx, caller, assignment.school_id, tasks);
  await record(ctx, caller, 'placements.assignment.published', subjectOf(id), {
    assignment_id: id,
    school_id: assignment.school_id,
    internship_ids: tasks.map((t) => t.internship_id),
    supervisor_count: supervisors,
  });
  return view(ctx, published);
}

/**
 * A workflow phase's assignment task (docs/decisions/phases.md) names this assignment: the internship
 * entering the phase gets its task when it has none, as if it had been selected when the assignment was
 * published, and its supervisor a link to all their open tasks (the link before stops working). Only a
 * published assignment of the internship's school (publishing a workflow refuses a draft one), only an
 * agreed or running internship whose supervisor the school approved: otherwise nothing, and the phase's
 * task escalates as any other. No lock on the assignment (many internships enter at once): the unique
 * (assignment, internship) refuses a second task, and the activity's retry then finds the first. Returns
 * the new task's id, or null.
 */
export async function assignToInternship(
  ctx: TUseCaseCtx,
  assignmentId: string,
  internshipId: string,
): Promise<string | null> {
  const internship = await ctx.db
    .selectFrom('placements.internships')
    .select('school_id')
    .where('id', '=', internshipId)
    .executeTakeFirst();
  if (!internship?.school_id) return null;
  const assignment = await findAssignment(ctx.db, internship.school_id, assignmentId);
  if (assignment?.status !== 'published') return null;
  const had = await ctx.db
    .selectFrom('placements.assignment_tasks')
    .select('id')
    .where('assignment_id', '=', assignmentId)
    .where('internship_id', '=', internshipId)
    .executeTakeFirst();
  if (had) return null;
  const [candidate] = await candidateInternships(ctx.db, internship.school_id, internshipId);
  const key = supervisorKey(candidate?.supervisor_email ?? null);
  if (!candidate || !key) return null;
  const task = {
    id: randomUUID(),
    tenant_id: ctx.tenant.id,
    assignment_id: assignmentId,
    internship_id: internshipId,
    supervisor_key: key,
    supervisor_name: candidate.supervisor_name,
    status: 'open' as const,
    answers: null,
    completed_at: null,
    link_sent_at: null,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  await insertTasks(ctx.db, [task]);
  await mailSupervisors(ctx, SYSTEM, internship.school_id, [task]);
  await record(ctx, SYSTEM, 'placements.assignment.task_added', subjectOf(assignmentId), {
    assignment_id: assignmentId,
    school_id: internship.school_id,
    task_id: task.id,
    internship_id: internshipId,
  });
  return task.id;
}

/**
 * Reminds the supervisors of the open tasks (all, or one task's): each gets a fresh link by mail, and
 * the link mailed before stops working (`reissued`).
 */
export async function remindSupervisors(
  ctx: TUseCaseCtx,
  caller: TCaller,
  id: string,
  taskId?: string,
): Promise<{ view: TAssignmentView; supervisors: number; tasks: number }> {
  const assignment = await own(ctx, caller, id, true);
  const current = await view(ctx, assignment);
  let open = current.tasks.filter((t) => t.status === 'open');
  if (taskId) {
    const task = current.tasks.find((t) => t.id === taskId);
    if (!task) throw notFound();
    if (!taskAnswerable(task.status)) throw new ApiError('assignment_task_completed');
    open = [task];
  }
  if (!mayTakeAssignmentAction(assignment.status, open.length, 'remind'))
    throw new ApiError(assignment.status === 'draft' ? 'conflict' : 'assignment_task_completed');
  const supervisors = await mailSupervisors(ctx, caller, assignment.school_id, open);
  await record(ctx, caller, 'placements.assignment.reminded', subjectOf(id), {
    assignment_id: id,
    school_id: assignment.school_id,
    task_ids: open.map((t) => t.id),
    supervisor_count: supervisors,
  });
  return { view: await view(ctx, assignment), supervisors, tasks: open.length };
}

export async function readAssignment(ctx: TCtx, caller: TCaller, id: string): Promise<TAssignmentView> {
  return view(ctx, await own(ctx, caller, id));
}

export async function listAssignments(
  ctx: TCtx,
  caller: TCaller,
  page: { size: number; number: number },
): Promise<{ items: TAssignmentView[]; total: number }> {
  const schoolId = schoolOf(caller);
  const { rows, total } = await schoolPage(ctx.db, 'placements.assignments', schoolId, page);
  const tasks = await tasksOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const forms = await latestPublishedForms(ctx.db, ctx.tenant.id, 'assignment');
  const items = await Promise.all(
    rows.map(async (assignment) => {
      const own = tasks.filter((t) => t.assignment_id === assignment.id);
      const title =
        forms.find((f) => f.form_id === assignment.form_id && f.version === assignment.form_version)
          ?.definition.title ??
        (await findFormVersion(ctx.db, ctx.tenant.id, assignment.form_id, assignment.form_version))
          ?.definition.title ??
        null;
      return {
        assignment,
        tasks: own,
        formTitle: title,
        actions: assignmentActionsFor(assignment.status, own.filter((t) => t.status === 'open').length),
      };
    }),
  );
  return { items, total };
}

/** What the create screen offers: forms, periods, groups and the school's agreed or running internships. */
export async function assignmentOptions(ctx: TCtx, caller: TCaller) {
  const schoolId = schoolOf(caller);
  const [forms, { periods, groups }, internships] = await Promise.all([
    latestPublishedForms(ctx.db, ctx.tenant.id, 'assignment'),
    schoolPeriodsAndGroups(ctx.db, schoolId),
    candidateInternships(ctx.db, schoolId),
  ]);
  return { forms, periods, groups, internships };
}

// --- The supervisor, by the link ------------------------------------------------------------------

export interface TSupervisorView {
  name: string | null;
  expiresAt: Date;
  tasks: Awaited<ReturnType<typeof supervisorTasks>>;
  forms: Record<string, TFormDefinition>;
}

/**
 * An open task is its supervisor's while its internship is agreed or running and still names them
 * (issue #31 item 2: a new supervisor address moves the open tasks, a cancelled internship ends them;
 * this also covers an address changed elsewhere). What they completed stays theirs to read.
 */
async function stillTheirs(ctx: TCtx, task: { status: string; internship_id: string }, key: string) {
  if (task.status !== 'open') return true;
  const internship = await findHoursInternship(ctx.db, task.internship_id);
  return (
    !!internship &&
    ASSIGNMENT_INTERNSHIP_STATUSES.includes(internship.status) &&
    supervisorKey(internship.supervisor_email) === key
  );
}

/** All tasks of the link's supervisor (open first), with the frozen form versions they answer. */
export async function supervisorView(ctx: TCtx, link: TLinkActor): Promise<TSupervisorView> {
  const key = supervisorOfLink(link);
  const all = await supervisorTasks(ctx.db, key);
  const theirs = await Promise.all(all.map((t) => stillTheirs(ctx, t, key)));
  const tasks = all.filter((_t, n) => theirs[n]);
  const forms: Record<string, TFormDefinition> = {};
  for (const t of tasks) {
    const k = formKey(t.form_id, t.form_version);
    if (forms[k]) continue;
    const version = await findFormVersion(ctx.db, ctx.tenant.id, t.form_id, t.form_version);
    if (version) forms[k] = version.definition;
  }
  return {
    name: tasks.find((t) => t.supervisor_name)?.supervisor_name ?? null,
    expiresAt: link.expiresAt,
    tasks: tasks.filter((t) => forms[formKey(t.form_id, t.form_version)]),
    forms,
  };
}

export type TCompleteOutcome =
  { kind: 'completed'; view: TSupervisorView } | { kind: 'invalid'; issues: z.core.$ZodIssue[] };

/**
 * The supervisor answers one of their tasks: the answers are checked against the frozen form version
 * the assignment chose (`buildSubmissionSchema`, the browser's rules), stored, and the link's use is
 * logged as consumed. Another supervisor's task is not found (the link opens only its holder's).
 */
export async function completeTaskByLink(
  ctx: TCtx,
  link: TLinkActor,
  taskId: string,
  answers: Record<string, unknown>,
): Promise<TCompleteOutcome> {
  const key = supervisorOfLink(link);
  const task = await findTask(ctx.db, taskId, true);
  if (!task || task.supervisor_key !== key || !(await stillTheirs(ctx, task, key))) throw notFound();
  if (!taskAnswerable(task.status)) throw new ApiError('assignment_task_completed');
  const assignment = await ctx.db
    .selectFrom('placements.assignments')
    .selectAll()
    .where('id', '=', task.assignment_id)
    .executeTakeFirstOrThrow();
  const version = await findFormVersion(ctx.db, ctx.tenant.id, assignment.form_id, assignment.form_version);
  if (!version) throw notFound();
  const parsed = buildSubmissionSchema(version.definition, answers).safeParse(answers);
  if (!parsed.success) return { kind: 'invalid', issues: parsed.error.issues };
  await completeTask(ctx.db, task.id, parsed.data, ctx.now);
  // No account: a system change; the link's use log says who (address, user agent).
  await record(ctx, SYSTEM, 'placements.assignment.task_completed', subjectOf(assignment.id), {
    assignment_id: assignment.id,
    task_id: task.id,
    internship_id: task.internship_id,
    form_id: assignment.form_id,
    form_version: assignment.form_version,
  });
  await consumeSupervisorLink(ctx, link);
  return { kind: 'completed', view: await supervisorView(ctx, link) };
}

/**
 * Internships' reaction when an internship names another supervisor address (placements.module.ts
 * hands it to the internships group): its open tasks go to the new address.
 */
export const tasksFollowSupervisor = (ctx: TCtx, internshipId: string, to: TNewSupervisor): Promise<void> =>
  moveOpenTasks(ctx.db, internshipId, to, ctx.now);
