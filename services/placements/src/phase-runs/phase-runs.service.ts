import {
  completesBySubmission,
  phaseActorsOf,
  phaseTaskDueAt,
  phaseTaskEscalations,
  phaseTaskReminders,
  type TPhasePlan,
  type TPhaseRunState,
  type TPhaseTaskActor,
} from '@stageplein/contracts/placements/phase-run-policy';
import type { TInternshipContractType } from '@stageplein/contracts/placements/internships';
import { partiesOf } from '@stageplein/contracts/placements/internship-policy';
import { internshipPhasesWorkflowId } from '@stageplein/contracts/workflows/names';
import { SYSTEM, type TChangeActor } from '@stageplein/kit/auth/caller';
import { isSignedContractStatus } from '@stageplein/contracts/internship-contracts/contract-rules';
import { factsOf, readableInternship } from '../internships/index.ts';
import { assignToInternship } from '../assignments/index.ts';
import { contractsOfInternships } from '../internship-contracts/index.ts';
import type { TDb } from '../database.ts';
import type { TPlacementsConfig } from '../placements.config.ts';
import type { TCaller } from '../shared/caller.ts';
import { record } from '../shared/events.ts';
import type { TCtx, TUseCaseCtx } from '../shared/request.ts';
import { mailPhaseTaskLinks, reissuePhaseTaskLink, revokePhaseTaskLinks } from './phase-runs-link.ts';
import { escalationTexts, mailTask, recipientsOf, reminderTexts, taskFacts } from './phase-runs-mail.ts';
import type { TPhaseWorkflows } from './phase-workflows.ts';
import {
  completeTaskRow,
  endRun,
  escalateTaskRow,
  findPhase,
  findPhaseByEntry,
  findRun,
  findTask,
  insertPhase,
  insertRun,
  insertTasks,
  leavePhaseRow,
  remindTaskRow,
  setCurrentPhase,
  setRunVersion,
  tasksOfPhase,
  type TPhaseRow,
  type TPhaseTaskRow,
} from './phase-runs.repository.ts';

/**
 * Where the runtime reads the definitions (the definitions group, handed in by the composition, so this
 * group imports none of its files): a published version as the interpreter runs it, and the version a
 * new internship of a school and kind starts with.
 */
export interface TPhaseDefinitions {
  /** A published version (immutable); null when there is none by that id. */
  plan(db: TDb, versionId: string): Promise<TPhasePlan | null>;
  /** The published version of the school's default definition for the kind; null: none. */
  startingVersion(
    db: TDb,
    schoolId: string,
    contractType: TInternshipContractType,
  ): Promise<{ definitionId: string; versionId: string } | null>;
}

// ---------------------------------------------------------------------------------------------
// Starting and ending runs (consumers of the internship's events)
// ---------------------------------------------------------------------------------------------

/**
 * `placements.internship.activated`: the internship's run begins with the published version of its
 * school's default definition for its kind (none: no run). The run row and `placements.phase_run.started`
 * are written in the consumer's transaction; that event starts the workflow (`startRunWorkflow`).
 */
export async function beginPhaseRun(
  ctx: TCtx,
  internship: { internship_id: string; school_id: string; contract_type: TInternshipContractType },
  definitions: TPhaseDefinitions,
): Promise<void> {
  if (await findRun(ctx.db, internship.internship_id)) return;
  const start = await definitions.startingVersion(ctx.db, internship.school_id, internship.contract_type);
  if (!start) return;
  await insertRunStarted(ctx, internship.internship_id, start);
}

/** The run's row and its `placements.phase_run.started` event (also what the seeds write). */
export async function insertRunStarted(
  ctx: TCtx,
  internshipId: string,
  start: { definitionId: string; versionId: string },
): Promise<void> {
  const workflowId = internshipPhasesWorkflowId(internshipId);
  await insertRun(ctx.db, {
    internship_id: internshipId,
    tenant_id: ctx.tenant.id,
    definition_id: start.definitionId,
    version_id: start.versionId,
    workflow_id: workflowId,
    state: 'running',
    started_at: ctx.now,
  });
  await record(
    ctx,
    SYSTEM,
    'placements.phase_run.started',
    { type: 'internship', id: internshipId },
    {
      internship_id: internshipId,
      definition_id: start.definitionId,
      version_id: start.versionId,
      workflow_id: workflowId,
    },
  );
}

/**
 * `placements.phase_run.started`: starts the run's workflow under the internship's deterministic id (a
 * redelivered event finds the running execution and starts nothing new). A run whose phases were
 * entered before (the seeds place internships in later phases) continues at its latest phase and entry.
 */
