import { sql } from 'kysely';
import { internshipScopes, partiesOf } from '@stageplein/contracts/placements/internship-policy';
import {
  completesBySubmission,
  mayCompletePhaseByHand,
  mayCompletePhaseTask,
  mayResendPhaseTaskLink,
  migrationTarget,
  phaseActorsOf,
  type TInternshipPhasesDocument,
  type TPhaseMigrationResource,
  type TPhaseRunsDocument,
  type TPhaseRunsQuery,
  type TPhaseTaskActor,
  type TPhaseTaskResource,
  type TPhaseTaskLinkDocument,
  type TPhaseTasksQuery,
} from '@stageplein/contracts/placements/phase-runs';
import { ApiError, notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import { factsOf, readableInternship, viewerFor } from '../internships/index.ts';
import { assertDesigner, findDefinition, findVersion } from '../phases/index.ts';
import type { TCaller } from '../shared/caller.ts';
import { record } from '../shared/events.ts';
import { consumeSupervisorLink } from '../shared/supervisor-links.ts';
import type { TCtx, TUseCaseCtx } from '../shared/request.ts';
import { linkedPhaseTask, reissuePhaseTaskLink } from './phase-runs-link.ts';
import type { TPhaseWorkflows } from './phase-workflows.ts';
import {
  findPhase,
  findRun,
  findTask,
  openTasksInScopes,
  phasesOfInternship,
  publishedVersionsOf,
  runsOfDefinition,
  tasksOfInternship,
  versionNumbers,
  type TOpenTaskRow,
  type TPhaseRow,
  type TPhaseTaskRow,
} from './phase-runs.repository.ts';
import type { TPhaseDefinitions } from './phase-runs.service.ts';
import { phaseTaskResource, type TTaskContext } from './phase-runs.serialize.ts';

/**
 * The read side of the phases' runtime and the routes' use cases (docs/decisions/phases.md "Runtime").
 * Everything is read from placements' tables (the activities keep them); only completing a task, closing a
 * phase by hand and a migration ask the internship's workflow, as Temporal updates.
 */

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || '—';

/** The caller's actors for an internship they read (404 otherwise: another school's, another tenant's). */
async function internshipFor(ctx: TCtx, caller: TCaller, internshipId: string) {
  const { row, viewer } = await readableInternship(ctx, caller, internshipId);
  const actors = phaseActorsOf(partiesOf(viewer, factsOf(row)));
  const context: TTaskContext = {
    internshipTitle: row.title,
    studentName: nameOf(row.student__first_name, row.student__last_name),
  };
  return { row, actors, context };
}

/** `GET /api/v1/internships/{id}/phases`: the run's phases in order, done, current and upcoming, with their tasks. */
export async function internshipPhases(
  ctx: TCtx,
  caller: TCaller,
  internshipId: string,
  definitions: TPhaseDefinitions,
): Promise<TInternshipPhasesDocument> {
  const { actors, context } = await internshipFor(ctx, caller, internshipId);
  const run = await findRun(ctx.db, internshipId);
  if (!run) return { data: [], meta: { total: 0, run: null } };
  const [plan, entered, tasks] = await Promise.all([
    definitions.plan(ctx.db, run.version_id),
    phasesOfInternship(ctx.db, internshipId),
    tasksOfInternship(ctx.db, internshipId),
  ]);
  const latest = new Map<string, TPhaseRow>();
  for (const p of entered) latest.set(p.phase_id, p);
  const tasksOf = (phaseRowId: string) => tasks.filter((t) => t.internship_phase_id === phaseRowId);
  const data = (plan?.phases ?? []).map((def, position) => {
    const row = latest.get(def.id);
    const state = !row
      ? ('upcoming' as const)
      : row.state === 'completed'
        ? ('done' as const)
        : row.state === 'cancelled'
          ? ('cancelled' as const)
          : ('current' as const);
    const phaseTasks: TPhaseTaskResource[] = row
      ? tasksOf(row.id).map((t) => phaseTaskResource(t, row, actors, context, ctx.now))
      : def.tasks.map((t) => ({
          type: 'phase_task' as const,
          id: t.id,
          attributes: {
            internship_id: internshipId,
            phase_id: def.id,
            task_id: t.id,
            title: t.title,
            kind: t.kind,
            actor: t.actor,
            required: t.required,
            state: 'upcoming' as const,
            due_at: null,
            overdue: false,
            escalation_level: 0,
            reminders_sent: 0,
            completed_at: null,
            completed_by: null,
            may_complete: false,
            may_resend_link: false,
            internship_title: context.internshipTitle,
            student_name: context.studentName,
            phase_name: def.name,
          },
        }));
    return {
      type: 'internship_phase' as const,
      id: def.id,
      attributes: {
        internship_id: internshipId,
        position,
        name: def.name,
        status: def.status,
        completion: def.completion,
        state,
        started_at: row?.started_at.toISOString() ?? null,
        ended_at: row?.ended_at?.toISOString() ?? null,
        may_complete:
          state === 'current' &&
          row?.state === 'active' &&
          def.completion === 'manual' &&
          mayCompletePhaseByHand(actors),
        tasks: phaseTasks,
      },
    };
  });
  return {
    data,
    meta: {
      total: data.length,
      run: {
        internship_id: run.internship_id,
        definition_id: run.definition_id,
        version_id: run.version_id,
        state: run.state,
        started_at: run.started_at.toISOString(),
        ended_at: run.ended_at?.toISOString() ?? null,
      },
    },
  };
}

/**
 * `GET /api/v1/phase_tasks`: the open tasks of current phases in the internships the caller sees (the
 * internship policy's list scopes) that the caller must act on: their own actor's, or escalated to them.
 */
export async function myOpenTasks(ctx: TCtx, caller: TCaller, query: TPhaseTasksQuery) {
  if (!caller.userId) throw unauthorized();
  const scopes = internshipScopes({
    userId: caller.userId,
    permissions: caller.permissions,
    current: caller.current,
  });
  const size = query['page[size]'] ?? 50;
  // The scopes' open tasks (a page's worth more than asked, since those of other actors drop out).
  const rows = await openTasksInScopes(ctx.db, scopes, 1000, query['filter[internship_id]']);
  const viewer = await viewerFor(ctx, caller);
  const mine: { row: TOpenTaskRow; actors: TPhaseTaskActor[] }[] = [];
  for (const row of rows) {
    const facts = {
      studentId: row.student_id,
      schoolId: row.school_id,
      organizationId: row.organization_id,
      status: row.internship_status,
      selfFound: false,
    };
    const actors = phaseActorsOf(partiesOf(viewer(row.student_id), facts));
    if (mayCompletePhaseTask(actors, row)) mine.push({ row, actors });
  }
  const page = mine.slice(0, size);
  return {
    data: page.map(({ row, actors }) =>
      phaseTaskResource(
        row,
        { phase_id: row.phase_id, name: row.phase_name },
        actors,
        {
          internshipTitle: row.internship_title,
          studentName: nameOf(row.student_first_name, row.student_last_name),
        },
        ctx.now,
      ),
    ),
    meta: { total: mine.length },
  };
}

/** Temporal away or failing: the change is not possible now (503), the cause is logged by the caller. */
async function asking<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw Object.assign(new ApiError('phases_unavailable'), { cause: error });
  }
}

