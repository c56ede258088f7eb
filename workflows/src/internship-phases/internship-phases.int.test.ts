import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import type { TPhasePlan } from '@stageplein/contracts/placements/phase-run-policy';
import {
  PHASE_UPDATE_FAILURES,
  QUERIES,
  SIGNALS,
  UPDATES,
  type TInternshipPhasesInput,
  type TPhaseRunState,
} from '@stageplein/contracts/workflows/names';
import { phaseRunStandIns, samplePlan } from '../../test/phase-run-stand-ins.ts';
import { timeSkippingWorker } from '../../test/time-skipping.ts';

/**
 * The internship-phases interpreter on Temporal's Java test server with time skipping
 * (infra/engines/temporal-test-server): a test of a deadline days away runs in seconds, and the moments
 * the workflow acts at are the workflow clock's (each stand-in activity records when it was scheduled).
 */
const WORKFLOW = path.join(path.dirname(fileURLToPath(import.meta.url)), 'internship-phases.workflow.ts');
const DAY = 86_400_000;
const TASK_QUEUE = 'internship-phases-test';
const V1 = '00000000-0000-4000-8000-0000000000e1';
const V2 = '00000000-0000-4000-8000-0000000000e2';
const plans = new Map<string, TPhasePlan>([
  [V1, samplePlan(V1)],
  // Version 2: a phase "Contract" between the two; the sign-up's task keeps its id, a new one is added.
  [
    V2,
    (() => {
      const v1 = samplePlan(V2);
      const [signUp, finished] = v1.phases;
      return {
        ...v1,
        phases: [
          {
            ...signUp!,
            tasks: [
              ...signUp!.tasks,
              {
                id: '00000000-0000-4000-8000-0000000000b3',
                title: { nl: 'Akkoord school', en: 'School approval' },
                kind: 'approval',
                actor: 'school_admin' as const,
                required: true,
                deadline: { from: 'phase_start' as const, days: 5 },
                reminder_days: [],
                escalation: { mentor_after_days: null, school_admin_after_days: null },
              },
            ],
          },
          {
            id: '00000000-0000-4000-8000-0000000000a3',
            name: { nl: 'Contract', en: 'Contract' },
            status: 'preparing',
            completion: 'manual' as const,
            tasks: [],
          },
          finished!,
        ],
      };
    })(),
  ],
]);

const stand = phaseRunStandIns(plans);
const temporal = timeSkippingWorker({
  workflowsPath: WORKFLOW,
  taskQueue: TASK_QUEUE,
  activities: stand.activities,
});
let n = 0;
const internshipId = () => {
  const id = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  temporal.started(`internship-phases-${id}`);
  return id;
};

async function start(input: Partial<TInternshipPhasesInput> = {}) {
  const id = input.internshipId ?? internshipId();
  const handle = await temporal.env.client.workflow.start('internshipPhases', {
    taskQueue: TASK_QUEUE,
    workflowId: `internship-phases-${id}`,
    args: [{ tenant: 'demo', internshipId: id, versionId: V1, ...input }],
  });
  return { id, handle };
}
const callsOf = (id: string) =>
  stand.calls.filter(
    (c) => c.input.internshipId === id || String(c.input.taskId ?? c.input.phaseId ?? '').includes(id),
  );
/**
 * The run's state through its query (the latest run of the workflow id, across continue-as-new), once
 * `until` holds: by default once the run entered its phase (the query answers before the activity did).
 */
async function stateOf(
  handle: Awaited<ReturnType<typeof start>>['handle'],
  until: (s: TPhaseRunState) => boolean = (s) => s.phaseId !== null || s.ended !== null,
): Promise<TPhaseRunState> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const s = await temporal.env.client.workflow
      .getHandle(handle.workflowId)
      .query<TPhaseRunState>(QUERIES.phaseRunState);
    if (until(s)) return s;
    if (Date.now() > deadline) throw new Error(`the run never reached the state: ${JSON.stringify(s)}`);
    // Between two polls: a tighter loop makes the test server refuse the connection's keep-alive pings.
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(WorkflowUpdateFailedError);
    const cause = (error as WorkflowUpdateFailedError).cause;
    return cause instanceof ApplicationFailure ? (cause.type ?? undefined) : String(cause);
  }
}
const update = (workflowId: string, name: string, arg: object) =>
  temporal.env.client.workflow.getHandle(workflowId).executeUpdate(name, { args: [arg] });