export async function startRunWorkflow(
  ctx: TCtx,
  internshipId: string,
  workflows: TPhaseWorkflows,
): Promise<void> {
  const run = await findRun(ctx.db, internshipId);
  if (run?.state !== 'running') return;
  const latest = await ctx.db
    .selectFrom('placements.internship_phases')
    .select(['entry', 'position', 'state'])
    .where('internship_id', '=', internshipId)
    .orderBy('entry', 'desc')
    .limit(1)
    .executeTakeFirst();
  await workflows.start(run.workflow_id, {
    tenant: ctx.tenant.id,
    internshipId,
    versionId: run.version_id,
    ...(latest?.state === 'active' ? { phaseIndex: latest.position, entry: latest.entry } : {}),
  });
}

/** `placements.internship.completed` / `cancelled` / `withdrawn`: the run ends (its workflow is told). */
export async function endPhaseRunOf(
  ctx: TCtx,
  internshipId: string,
  status: 'completed' | 'cancelled',
  workflows: TPhaseWorkflows,
): Promise<void> {
  const run = await findRun(ctx.db, internshipId);
  if (run?.state !== 'running') return;
  await workflows.ended(run.workflow_id, { status });
}

// ---------------------------------------------------------------------------------------------
// The workflow's activities' use cases (each idempotent)
// ---------------------------------------------------------------------------------------------

/** A task as the workflow runs it (moments as ISO strings). */
export interface TRunTask {
  id: string;
  actor: TPhaseTaskActor;
  required: boolean;
  state: 'open' | 'done' | 'cancelled';
  dueAt: string | null;
  remindersAt: string[];
  remindersSent: number;
  escalations: { level: 1 | 2; at: string }[];
  escalationLevel: number;
}

export type TEnteredPhase =
  | {
      kind: 'entered';
      /** The internship's phase row. */
      phaseId: string;
      /** The definition's phase id (`current_phase`). */
      definitionPhaseId: string;
      index: number;
      last: boolean;
      completion: 'all_required' | 'any' | 'manual';
      tasks: TRunTask[];
    }
  | { kind: 'ended'; state: 'completed' | 'cancelled' };

export interface TEnterPhaseInput {
  internshipId: string;
  versionId: string;
  phaseIndex: number;
  phaseKey?: string | undefined;
  entry: number;
  /** The workflow's time: the phase's start, so a retry computes the same deadlines. */
  at: string;
  carryFromPhaseId?: string | undefined;
  /** The seeds entering a phase already behind the internship: its event tells no one. */
  backfilled?: boolean | undefined;
}

export class PhasePlanMissing extends Error {
  override name = 'PhasePlanMissing';
}

const runTaskOf = (t: TPhaseTaskRow): TRunTask => ({
  id: t.id,
  actor: t.actor,
  required: t.required,
  state: t.state,
  dueAt: t.due_at?.toISOString() ?? null,
  remindersAt: t.reminders_at.map((d) => new Date(d).toISOString()),
  remindersSent: t.reminders_sent,
  escalations: t.escalations,
  escalationLevel: t.escalation_level,
});

const subjectOf = (internshipId: string) => ({ type: 'internship', id: internshipId });

/**
 * Enters the phase: its row (keyed by the internship's `entry`, so a retry finds it), its tasks with
 * their deadline, reminders and escalations computed once from the phase's start, the run's version and
 * `internships.current_phase_id`. After a migration, tasks done in the phase left (same definition task
 * id) are done here too. An internship no longer active, or a run that ended, enters nothing.
 */
