import {
  ApplicationFailure,
  allHandlersFinished,
  type LocalActivityOptions,
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  defineUpdate,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
} from '@temporalio/workflow';
import {
  mayCompletePhaseByHand,
  mayCompletePhaseTask,
  phaseComplete,
} from '@stageplein/contracts/placements/phase-run-policy';
import {
  PHASE_UPDATE_FAILURES,
  QUERIES,
  SIGNALS,
  UPDATES,
  type TCompletePhaseTaskUpdate,
  type TCompletePhaseUpdate,
  type TInternshipEndedSignal,
  type TInternshipPhasesInput,
  type TMigratePhaseRunUpdate,
  type TPhaseRunState,
} from '@stageplein/contracts/workflows/names';
import type { TPhaseRunActivities, TRunTask } from '@stageplein/placements/activities';

export const internshipEndedSignal = defineSignal<[TInternshipEndedSignal]>(SIGNALS.internshipEnded);
export const completePhaseTaskUpdate = defineUpdate<{ taskId: string }, [TCompletePhaseTaskUpdate]>(
  UPDATES.completePhaseTask,
);
export const completePhaseUpdate = defineUpdate<{ phaseId: string }, [TCompletePhaseUpdate]>(
  UPDATES.completePhase,
);
export const migratePhaseRunUpdate = defineUpdate<{ toVersionId: string }, [TMigratePhaseRunUpdate]>(
  UPDATES.migratePhaseRun,
);
export const phaseRunStateQuery = defineQuery<TPhaseRunState>(QUERIES.phaseRunState);

/**
 * Every activity writes placements' read model in one transaction and is idempotent (keyed by the
 * internship's phase `entry`, the task's id, the reminder's index, the escalation's level), so a retry or
 * a new worker after a crash never writes twice. Seconds of work at most; retried for about an hour
 * before the run fails (a database outage longer than that needs an operator).
 */
const ACTIVITY_OPTIONS: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 20,
    nonRetryableErrorTypes: ['PhasePlanMissing'],
  },
};
const activities = proxyActivities<TPhaseRunActivities>(ACTIVITY_OPTIONS);
/**
 * The read-model writes that follow the run's own steps (entering and leaving a phase, a completion, the
 * end) as local activities: the worker runs them inside the workflow task, without the server's
 * schedule/poll/complete round trips and the workflow task after each (infra/bench/internship-phases:
 * the interpreter's Temporal work). Reminders and escalations, which wait on timers, stay activities.
 * Executions recorded before this patch replay with activities.
 */
const localActivities = proxyLocalActivities<TPhaseRunActivities>(ACTIVITY_OPTIONS);
export const LOCAL_READ_MODEL_WRITES = 'phase-read-model-local-activities';

const refuse = (type: (typeof PHASE_UPDATE_FAILURES)[keyof typeof PHASE_UPDATE_FAILURES], message: string) =>
  ApplicationFailure.create({ type, message, nonRetryable: true });

/** The earliest moment still to act on among the open tasks (a reminder or an escalation), if any. */
function nextMoment(tasks: Iterable<TRunTask>): number | null {
  let next: number | null = null;
  for (const t of tasks) {
    if (t.state !== 'open') continue;
    const reminder = t.remindersAt[t.remindersSent];
    const escalation = t.escalations.find((e) => e.level > t.escalationLevel);
    for (const at of [reminder, escalation?.at]) {
      if (!at) continue;
      const ms = Date.parse(at);
      if (next === null || ms < next) next = ms;
    }
  }
  return next;
}

/**
 * One internship's phases (issue #33, docs/decisions/phases.md "Runtime"): a generic interpreter of the
 * published definition version the run started with. One execution is one phase: it enters the phase
 * (an activity writes the phase, its tasks with their deadlines and `internships.current_phase_id`),
 * reminds and escalates open tasks at their moments (durable timers), takes task completions as
 * Updates whose validators refuse the wrong actor, a task of another phase and a task already done,
 * and at the phase's end continues as new with the next phase, so a history never holds more than one
 * phase. The internship ending (signal) ends it; a migration (Update, logged by the route) continues as
 * new on the other version at the same phase, done tasks carried over.
 */