/**
 * `POST /api/v1/phase_tasks/{id}/complete`: the route checks what it can (the caller reads the
 * internship, the task is open in the current phase and theirs) for a clear error without asking
 * Temporal; the workflow's validator checks again (a race), and its activity writes the task before the
 * update answers, so the task read after it is done.
 */
export async function completeTask(
  ctx: TCtx,
  caller: TCaller,
  taskId: string,
  workflows: TPhaseWorkflows,
): Promise<TPhaseTaskResource> {
  if (!caller.userId) throw unauthorized();
  const task = await findTask(ctx.db, taskId);
  if (!task) throw notFound();
  const { actors, context } = await internshipFor(ctx, caller, task.internship_id);
  const phase = (await findPhase(ctx.db, task.internship_phase_id))!;
  if (task.state === 'done') throw new ApiError('phase_task_completed');
  if (task.state !== 'open' || phase.state !== 'active') throw new ApiError('phase_task_not_current');
  if (completesBySubmission(task.kind)) throw new ApiError('phase_task_by_submission');
  if (!mayCompletePhaseTask(actors, task)) throw new ApiError('phase_task_wrong_actor');
  const run = await findRun(ctx.db, task.internship_id);
  if (run?.state !== 'running') throw new ApiError('phase_task_not_current');
  await asking(() => workflows.completeTask(run.workflow_id, { taskId, userId: caller.userId!, actors }));
  const after: TPhaseTaskRow = (await findTask(ctx.db, taskId))!;
  return phaseTaskResource(after, phase, actors, context, ctx.now);
}