// Each test takes about a second, but the clean-clone CI (engines beside the unit and integration suites)
// once saw the Java test server stall for 88 s and, in the next test, past 120 s: generous timeouts
// keep a stall apart from a failure (a lost moment or a wrong answer still fails at once).
const STALL_TIMEOUT = 300_000;

describe('internship phases on the time-skipping test server', () => {
  it(
    'reminds, then escalates to the mentor and the school admin at the moments the definition gives',
    { timeout: STALL_TIMEOUT },
    async () => {
      const { id, handle } = await start();
      const state = await stateOf(handle);
      expect(state.phaseIndex).toBe(0);
      const [task] = state.openTaskIds;
      const entered = callsOf(id).find((c) => c.name === 'enterPhase')!;
      const t0 = Date.parse(String(entered.input.at));

      // A week of workflow time passes in a moment.
      await temporal.env.sleep('7 days');
      const acted = callsOf(id)
        .filter((c) => c.name === 'remindPhaseTask' || c.name === 'escalatePhaseTask')
        .map((c) => [c.name, c.input.reminder ?? c.input.level, Math.round((c.at - t0) / DAY)]);
      // Due 3 days after the phase started; reminders 2 and 1 days before; mentor 1 day, school admin 3 days after.
      expect(acted).toEqual([
        ['remindPhaseTask', 1, 1],
        ['remindPhaseTask', 2, 2],
        ['escalatePhaseTask', 1, 4],
        ['escalatePhaseTask', 2, 6],
      ]);
      // Each moment once: a reminder or escalation is never repeated however long the task stays open.
      await temporal.env.sleep('7 days');
      expect(
        callsOf(id).filter((c) => c.name === 'remindPhaseTask' || c.name === 'escalatePhaseTask'),
      ).toHaveLength(4);

      // Escalated to the school admin: they may complete it now. The phase completes; the run enters the
      // last phase (no tasks), which completes at once, so the same run leaves it and ends.
      await update(handle.workflowId, UPDATES.completePhaseTask, {
        taskId: task,
        userId: 'u-admin',
        actors: ['school_admin'],
      });
      const result = await temporal.env.client.workflow.getHandle(handle.workflowId).result();
      expect(result).toMatchObject({ ended: 'completed', phaseIndex: 1 });
      expect(callsOf(id).map((c) => c.name)).toEqual([
        'enterPhase',
        'remindPhaseTask',
        'remindPhaseTask',
        'escalatePhaseTask',
        'escalatePhaseTask',
        'completePhaseTask',
        'leavePhase',
        'enterPhase',
        'leavePhase',
        'endPhaseRun',
      ]);
      // The second phase was entered with the next entry, by the same run: no continue-as-new into it.
      const enters = callsOf(id).filter((c) => c.name === 'enterPhase');
      expect(enters.map((c) => [c.input.phaseIndex, c.input.entry])).toEqual([
        [0, 0],
        [1, 1],
      ]);
      const first = await temporal.env.client.workflow
        .getHandle(handle.workflowId, handle.firstExecutionRunId)
        .describe();
      expect(first.status.name).toBe('COMPLETED');
    },
  );

  it(
    'refuses the wrong actor, a task done and a task of another phase, with their failure types',
    { timeout: STALL_TIMEOUT },
    async () => {
      const { id, handle } = await start();
      const state = await stateOf(handle);
      const [studentTask, mentorTask] = state.openTaskIds;
      expect(
        await refusal(
          update(handle.workflowId, UPDATES.completePhaseTask, {
            taskId: studentTask,
            userId: 'u-m',
            actors: ['mentor'],
          }),
        ),
      ).toBe(PHASE_UPDATE_FAILURES.wrongActor);
      expect(
        await refusal(
          update(handle.workflowId, UPDATES.completePhaseTask, {
            taskId: mentorTask,
            userId: 'u-s',
            actors: ['student'],
          }),
        ),
      ).toBe(PHASE_UPDATE_FAILURES.wrongActor);
      // The mentor's own (optional) task: done; a second time: refused as done.
      await update(handle.workflowId, UPDATES.completePhaseTask, {
        taskId: mentorTask,
        userId: 'u-m',
        actors: ['mentor'],
      });
      expect(
        await refusal(
          update(handle.workflowId, UPDATES.completePhaseTask, {
            taskId: mentorTask,
            userId: 'u-m',
            actors: ['mentor'],
          }),
        ),
      ).toBe(PHASE_UPDATE_FAILURES.completed);
      expect(
        await refusal(
          update(handle.workflowId, UPDATES.completePhaseTask, {
            taskId: 'no-such-task',
            userId: 'u-s',
            actors: ['student'],
          }),
        ),
      ).toBe(PHASE_UPDATE_FAILURES.notCurrent);
      // Only the student's required task completes the phase (the optional one did not).
      expect((await stateOf(handle)).phaseIndex).toBe(0);
      await update(handle.workflowId, UPDATES.completePhaseTask, {
        taskId: studentTask,
        userId: 'u-s',
        actors: ['student'],
      });
      expect(await temporal.env.client.workflow.getHandle(handle.workflowId).result()).toMatchObject({
        ended: 'completed',
      });
      // Refused updates ran no activity: only the two accepted completions reached the read model.
      expect(
        callsOf(id)
          .filter((c) => c.name === 'completePhaseTask')
          .map((c) => c.input.taskId),
      ).toEqual([mentorTask, studentTask]);
    },
  );

  it(
    'ends when the internship is cancelled: the phase is cancelled, the run ends, no timer fires after',
    { timeout: STALL_TIMEOUT },
    async () => {
      const { id, handle } = await start();
      await stateOf(handle);
      await temporal.env.sleep('36 hours');
      await handle.signal(SIGNALS.internshipEnded, { status: 'cancelled' });
      expect(await handle.result()).toMatchObject({ ended: 'cancelled', phaseIndex: 0 });
      const names = callsOf(id).map((c) => c.name);
      expect(names).toEqual(['enterPhase', 'remindPhaseTask', 'leavePhase', 'endPhaseRun']);
      expect(callsOf(id).find((c) => c.name === 'leavePhase')!.input.state).toBe('cancelled');
      expect(stand.ended.get(id)).toBe('cancelled');
      await temporal.env.sleep('7 days');
      expect(callsOf(id)).toHaveLength(4);
    },
  );

  it(
    "migrates explicitly: the same phase on the new version, with that version's tasks",
    { timeout: STALL_TIMEOUT },
    async () => {
      const { id, handle } = await start();
      const [studentTask] = (await stateOf(handle)).openTaskIds;
      const v1 = samplePlan(V1);
      // Refused: the version it already runs.
      expect(
        await refusal(
          update(handle.workflowId, UPDATES.migratePhaseRun, { toVersionId: V1, userId: 'u-admin' }),
        ),
      ).toBe(PHASE_UPDATE_FAILURES.invalid);
      await update(handle.workflowId, UPDATES.migratePhaseRun, { toVersionId: V2, userId: 'u-admin' });
      const after = await stateOf(handle, (s) => s.versionId === V2 && s.phaseId !== null);
      expect(after.versionId).toBe(V2);
      expect(after.phaseIndex).toBe(0);
      const entered = callsOf(id).filter((c) => c.name === 'enterPhase');
      expect(entered.map((c) => [c.input.versionId, c.input.phaseKey ?? null, c.input.entry])).toEqual([
        [V1, null, 0],
        [V2, v1.phases[0]!.id, 1],
      ]);
      expect(callsOf(id).find((c) => c.name === 'leavePhase')!.input).toMatchObject({
        state: 'migrated',
        userId: 'u-admin',
      });
      // The old phase's task is no longer current.
      expect(
        await refusal(
          update(handle.workflowId, UPDATES.completePhaseTask, {
            taskId: studentTask,
            userId: 'u-s',
            actors: ['student'],
          }),
        ),
      ).toBe(PHASE_UPDATE_FAILURES.notCurrent);
      // Three open tasks now: the two of version 1 (by their definition ids) and the school admin's new one.
      expect(after.openTaskIds).toHaveLength(3);
      await handle.signal(SIGNALS.internshipEnded, { status: 'completed' });
      expect(await temporal.env.client.workflow.getHandle(handle.workflowId).result()).toMatchObject({
        ended: 'completed',
      });
    },
  );

  it(
    'carries a done task across a migration, and closes a "by hand" phase only for the school',
    { timeout: STALL_TIMEOUT },
    async () => {
      const { id, handle } = await start();
      const [studentTask, mentorTask] = (await stateOf(handle)).openTaskIds;
      // The mentor's optional task is done in version 1; the phase stays (the student's required one is open).
      await update(handle.workflowId, UPDATES.completePhaseTask, {
        taskId: mentorTask,
        userId: 'u-m',
        actors: ['mentor'],
      });
      await update(handle.workflowId, UPDATES.migratePhaseRun, { toVersionId: V2, userId: 'u-admin' });
      const first = await stateOf(handle, (s) => s.versionId === V2 && s.phaseId !== null);
      // Carried over: the mentor's task is done in version 2's phase too; the student's and the new approval are open.
      const keyOf = (taskId: string) => taskId.split('/')[1];
      expect(first.openTaskIds.map(keyOf).sort()).toEqual(
        [keyOf(studentTask!), '00000000-0000-4000-8000-0000000000b3'].sort(),
      );
      for (const [taskId, actor] of [
        [first.openTaskIds.find((t) => keyOf(t) === keyOf(studentTask!))!, 'student'],
        [first.openTaskIds.find((t) => keyOf(t) === '00000000-0000-4000-8000-0000000000b3')!, 'school_admin'],
      ] as const)
        await update(handle.workflowId, UPDATES.completePhaseTask, {
          taskId,
          userId: `u-${actor}`,
          actors: [actor],
        });
      // The phase completed: the run entered "Contract", whose completion is by hand, so it waits: the run
      // continued as new with it entered (the new run does not enter it again).
      const contract = await stateOf(handle, (s) => s.phaseIndex === 1 && s.phaseId !== null);
      expect(contract).toMatchObject({ phaseIndex: 1, versionId: V2, openTaskIds: [] });
      const started = (await temporal.env.client.workflow.getHandle(handle.workflowId).fetchHistory())
        .events![0]!.workflowExecutionStartedEventAttributes!;
      expect(started.continuedExecutionRunId).toBeTruthy();
      const input = JSON.parse(Buffer.from(started.input!.payloads![0]!.data!).toString());
      expect(input).toMatchObject({ phaseIndex: 1, entry: 2, entered: { phaseId: contract.phaseId } });
      expect(
        await refusal(
          update(handle.workflowId, UPDATES.completePhase, {
            phaseId: contract.phaseId,
            userId: 'u-s',
            actors: ['student'],
          }),
        ),
      ).toBe(PHASE_UPDATE_FAILURES.wrongActor);
      await update(handle.workflowId, UPDATES.completePhase, {
        phaseId: contract.phaseId,
        userId: 'u-a',
        actors: ['school_admin'],
      });
      expect(await temporal.env.client.workflow.getHandle(handle.workflowId).result()).toMatchObject({
        ended: 'completed',
        phaseIndex: 2,
      });
      // Each phase entered once, in order; the last ("Afgerond", no tasks) by the run that closed "Contract".
      const enters = callsOf(id).filter((c) => c.name === 'enterPhase');
      expect(enters.map((c) => [c.input.versionId, c.input.phaseIndex, c.input.entry])).toEqual([
        [V1, 0, 0],
        [V2, 0, 1],
        [V2, 1, 2],
        [V2, 2, 3],
      ]);
      expect(
        callsOf(id)
          .slice(-3)
          .map((c) => [c.name, c.input.state ?? null]),
      ).toEqual([
        ['enterPhase', null],
        ['leavePhase', 'completed'],
        ['endPhaseRun', 'completed'],
      ]);
    },
  );
});