export async function internshipPhases(input: TInternshipPhasesInput): Promise<TPhaseRunState> {
  const entry = input.entry ?? 0;
  // Set by the handlers (an object: the compiler does not narrow what a handler assigns).
  const run: {
    ended: TInternshipEndedSignal['status'] | null;
    migrateTo: TMigratePhaseRunUpdate | null;
    closedBy: string | null;
    leaving: boolean;
  } = { ended: null, migrateTo: null, closedBy: null, leaving: false };
  const tasks = new Map<string, TRunTask>();
  let phaseId: string | null = null;

  const state = (): TPhaseRunState => ({
    versionId: input.versionId,
    phaseIndex: input.phaseIndex ?? 0,
    phaseId,
    openTaskIds: [...tasks.values()].filter((t) => t.state === 'open').map((t) => t.id),
    ended: run.ended,
  });
  setHandler(phaseRunStateQuery, state);
  // Registered before the first activity, so an end that arrives while the phase is being entered counts.
  setHandler(internshipEndedSignal, ({ status }) => {
    run.ended ??= status;
  });

  // Decided once, before the first command, so an execution is one way or the other throughout.
  const writes = patched(LOCAL_READ_MODEL_WRITES) ? localActivities : activities;
  const phase = await writes.enterPhase({
    tenant: input.tenant,
    internshipId: input.internshipId,
    versionId: input.versionId,
    phaseIndex: input.phaseIndex ?? 0,
    phaseKey: input.phaseKey,
    entry,
    at: new Date().toISOString(),
    carryFromPhaseId: input.carryFromPhaseId,
  });
  if (phase.kind === 'ended') {
    // The internship ended (or the run did) before this phase started: nothing to enter.
    await writes.endPhaseRun({
      tenant: input.tenant,
      internshipId: input.internshipId,
      state: phase.state,
    });
    run.ended = phase.state;
    return state();
  }
  phaseId = phase.phaseId;
  for (const t of phase.tasks) tasks.set(t.id, { ...t });

  const current = () => !run.leaving && run.ended === null && run.migrateTo === null && run.closedBy === null;
  setHandler(
    completePhaseTaskUpdate,
    async ({ taskId, userId }) => {
      const task = tasks.get(taskId)!;
      // Done at once in the workflow's state: a second update for it is refused while this one runs.
      task.state = 'done';
      await writes.completePhaseTask({
        tenant: input.tenant,
        taskId,
        userId,
        at: new Date().toISOString(),
      });
      return { taskId };
    },
    {
      validator: ({ taskId, actors }) => {
        const task = tasks.get(taskId);
        if (!task || !current())
          throw refuse(PHASE_UPDATE_FAILURES.notCurrent, `task ${taskId} is not of the current phase`);
        if (task.state === 'done')
          throw refuse(PHASE_UPDATE_FAILURES.completed, `task ${taskId} is already done`);
        if (task.state !== 'open')
          throw refuse(PHASE_UPDATE_FAILURES.notCurrent, `task ${taskId} is not open`);
        if (!mayCompletePhaseTask(actors, { actor: task.actor, escalation_level: task.escalationLevel }))
          throw refuse(PHASE_UPDATE_FAILURES.wrongActor, `task ${taskId} is for the ${task.actor}`);
      },
    },
  );
  setHandler(
    completePhaseUpdate,
    ({ phaseId: id, userId }) => {
      run.closedBy = userId;
      return { phaseId: id };
    },
    {
      validator: ({ phaseId: id, actors }) => {
        if (id !== phase.phaseId || !current())
          throw refuse(PHASE_UPDATE_FAILURES.notCurrent, `phase ${id} is not the current phase`);
        if (phase.completion !== 'manual')
          throw refuse(PHASE_UPDATE_FAILURES.invalid, `phase ${id} completes by its tasks, not by hand`);
        if (!mayCompletePhaseByHand(actors))
          throw refuse(PHASE_UPDATE_FAILURES.wrongActor, `phase ${id} is closed by the school`);
      },
    },
  );
  setHandler(
    migratePhaseRunUpdate,
    (update) => {
      run.migrateTo = update;
      return { toVersionId: update.toVersionId };
    },
    {
      validator: ({ toVersionId }) => {
        if (!current()) throw refuse(PHASE_UPDATE_FAILURES.notCurrent, 'the run is leaving its phase');
        if (toVersionId === input.versionId)
          throw refuse(PHASE_UPDATE_FAILURES.invalid, `the run already interprets version ${toVersionId}`);
      },
    },
  );

  const done = () =>
    !current() ||
    phaseComplete(
      phase.completion,
      [...tasks.values()].map((t) => ({ required: t.required, state: t.state })),
    );

  for (;;) {
    // What is due by now: reminders in order, then escalations (a reminder before its deadline's escalation).
    const now = Date.now();
    for (const t of tasks.values()) {
      while (
        t.state === 'open' &&
        t.remindersSent < t.remindersAt.length &&
        Date.parse(t.remindersAt[t.remindersSent]!) <= now
      ) {
        await activities.remindPhaseTask({
          tenant: input.tenant,
          taskId: t.id,
          reminder: t.remindersSent + 1,
        });
        t.remindersSent++;
      }
      for (const e of t.escalations) {
        if (t.state !== 'open' || e.level <= t.escalationLevel || Date.parse(e.at) > now) continue;
        await activities.escalatePhaseTask({ tenant: input.tenant, taskId: t.id, level: e.level });
        t.escalationLevel = e.level;
      }
    }
    if (done()) break;
    const next = nextMoment(tasks.values());
    if (next === null) await condition(done);
    else await condition(done, Math.max(1, next - Date.now()));
  }

  run.leaving = true;
  // An update being handled (its activity running) finishes before the phase is left or the run continues.
  await condition(allHandlersFinished);
  const at = () => new Date().toISOString();
  if (run.ended !== null) {
    await writes.leavePhase({
      tenant: input.tenant,
      phaseId: phase.phaseId,
      state: 'cancelled',
      at: at(),
    });
    await writes.endPhaseRun({
      tenant: input.tenant,
      internshipId: input.internshipId,
      state: run.ended,
    });
    return state();
  }
  const migration = run.migrateTo;
  if (migration) {
    await writes.leavePhase({
      tenant: input.tenant,
      phaseId: phase.phaseId,
      state: 'migrated',
      at: at(),
      userId: migration.userId,
    });
    return continueAsNew<typeof internshipPhases>({
      tenant: input.tenant,
      internshipId: input.internshipId,
      versionId: migration.toVersionId,
      phaseIndex: phase.index,
      phaseKey: phase.definitionPhaseId,
      entry: entry + 1,
      carryFromPhaseId: phase.phaseId,
    });
  }
  await writes.leavePhase({
    tenant: input.tenant,
    phaseId: phase.phaseId,
    state: 'completed',
    at: at(),
    ...(run.closedBy ? { userId: run.closedBy } : {}),
  });
  if (phase.last) {
    await writes.endPhaseRun({
      tenant: input.tenant,
      internshipId: input.internshipId,
      state: 'completed',
    });
    run.ended = 'completed';
    return state();
  }
  return continueAsNew<typeof internshipPhases>({
    tenant: input.tenant,
    internshipId: input.internshipId,
    versionId: input.versionId,
    phaseIndex: phase.index + 1,
    entry: entry + 1,
  });
}