/** The link's task as its resource for the supervisor (`may_complete` as the workflow will judge it). */
async function linkTaskDocument(ctx: TCtx, link: TLinkActor): Promise<TPhaseTaskLinkDocument> {
  const { task, internship } = await linkedPhaseTask(ctx, link);
  const phase = (await findPhase(ctx.db, task.internship_phase_id))!;
  const title = await ctx.db
    .selectFrom('placements.internships')
    .select('title')
    .where('id', '=', task.internship_id)
    .executeTakeFirstOrThrow();
  const context: TTaskContext = { internshipTitle: title.title, studentName: internship.student_name };
  return {
    data: phaseTaskResource(task, phase, ['supervisor'], context, ctx.now),
    meta: { expires_at: link.expiresAt.toISOString(), organization_name: internship.organization_name },
  };
}

/** `GET /api/v1/phase_task_link`: the task the supervisor's link is about (nothing else). */
export const phaseTaskByLink = (ctx: TCtx, link: TLinkActor) => linkTaskDocument(ctx, link);

/**
 * `POST /api/v1/phase_tasks/{id}/complete_by_link`: the workplace supervisor completes their task
 * through the same Temporal update as any completion (actor `supervisor`, no user); the route's guard
 * refused a link for another task (`link_not_allowed`), an expired or unknown one. The link's use is
 * logged as consumed (not single use: a second press answers `phase_task_completed`).
 */
export async function completeTaskByLink(
  ctx: TCtx,
  link: TLinkActor,
  workflows: TPhaseWorkflows,
): Promise<TPhaseTaskLinkDocument> {
  const { task } = await linkedPhaseTask(ctx, link);
  const phase = (await findPhase(ctx.db, task.internship_phase_id))!;
  if (task.state === 'done') throw new ApiError('phase_task_completed');
  if (task.state !== 'open' || phase.state !== 'active') throw new ApiError('phase_task_not_current');
  if (completesBySubmission(task.kind)) throw new ApiError('phase_task_by_submission');
  const run = await findRun(ctx.db, task.internship_id);
  if (run?.state !== 'running') throw new ApiError('phase_task_not_current');
  await asking(() =>
    workflows.completeTask(run.workflow_id, { taskId: task.id, userId: null, actors: ['supervisor'] }),
  );
  await consumeSupervisorLink(ctx, link);
  return linkTaskDocument(ctx, link);
}

/**
 * `POST /api/v1/phase_tasks/{id}/supervisor_link`: the school (its admin, the student's mentor) sends the
 * workplace supervisor a new link for their open task, to the address the school approved; the link
 * mailed before stops working. Logged (audit log and `placements.phase_task.link_sent`).
 */