export async function enterPhase(
  ctx: TCtx,
  input: TEnterPhaseInput,
  definitions: TPhaseDefinitions,
  /** The workflow's activity mails the supervisor's tasks their links (the seeds, entering past phases, do not). */
  links?: { config: TPlacementsConfig },
): Promise<TEnteredPhase> {
  const run = await findRun(ctx.db, input.internshipId, true);
  const internship = await ctx.db
    .selectFrom('placements.internships')
    .select(['status', 'start_date', 'end_date', 'student_id'])
    .where('id', '=', input.internshipId)
    .executeTakeFirst();
  if (!run || !internship) return { kind: 'ended', state: 'cancelled' };
  const plan = await definitions.plan(ctx.db, input.versionId);
  if (!plan || plan.phases.length === 0)
    throw new PhasePlanMissing(`no published version ${input.versionId}`);
  const byKey = input.phaseKey ? plan.phases.findIndex((p) => p.id === input.phaseKey) : -1;
  const index = byKey >= 0 ? byKey : Math.min(input.phaseIndex, plan.phases.length - 1);
  const def = plan.phases[index]!;
  const entered = (row: TPhaseRow, tasks: TPhaseTaskRow[]): TEnteredPhase => ({
    kind: 'entered',
    phaseId: row.id,
    definitionPhaseId: row.phase_id,
    index,
    last: index === plan.phases.length - 1,
    completion: row.completion,
    tasks: tasks.map(runTaskOf),
  });
  const existing = await findPhaseByEntry(ctx.db, input.internshipId, input.entry);
  if (existing) return entered(existing, await tasksOfPhase(ctx.db, existing.id));
  if (run.state !== 'running') return { kind: 'ended', state: run.state };
  if (internship.status !== 'active')
    return { kind: 'ended', state: internship.status === 'completed' ? 'completed' : 'cancelled' };

  const startedAt = new Date(input.at);
  const phase = await insertPhase(ctx.db, {
    tenant_id: ctx.tenant.id,
    internship_id: input.internshipId,
    entry: input.entry,
    version_id: plan.versionId,
    phase_id: def.id,
    position: index,
    name: JSON.stringify(def.name),
    status: def.status,
    completion: def.completion,
    state: 'active',
    started_at: startedAt,
  });
  const carried = new Map<string, TPhaseTaskRow>();
  if (input.carryFromPhaseId)
    for (const t of await tasksOfPhase(ctx.db, input.carryFromPhaseId))
      if (t.completed_at) carried.set(t.task_id, t);
  await insertTasks(
    ctx.db,
    def.tasks.map((task, position) => {
      const due = phaseTaskDueAt(task.deadline, startedAt, internship);
      const done = carried.get(task.id);
      return {
        tenant_id: ctx.tenant.id,
        internship_id: input.internshipId,
        internship_phase_id: phase.id,
        task_id: task.id,
        position,
        title: JSON.stringify(task.title),
        kind: task.kind,
        actor: task.actor,
        required: task.required,
        due_at: due,
        reminders_at: phaseTaskReminders(due, task.reminder_days, startedAt),
        escalations: JSON.stringify(
          phaseTaskEscalations(due, task.escalation).map((e) => ({ level: e.level, at: e.at.toISOString() })),
        ),
        state: done ? 'done' : 'open',
        completed_at: done?.completed_at ?? null,
        completed_by: done?.completed_by ?? null,
      };
    }),
  );
  // The internship's contract signed before this phase began: its "contract signed" tasks are done now
  // (one signed while the phase runs completes them through placements.contract.signed).
  const contract = (await contractsOfInternships(ctx, [input.internshipId])).get(input.internshipId);
  if (contract && isSignedContractStatus(contract.status))
    for (const t of await tasksOfPhase(ctx.db, phase.id))
      if (t.kind === 'contract_signed' && t.state === 'open')
        await completePhaseTaskRow(ctx, { taskId: t.id, userId: internship.student_id, at: input.at });
  if (run.version_id !== plan.versionId)
    await setRunVersion(ctx.db, input.internshipId, plan.definitionId, plan.versionId);
  await setCurrentPhase(ctx.db, input.internshipId, def.id);
  await record(
    ctx,
    SYSTEM,
    'placements.internship_phase.entered',
    subjectOf(input.internshipId),
    {
      internship_id: input.internshipId,
      version_id: plan.versionId,
      phase_id: def.id,
      internship_phase_id: phase.id,
      entry: input.entry,
      status: def.status,
      ...(input.backfilled ? { backfilled: true } : {}),
    },
    { audit: false },
  );
  const tasks = await tasksOfPhase(ctx.db, phase.id);
  if (links) {
    await mailPhaseTaskLinks({ ...ctx, config: links.config }, input.internshipId, tasks, def.name);
    // An assignment task names the school's assignment: the internship gets it now if it was not selected
    // when the assignment was published (its answer completes the task through the consumer).
    for (const task of def.tasks)
      if (task.kind === 'assignment' && task.assignment_id)
        await assignToInternship({ ...ctx, config: links.config }, task.assignment_id, input.internshipId);
  }
  return entered(phase, tasks);
}

const taskEvent = (t: TPhaseTaskRow) => ({
  internship_id: t.internship_id,
  phase_task_id: t.id,
  task_id: t.task_id,
  actor: t.actor,
  due_at: t.due_at?.toISOString() ?? null,
});

/**
 * The task is done (once): who did it is recorded with the event and in the audit log (`userId` null:
 * the workplace supervisor by their link, whose use log says who).
 */
