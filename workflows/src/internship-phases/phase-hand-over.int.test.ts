import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { TPhasePlan } from '@stageplein/contracts/placements/phase-run-policy';
import { internshipPhasesWorkflowId, SIGNALS } from '@stageplein/contracts/workflows/names';
import type { TPhaseRunActivities } from '@stageplein/placements/activities';
import { phaseWorkflows, type TPhaseWorkflows } from '@stageplein/placements/phase-runs/phase-workflows';
import { phaseRunStandIns, samplePlan } from '../../test/phase-run-stand-ins.ts';
import { testTemporal, type TTestTemporal } from '../../test/temporal-client.ts';
import { createWorker } from '../worker.ts';

/**
 * The run between two phases (issue #33): the activity that enters a phase writes the read model (the
 * task is open in the active phase) before the run stands in that phase: at the start, before the run has
 * the activity's answer, and at a phase boundary, where the run that completed a phase enters the next
 * one and then continues as new. Whoever reads the read model right then (the student's button,
 * placements' consumer of `internship_phase.entered`) sends the completion through placements'
 * `phaseWorkflows` to the workflow id; it must complete the task, never be refused as
 * `phase_task_not_current` (or as an update without a handler).
 *
 * The window is made wide on purpose: the workflow task timeout is 2 s and the stand-in activity, having
 * written, holds its answer for 3 s, so the SDK's worker heartbeats the workflow task (at 80% of the
 * timeout) and the server hands the update to the run in a workflow task of its own while the run is
 * still entering (what a slow activity on a loaded machine does). On the run's real Temporal dev server:
 * update admission, delivery and continue-as-new are the server's.
 */
const VERSION = '00000000-0000-4000-8000-0000000000e1';
const FIRST_TASK = '00000000-0000-4000-8000-0000000000b1';
const SECOND_TASK = '00000000-0000-4000-8000-0000000000b3';
const WORKFLOW_TASK_TIMEOUT = '2 seconds';
/** Longer than the workflow task's heartbeat (80% of its timeout): timing on purpose, see above. */
const HOLD_MS = 3_000;

const base = samplePlan(VERSION);
const [signUp, finished] = base.phases;
/** Three phases: sign-up (the student's task), contract (another of the student's), finished (none). */
const plan: TPhasePlan = {
  ...base,
  phases: [
    signUp!,
    {
      id: '00000000-0000-4000-8000-0000000000a3',
      name: { nl: 'Contract', en: 'Contract' },
      status: 'preparing',
      completion: 'all_required',
      tasks: [
        {
          id: SECOND_TASK,
          title: { nl: 'Contract tekenen', en: 'Sign the contract' },
          kind: 'checklist',
          actor: 'student',
          required: true,
          deadline: null,
          reminder_days: [],
          escalation: { mentor_after_days: null, school_admin_after_days: null },
        },
      ],
    },
    finished!,
  ],
};

let temporal: TTestTemporal;
let phases: TPhaseWorkflows;

beforeAll(async () => {
  temporal = await testTemporal(inject('temporalAddress'));
  // Placements' own path: kit's client of the process and the phase runs' start and Update calls.
  phases = phaseWorkflows(temporal.placements);
}, 60_000);
afterAll(() => temporal?.close(), 60_000);

/**
 * One internship's run on a worker of its own whose `enterPhase` of `entry`, once it has written the
 * phase, sends the completion of `taskKey` in that phase (as a reader of the read model would) and holds
 * its answer.
 */
async function raceAtEntry(entry: number, taskKey: string) {
  const { client, native, namespace } = temporal;
  const stand = phaseRunStandIns(new Map([[VERSION, plan]]));
  const internshipId = randomUUID();
  const workflowId = internshipPhasesWorkflowId(internshipId);
  const taskId = `phase-${internshipId}-${entry}/${taskKey}`;
  let completion: Promise<'done' | unknown> | undefined;
  const activities: TPhaseRunActivities = {
    ...stand.activities,
    async enterPhase(input) {
      const entered = await stand.activities.enterPhase(input);
      if (input.entry === entry && !completion) {
        completion = phases
          .completeTask(workflowId, { taskId, userId: 'u-student', actors: ['student'] })
          .then(
            () => 'done',
            (error: unknown) => error,
          );
        await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      }
      return entered;
    },
  };
  const taskQueue = `phase-hand-over-${randomUUID()}`;
  const worker = await createWorker({
    connection: native,
    namespace,
    taskQueue,
    workflowBundlePath: inject('workflowBundlePath'),
    activities,
  });
  return {
    stand,
    taskId,
    /** The outcome of the completion sent at the entry ('done' or the error), once it was sent. */
    completion: async () => {
      await expect.poll(() => completion !== undefined, { timeout: 30_000 }).toBe(true);
      return completion;
    },
    run: <T>(fn: (start: () => Promise<void>) => Promise<T>) =>
      worker.runUntil(
        fn(async () => {
          await client.workflow.start('internshipPhases', {
            taskQueue,
            workflowId,
            workflowTaskTimeout: WORKFLOW_TASK_TIMEOUT,
            args: [{ tenant: 'demo', internshipId, versionId: VERSION }],
          });
        }),
      ),
    result: () => client.workflow.getHandle(workflowId).result(),
    workflowId,
    internshipId,
  };
}

it(
  'completes a task sent while the run that completed the phase before continues as new into its phase',
  { timeout: 120_000 },
  async () => {
    const race = await raceAtEntry(1, SECOND_TASK);
    await race.run(async (start) => {
      await start();
      // The first phase entered (its task open in the read model): the student completes it.
      await expect.poll(() => race.stand.phases.size, { timeout: 30_000 }).toBe(1);
      await phases.completeTask(race.workflowId, {
        taskId: `phase-${race.internshipId}-0/${FIRST_TASK}`,
        userId: 'u-student',
        actors: ['student'],
      });
      expect(await race.completion()).toBe('done');
      expect(await race.result()).toMatchObject({ ended: 'completed', phaseIndex: 2 });
    });
    expect(race.stand.tasks.get(race.taskId)?.state).toBe('done');
    // Entered once each, the second task completed once (by the new run, in the read model).
    const names = race.stand.calls.map((c) => [c.name, c.input.entry ?? c.input.taskId ?? null]);
    expect(names.filter(([n]) => n === 'enterPhase')).toEqual([
      ['enterPhase', 0],
      ['enterPhase', 1],
      ['enterPhase', 2],
    ]);
    expect(names.filter(([n]) => n === 'completePhaseTask').map(([, id]) => id)).toEqual([
      `phase-${race.internshipId}-0/${FIRST_TASK}`,
      race.taskId,
    ]);
  },
);

it(
  'completes a task sent while the run is still entering its first phase',
  { timeout: 120_000 },
  async () => {
    const race = await raceAtEntry(0, FIRST_TASK);
    await race.run(async (start) => {
      await start();
      expect(await race.completion()).toBe('done');
      expect(race.stand.tasks.get(race.taskId)?.state).toBe('done');
      // The run moved on: it stands in the second phase now.
      await expect.poll(() => race.stand.phases.size, { timeout: 30_000 }).toBe(2);
      await temporal.client.workflow
        .getHandle(race.workflowId)
        .signal(SIGNALS.internshipEnded, { status: 'cancelled' });
      expect(await race.result()).toMatchObject({ ended: 'cancelled' });
    });
  },
);