export async function resendSupervisorLink(
  ctx: TUseCaseCtx,
  caller: TCaller,
  taskId: string,
): Promise<TPhaseTaskLinkDocument> {
  if (!caller.userId) throw unauthorized();
  const task = await findTask(ctx.db, taskId);
  if (!task) throw notFound();
  const { actors, context, row } = await internshipFor(ctx, caller, task.internship_id);
  const phase = (await findPhase(ctx.db, task.internship_phase_id))!;
  if (task.state === 'done') throw new ApiError('phase_task_completed');
  if (task.state !== 'open' || phase.state !== 'active') throw new ApiError('phase_task_not_current');
  if (task.actor === 'supervisor' && completesBySubmission(task.kind))
    throw new ApiError('phase_task_by_submission');
  if (!mayResendPhaseTaskLink(actors, task)) throw new ApiError('phase_task_wrong_actor');
  const sent = await reissuePhaseTaskLink(ctx, caller, task);
  if (!sent) throw new ApiError('supervisor_not_approved');
  await record(
    ctx,
    caller,
    'placements.phase_task.link_sent',
    { type: 'internship', id: task.internship_id },
    {
      internship_id: task.internship_id,
      phase_task_id: task.id,
      task_id: task.task_id,
      actor: task.actor,
      due_at: task.due_at?.toISOString() ?? null,
      expires_at: sent.expiresAt.toISOString(),
    },
  );
  return {
    data: phaseTaskResource(task, phase, actors, context, ctx.now),
    meta: { expires_at: sent.expiresAt.toISOString(), organization_name: row.organization_name ?? null },
  };
}

/** `POST /api/v1/internships/{id}/phases/{phaseId}/complete`: the school closes a phase completed by hand. */
export async function completePhaseByHand(
  ctx: TCtx,
  caller: TCaller,
  internshipId: string,
  phaseId: string,
  workflows: TPhaseWorkflows,
  definitions: TPhaseDefinitions,
): Promise<TInternshipPhasesDocument> {
  const { actors } = await internshipFor(ctx, caller, internshipId);
  const run = await findRun(ctx.db, internshipId);
  const current = (await phasesOfInternship(ctx.db, internshipId)).find(
    (p) => p.state === 'active' && p.phase_id === phaseId,
  );
  if (run?.state !== 'running' || !current) throw new ApiError('phase_task_not_current');
  if (current.completion !== 'manual') throw new ApiError('phase_update_invalid');
  if (!mayCompletePhaseByHand(actors)) throw new ApiError('phase_task_wrong_actor');
  await asking(() =>
    workflows.completePhase(run.workflow_id, { phaseId: current.id, userId: caller.userId!, actors }),
  );
  return internshipPhases(ctx, caller, internshipId, definitions);
}

/**
 * `POST /api/v1/phase_migrations`: a designer of the School moves chosen running internships of the
 * school to another published version of their definition. Each one is asked of its workflow (an update);
 * each migration done is logged (audit log and `placements.phase_run.migrated`). Nothing changes silently:
 * a running internship keeps its version until this is called for it.
 */
