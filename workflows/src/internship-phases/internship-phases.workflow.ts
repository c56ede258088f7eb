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
import type { TEnteredPhase, TPhaseRunActivities, TRunTask } from '@stageplein/placements/activities';

/** A phase the previous run entered (continue-as-new hands it over instead of entering it again). */
type TEntered = Extract<TEnteredPhase, { kind: 'entered' }>;
/** The run's input: contracts' start input, and the phase already entered when a run continues as new. */
export interface TPhaseRunInput extends TInternshipPhasesInput {
  entered?: TEntered;
}

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
/**
 * The next phase is entered by the run that completed the one before: one that completes at once (no task
 * open, e.g. the task-less last phase "afgerond") is left in the same run, and the internship's run ends
 * without a continue-as-new into it; one that waits is handed to the new run as entered (`entered`), which
 * does not enter it again. Executions recorded before this patch continue as new and enter the phase there.
 */
export const INLINE_NEXT_PHASE = 'phase-next-entered-before-continue-as-new';

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
 * Updates whose validators refuse the wrong actor, a task of another phase and a task already done
 * (and, while the run is between two phases, hand the update on: `PHASE_UPDATE_FAILURES.handingOver`),
 * and at the phase's end continues as new with the next phase, so a history never holds more than one
 * phase. The internship ending (signal) ends it; a migration (Update, logged by the route) continues as
 * new on the other version at the same phase, done tasks carried over.
 */
export async function internshipPhases(input: TPhaseRunInput): Promise<TPhaseRunState> {
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
  let phaseIndex = input.phaseIndex ?? 0;

  const state = (): TPhaseRunState => ({
    versionId: input.versionId,
    phaseIndex,
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
  /** The read model's run ends with `ended`, and so does this workflow. */
  const endRun = async (ended: TInternshipEndedSignal['status']) => {
    await writes.endPhaseRun({ tenant: input.tenant, internshipId: input.internshipId, state: ended });
    run.ended = ended;
    return state();
  };
  /** The phase the run stands in now (the query's answer; the validators' tasks). */
  let phase: TEntered | null = null;
  const standIn = (entered: TEntered) => {
    phase = entered;
    phaseId = entered.phaseId;
    phaseIndex = entered.index;
    tasks.clear();
    for (const t of entered.tasks) tasks.set(t.id, { ...t });
  };

  // The Updates' handlers are registered before the phase is entered, so one that arrives meanwhile is
  // answered by its validator (a handler registered only after the first activation would leave it
  // unhandled, and the SDK rejects an unhandled update at the end of each activation).
  const current = () =>
    phase !== null && !run.leaving && run.ended === null && run.migrateTo === null && run.closedBy === null;
  /**
   * An update while the run does not stand in a phase: before it entered its phase, or while it leaves it
   * (its tasks done, closed by hand, migrated) to continue as new, the run that stands in the next phase
   * answers (`handingOver`: the caller sends it again to the workflow id); when the internship ended, nothing does.
   */
  const notStanding = (what: string) =>
    run.ended === null
      ? refuse(PHASE_UPDATE_FAILURES.handingOver, `the run is between two phases: send ${what} again`)
      : refuse(PHASE_UPDATE_FAILURES.notCurrent, `the run has ended: ${what} is not of a current phase`);
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
        if (task?.state === 'done')
          throw refuse(PHASE_UPDATE_FAILURES.completed, `task ${taskId} is already done`);
        if (!current()) throw notStanding(`task ${taskId}`);
        if (!task)
          throw refuse(PHASE_UPDATE_FAILURES.notCurrent, `task ${taskId} is not of the current phase`);
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
        if (!current() || !phase) throw notStanding(`phase ${id}`);
        if (id !== phase.phaseId)
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
        if (!current()) throw notStanding('the migration');
        if (toVersionId === input.versionId)
          throw refuse(PHASE_UPDATE_FAILURES.invalid, `the run already interprets version ${toVersionId}`);
      },
    },
  );

  /** The phase this run entered (or was handed) and leaves; `standIn` moves the validators' phase on. */
  const own =
    input.entered ??
    (await writes.enterPhase({
      tenant: input.tenant,
      internshipId: input.internshipId,
      versionId: input.versionId,
      phaseIndex: input.phaseIndex ?? 0,
      phaseKey: input.phaseKey,
      entry,
      at: new Date().toISOString(),
      carryFromPhaseId: input.carryFromPhaseId,
    }));
  // The internship ended (or the run did) before this phase started: nothing to enter.
  if (own.kind === 'ended') return endRun(own.state);
  standIn(own);

  const done = () =>
    !current() ||
    phaseComplete(
      own.completion,
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
      phaseId: own.phaseId,
      state: 'cancelled',
      at: at(),
    });
    return endRun(run.ended);
  }
  const migration = run.migrateTo;
  if (migration) {
    await writes.leavePhase({
      tenant: input.tenant,
      phaseId: own.phaseId,
      state: 'migrated',
      at: at(),
      userId: migration.userId,
    });
    return continueAsNew<typeof internshipPhases>({
      tenant: input.tenant,
      internshipId: input.internshipId,
      versionId: migration.toVersionId,
      phaseIndex: own.index,
      phaseKey: own.definitionPhaseId,
      entry: entry + 1,
      carryFromPhaseId: own.phaseId,
    });
  }
  await writes.leavePhase({
    tenant: input.tenant,
    phaseId: own.phaseId,
    state: 'completed',
    at: at(),
    ...(run.closedBy ? { userId: run.closedBy } : {}),
  });
  if (own.last) return endRun('completed');
  if (!patched(INLINE_NEXT_PHASE))
    return continueAsNew<typeof internshipPhases>({
      tenant: input.tenant,
      internshipId: input.internshipId,
      versionId: input.versionId,
      phaseIndex: own.index + 1,
      entry: entry + 1,
    });
  // The next phases in this run, as long as each completes at once; the first that waits goes to a new run.
  for (let next = { index: own.index + 1, entry: entry + 1 }; ;) {
    const entered = await writes.enterPhase({
      tenant: input.tenant,
      internshipId: input.internshipId,
      versionId: input.versionId,
      phaseIndex: next.index,
      entry: next.entry,
      at: at(),
    });
    if (entered.kind === 'ended') return endRun(entered.state);
    standIn(entered);
    if (run.ended === null && !completesAtOnce(entered))
      return continueAsNew<typeof internshipPhases>({
        tenant: input.tenant,
        internshipId: input.internshipId,
        versionId: input.versionId,
        phaseIndex: entered.index,
        entry: next.entry,
        entered,
      });
    await writes.leavePhase({
      tenant: input.tenant,
      phaseId: entered.phaseId,
      state: run.ended === null ? 'completed' : 'cancelled',
      at: at(),
    });
    if (run.ended !== null || entered.last) return endRun(run.ended ?? 'completed');
    next = { index: entered.index + 1, entry: next.entry + 1 };
  }
}

/** A phase the run would leave as soon as it entered it: complete by its rule and no task left open. */
function completesAtOnce(phase: TEntered): boolean {
  return (
    phase.tasks.every((t) => t.state !== 'open') &&
    phaseComplete(
      phase.completion,
      phase.tasks.map((t) => ({ required: t.required, state: t.state })),
    )
  );
}