export async function completePhaseTaskRow(
  ctx: TCtx,
  input: { taskId: string; userId: string | null; at: string },
) {
  const task = await completeTaskRow(ctx.db, input.taskId, input.userId, new Date(input.at));
  if (!task) return;
  const actor: TChangeActor = input.userId ? { userId: input.userId, impersonatorId: null } : SYSTEM;
  await record(ctx, actor, 'placements.phase_task.completed', subjectOf(task.internship_id), {
    ...taskEvent(task),
    completed_by: input.userId,
  });
}

/**
 * The `reminder`-th reminder of an open task (once): the event, and in the same transaction the mail to
 * the task's actor (phase-runs-mail.ts); the workplace supervisor gets a fresh link instead.
 */
export async function remindPhaseTask(ctx: TUseCaseCtx, input: { taskId: string; reminder: number }) {
  const task = await remindTaskRow(ctx.db, input.taskId, input.reminder);
  if (!task) return;
  if (task.actor === 'supervisor') {
    // The evaluation's and the assignment's own links are the school's to send again.
    if (!completesBySubmission(task.kind)) await reissuePhaseTaskLink(ctx, SYSTEM, task);
  } else
    await mailTask(
      ctx,
      task,
      await recipientsOf(ctx.db, task.internship_id, task.actor),
      reminderTexts(await taskFacts(ctx.db, task)),
    );
  await record(
    ctx,
    SYSTEM,
    'placements.phase_task.reminded',
    subjectOf(task.internship_id),
    { ...taskEvent(task), reminder: input.reminder },
    { audit: false },
  );
}

/**
 * The open task escalates to the mentor (1), then the school admin (2); once per level: the event and
 * the mail to the student's mentors, then the school's admins.
 */
export async function escalatePhaseTask(ctx: TUseCaseCtx, input: { taskId: string; level: 1 | 2 }) {
  const task = await escalateTaskRow(ctx.db, input.taskId, input.level);
  if (!task) return;
  await mailTask(
    ctx,
    task,
    await recipientsOf(ctx.db, task.internship_id, input.level === 1 ? 'mentor' : 'school_admin'),
    escalationTexts(await taskFacts(ctx.db, task), input.level),
  );
  await record(
    ctx,
    SYSTEM,
    'placements.phase_task.escalated',
    subjectOf(task.internship_id),
    { ...taskEvent(task), level: input.level, to: input.level === 1 ? 'mentor' : 'school_admin' },
    { audit: false },
  );
}

/** The internship leaves the phase (once); its open tasks are cancelled. */
export async function leavePhase(
  ctx: TCtx,
  input: {
    phaseId: string;
    state: 'completed' | 'cancelled' | 'migrated';
    at: string;
    userId?: string | undefined;
  },
) {
  const changed = await leavePhaseRow(
    ctx.db,
    input.phaseId,
    input.state,
    new Date(input.at),
    input.userId ?? null,
  );
  if (!changed) return;
  // The supervisor's tasks left open (now cancelled): their links stop.
  for (const t of await tasksOfPhase(ctx.db, input.phaseId))
    if (t.actor === 'supervisor' && t.state === 'cancelled') await revokePhaseTaskLinks(ctx, t.id);
  const phase = (await findPhase(ctx.db, input.phaseId))!;
  await record(
    ctx,
    input.userId ? { userId: input.userId, impersonatorId: null } : SYSTEM,
    'placements.internship_phase.left',
    subjectOf(phase.internship_id),
    {
      internship_id: phase.internship_id,
      version_id: phase.version_id,
      phase_id: phase.phase_id,
      internship_phase_id: phase.id,
      state: input.state,
      by: input.userId ?? null,
    },
    { audit: input.userId !== undefined },
  );
}

/** The run ends (once); `current_phase` keeps the last phase the internship stood in. */
export async function endPhaseRun(
  ctx: TCtx,
  input: { internshipId: string; state: Exclude<TPhaseRunState, 'running'> },
) {
  if (!(await endRun(ctx.db, input.internshipId, input.state, ctx.now))) return;
  const run = (await findRun(ctx.db, input.internshipId))!;
  await record(
    ctx,
    SYSTEM,
    'placements.phase_run.ended',
    subjectOf(input.internshipId),
    { internship_id: input.internshipId, version_id: run.version_id, state: input.state },
    { audit: false },
  );
}

// ---------------------------------------------------------------------------------------------
// Who the caller is for a task's internship
// ---------------------------------------------------------------------------------------------

/** The caller's actors for an internship they read (404 otherwise: another school's, another tenant's). */
export async function actorsFor(
  ctx: TCtx,
  caller: TCaller,
  internshipId: string,
): Promise<TPhaseTaskActor[]> {
  const { row, viewer } = await readableInternship(ctx, caller, internshipId);
  return phaseActorsOf(partiesOf(viewer, factsOf(row)));
}

export { findTask };