export async function migrateRuns(
  ctx: TCtx,
  caller: TCaller,
  input: { to_version_id: string; internship_ids: string[] },
  workflows: TPhaseWorkflows,
): Promise<TPhaseMigrationResource[]> {
  const schoolId = await assertDesigner(ctx, caller);
  const version = await findVersion(ctx.db, input.to_version_id);
  const definition = version
    ? await ctx.db
        .selectFrom('placements.workflow_definitions')
        .select(['id', 'school_id'])
        .where('id', '=', version.definition_id)
        .executeTakeFirst()
    : undefined;
  if (!version || !definition || definition.school_id !== schoolId) throw notFound();
  if (version.state !== 'published') throw new ApiError('phase_update_invalid');
  const mapped = (p: { id: string; name: { nl: string; en: string } }, position: number) => ({
    id: p.id,
    name: p.name,
    position,
  });
  const out: TPhaseMigrationResource[] = [];
  for (const internshipId of [...new Set(input.internship_ids)]) {
    const run = await findRun(ctx.db, internshipId);
    const internship = run
      ? await ctx.db
          .selectFrom('placements.internships')
          .select(['school_id'])
          .where('id', '=', internshipId)
          .executeTakeFirst()
      : undefined;
    // How it maps: the phase it stands in now, and the same phase (by id) in the target version.
    const standing = run
      ? (await phasesOfInternship(ctx.db, internshipId)).find((p) => p.state === 'active')
      : undefined;
    const target = migrationTarget(standing?.phase_id ?? null, version.phases);
    const result = (migrated: boolean, error: string | null) =>
      out.push({
        type: 'phase_migration',
        id: internshipId,
        attributes: {
          internship_id: internshipId,
          from_version_id: run?.version_id ?? null,
          to_version_id: version.id,
          from_phase: standing
            ? mapped({ id: standing.phase_id, name: standing.name }, standing.position)
            : null,
          to_phase: target ? mapped(target.phase, target.position) : null,
          migrated,
          error,
        },
      });
    if (!run || internship?.school_id !== schoolId) {
      result(false, 'not_found');
      continue;
    }
    if (run.state !== 'running') {
      result(false, 'phase_task_not_current');
      continue;
    }
    if (run.definition_id !== version.definition_id || run.version_id === version.id) {
      result(false, 'phase_update_invalid');
      continue;
    }
    if (!target) {
      // Between two phases the workflow refuses any update; a phase the target lacks has nowhere to go.
      result(false, standing ? 'phase_migration_phase_missing' : 'phase_task_not_current');
      continue;
    }
    try {
      await asking(() =>
        workflows.migrate(run.workflow_id, { toVersionId: version.id, userId: caller.userId! }),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      result(false, error.code);
      continue;
    }
    await record(
      ctx,
      caller,
      'placements.phase_run.migrated',
      { type: 'internship', id: internshipId },
      {
        internship_id: internshipId,
        definition_id: version.definition_id,
        from_version_id: run.version_id,
        to_version_id: version.id,
      },
    );
    result(true, null);
  }
  return out;
}

/** At most this many runs in a designer's list (a migration takes at most 500 at once). */
const RUNS_LIST_LIMIT = 500;

/**
 * `GET /api/v1/phase_runs?filter[definition_id]=`: a designer's list of the school's internships that
 * run one of its definitions — which version, where they stand, their last logged migration — for the
 * migration screen. Another school's definition: 404.
 */
export async function listRuns(
  ctx: TCtx,
  caller: TCaller,
  query: TPhaseRunsQuery,
): Promise<TPhaseRunsDocument> {
  const schoolId = await assertDesigner(ctx, caller);
  const definition = await findDefinition(ctx.db, query['filter[definition_id]']);
  if (!definition || definition.school_id !== schoolId) throw notFound();
  const rows = await runsOfDefinition(ctx.db, schoolId, definition.id, RUNS_LIST_LIMIT);
  const numbers = await versionNumbers(
    ctx.db,
    rows
      .flatMap((r) => [r.migrated_data?.from_version_id, r.migrated_data?.to_version_id])
      .filter((id): id is string => !!id),
  );
  const numberOf = (id: string | undefined) => (id ? (numbers.get(id) ?? null) : null);
  const versions = await publishedVersionsOf(ctx.db, definition.id);
  return {
    data: rows.map((r) => ({
      type: 'phase_run' as const,
      id: r.internship_id,
      attributes: {
        internship_id: r.internship_id,
        internship_title: r.internship_title,
        student_name: nameOf(r.student_first_name, r.student_last_name),
        definition_id: r.definition_id,
        version_id: r.version_id,
        version: r.version,
        state: r.state,
        current_phase:
          r.current_phase_id && r.current_phase_name
            ? { id: r.current_phase_id, name: r.current_phase_name }
            : null,
        started_at: r.started_at.toISOString(),
        ended_at: r.ended_at?.toISOString() ?? null,
        last_migration: r.migrated_at
          ? {
              at: r.migrated_at.toISOString(),
              from_version: numberOf(r.migrated_data?.from_version_id),
              to_version: numberOf(r.migrated_data?.to_version_id),
            }
          : null,
      },
    })),
    meta: {
      total: rows.length,
      versions: versions.map((v) => ({
        id: v.id,
        version: v.version,
        published_at: v.published_at?.toISOString() ?? null,
        phases: v.phases.map((p) => ({ id: p.id, name: p.name })),
      })),
    },
  };
}

/**
 * The internship's contract is signed by everyone (`placements.contract.signed`): the open "contract
 * signed" tasks of its current phase complete through the run's workflow, as the task's own actor (the
 * student recorded as who completed it: the contract is theirs). A task already done or a run that ended
 * is no error; a refusal other than that is thrown (the event comes again).
 */
export async function completeContractSignedTasks(
  ctx: TCtx,
  internshipId: string,
  studentId: string,
  workflows: TPhaseWorkflows,
): Promise<number> {
  const run = await findRun(ctx.db, internshipId);
  if (run?.state !== 'running') return 0;
  const tasks = await ctx.db
    .selectFrom('placements.internship_phase_tasks as t')
    .innerJoin('placements.internship_phases as p', 'p.id', 't.internship_phase_id')
    .select(['t.id', 't.actor'])
    .where('t.internship_id', '=', internshipId)
    .where('t.kind', '=', 'contract_signed')
    .where('t.state', '=', 'open')
    .where('p.state', '=', 'active')
    .execute();
  let done = 0;
  for (const t of tasks) {
    try {
      await workflows.completeTask(run.workflow_id, { taskId: t.id, userId: studentId, actors: [t.actor] });
      done++;
    } catch (error) {
      if (
        error instanceof ApiError &&
        ['phase_task_completed', 'phase_task_not_current'].includes(error.code)
      )
        continue;
      throw error;
    }
  }
  return done;
}

/**
 * The open evaluation and assignment tasks of the internship's current phase whose real thing was sent
 * complete through the run's workflow (`completesBySubmission`): an `evaluation` task when its actor's
 * part of the evaluation opened from its template is submitted (who sent it is recorded; the supervisor
 * by link: nobody), an `assignment` task when the internship's task of its assignment is completed. Read
 * from the tables, not the event, so it is idempotent and also catches what was sent before the phase
 * was entered (a migration's re-entry, an assignment answered early): placements' consumer calls it on
 * `evaluation.submitted`, `assignment.task_completed` and `internship_phase.entered`. A task done
 * meanwhile or a run that moved on is no error; any other refusal is thrown (the event comes again).
 */
export async function completeSubmittedTasks(
  ctx: TCtx,
  internshipId: string,
  workflows: TPhaseWorkflows,
  definitions: TPhaseDefinitions,
): Promise<number> {
  const run = await findRun(ctx.db, internshipId);
  if (run?.state !== 'running') return 0;
  const open = await ctx.db
    .selectFrom('placements.internship_phase_tasks as t')
    .innerJoin('placements.internship_phases as p', 'p.id', 't.internship_phase_id')
    .select(['t.id', 't.actor', 't.kind', 't.task_id', 'p.phase_id', 'p.version_id'])
    .where('t.internship_id', '=', internshipId)
    .where('t.kind', 'in', ['evaluation', 'assignment'])
    .where('t.state', '=', 'open')
    .where('p.state', '=', 'active')
    .execute();
  let done = 0;
  for (const t of open) {
    const plan = await definitions.plan(ctx.db, t.version_id);
    const def = plan?.phases.find((p) => p.id === t.phase_id)?.tasks.find((d) => d.id === t.task_id);
    if (!def) continue;
    let sent: { by: string | null } | undefined;
    if (t.kind === 'evaluation' && def.evaluation_template_id)
      sent = await ctx.db
        .selectFrom('placements.evaluations as e')
        .innerJoin('placements.evaluation_responses as r', 'r.evaluation_id', 'e.id')
        .select('r.submitted_by as by')
        .where('e.internship_id', '=', internshipId)
        .where('e.template_id', '=', def.evaluation_template_id)
        .where('r.role', '=', t.actor as never)
        .where('r.state', '=', 'submitted')
        .executeTakeFirst();
    if (t.kind === 'assignment' && def.assignment_id)
      sent = await ctx.db
        .selectFrom('placements.assignment_tasks')
        .select(sql<null>`null`.as('by'))
        .where('internship_id', '=', internshipId)
        .where('assignment_id', '=', def.assignment_id)
        .where('status', '=', 'completed')
        .executeTakeFirst();
    if (!sent) continue;
    try {
      await workflows.completeTask(run.workflow_id, { taskId: t.id, userId: sent.by, actors: [t.actor] });
      done++;
    } catch (error) {
      if (
        error instanceof ApiError &&
        ['phase_task_completed', 'phase_task_not_current'].includes(error.code)
      )
        continue;
      throw error;
    }
  }
  return done;
}
