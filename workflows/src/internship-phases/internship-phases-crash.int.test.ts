import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Connection, WorkflowClient } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import {
  internshipPhasesWorkflowId,
  QUERIES,
  UPDATES,
  type TPhaseRunState,
} from '@stageplein/contracts/workflows/names';
import { startProcess, type TProcess } from '@stageplein/testing/processes';
import { eventually } from '@stageplein/testing/eventually';

/**
 * A worker process killed (SIGKILL) in the middle of a phase loses nothing: a new process, with no cache
 * of the run, rebuilds it from its history, repeats no activity the first one finished, acts on the later
 * moments in order and takes the task's Update; the run completes.
 *
 * On the run's real Temporal dev server, not the Java time-skipping test server: a killed worker leaves
 * its work to the server's own timeouts and matching, which the time-skipping server runs on a clock it
 * holds while a workflow task is outstanding (its known defects can leave a task started and never timed
 * out, temporalio/sdk-java#3088); the earlier graceful-stop version of this test passed there unloaded
 * but hung past 120 and 300 s under load (docs/decisions/phases.md "Runtime"). Real time instead: the stand-in
 * activities shorten the plan's day to DAY_MS, so the sample task's moments (reminders 1 and 2 days
 * before its 3-day deadline, the mentor 1 day after it, the school admin 3 days after) fall 3–18 s
 * after the phase starts.
 */
const DAY_MS = 3_000;
const VERSION = '00000000-0000-4000-8000-0000000000e1';
const STUDENT_TASK = '00000000-0000-4000-8000-0000000000b1';
const EventType = temporal.api.enums.v1.EventType;

let connection: Connection;
let client: WorkflowClient;
let dir: string;
const workers: TProcess[] = [];

beforeAll(async () => {
  connection = await Connection.connect({ address: inject('temporalAddress') });
  client = new WorkflowClient({ connection });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phases-crash-'));
}, 60_000);
afterAll(async () => {
  for (const w of workers) await w.kill();
  await connection?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

interface TCall {
  name: string;
  at: number;
  pid: number;
  input: { taskId?: string; reminder?: number; level?: number; entry?: number };
}

it(
  'loses nothing when its worker process is killed mid-phase: a new process replays the run and goes on',
  { timeout: 240_000 },
  async () => {
    const taskQueue = `internship-phases-crash-${randomUUID()}`;
    const callsFile = path.join(dir, `${taskQueue}.jsonl`);
    const calls = (): TCall[] =>
      fs.existsSync(callsFile)
        ? fs
            .readFileSync(callsFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as TCall)
        : [];
    const startWorker = async (name: string) => {
      const worker = startProcess(name, 'workflows/test/phase-run-worker.ts', {
        TEMPORAL_ADDRESS: inject('temporalAddress'),
        WORKFLOW_BUNDLE: inject('workflowBundlePath'),
        TASK_QUEUE: taskQueue,
        CALLS_FILE: callsFile,
        VERSION_ID: VERSION,
        DAY_MS: String(DAY_MS),
      });
      workers.push(worker);
      await worker.waitFor(/worker ready/, 120_000);
      return worker;
    };
    const history = async () =>
      (await client.getHandle(workflowId).fetchHistory()).events?.map((e) => e.eventType) ?? [];
    const internshipId = randomUUID();
    const workflowId = internshipPhasesWorkflowId(internshipId);

    const first = await startWorker('phases-worker-1');
    const handle = await client.start('internshipPhases', {
      taskQueue,
      workflowId,
      args: [{ tenant: 'demo', internshipId, versionId: VERSION }],
    });
    // The first reminder done and its result in the history, the run waiting on its next timer: kill.
    await eventually(async () => {
      const events = await history();
      const reminded = events.lastIndexOf(EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED);
      if (!calls().some((c) => c.name === 'remindPhaseTask') || reminded < 0)
        throw new Error('no reminder yet');
      if (events.lastIndexOf(EventType.EVENT_TYPE_TIMER_STARTED) < reminded)
        throw new Error('the run is not waiting on its next moment yet');
    }, 60_000);
    await first.kill();
    const atKill = calls();
    // Killed between two moments: the phase entered and reminded once, its later moments still ahead.
    expect(atKill.map((c) => [c.name, c.input.reminder ?? c.input.entry ?? null]).slice(0, 2)).toEqual([
      ['enterPhase', 0],
      ['remindPhaseTask', 1],
    ]);
    expect(atKill.some((c) => c.name === 'escalatePhaseTask')).toBe(false);
    console.log(`[crash] worker killed after ${atKill.map((c) => c.name).join(', ')}`);

    // A new process: it knows nothing of the run but its history (and the "database" the activities wrote).
    const second = await startWorker('phases-worker-2');
    const entered = atKill[0]!;
    const phaseStart = Date.parse(String((entered.input as { at?: string }).at));
    await eventually(async () => {
      if (!calls().some((c) => c.name === 'escalatePhaseTask' && c.input.level === 2))
        throw new Error('not escalated to the school admin yet');
    }, 120_000);
    // The mentor completes the student's task after the escalation (the same Update the routes send).
    const state = await handle.query<TPhaseRunState>(QUERIES.phaseRunState);
    const [taskId] = state.openTaskIds.filter((id) => id.endsWith(STUDENT_TASK));
    expect(taskId).toBeDefined();
    await handle.executeUpdate(UPDATES.completePhaseTask, {
      args: [{ taskId, userId: 'u-mentor', actors: ['mentor'] }],
    });
    expect(await handle.result()).toMatchObject({ ended: 'completed' });

    const all = calls();
    // After the kill every activity ran in the second process only, none repeated, each moment in order.
    expect(all.slice(2).every((c) => c.pid === second.child.pid)).toBe(true);
    expect(
      all
        .filter((c) => c.input.taskId === undefined || c.input.taskId === taskId)
        .map((c) => [c.name, c.input.reminder ?? c.input.level ?? c.input.entry ?? null])
        .slice(0, 6),
    ).toEqual([
      ['enterPhase', 0],
      ['remindPhaseTask', 1],
      ['remindPhaseTask', 2],
      ['escalatePhaseTask', 1],
      ['escalatePhaseTask', 2],
      ['completePhaseTask', null],
    ]);
    expect(all.filter((c) => c.name === 'remindPhaseTask')).toHaveLength(2);
    expect(all.filter((c) => c.name === 'escalatePhaseTask')).toHaveLength(2);
    expect(all.filter((c) => c.name === 'completePhaseTask')).toHaveLength(1);
    // No moment acted on early: reminders at days 1 and 2, escalations at days 4 and 6 after the start.
    const moment = (name: string, n: number) =>
      all.find((c) => c.name === name && (c.input.reminder ?? c.input.level) === n)!.at;
    expect(moment('remindPhaseTask', 1)).toBeGreaterThanOrEqual(phaseStart + 1 * DAY_MS);
    expect(moment('remindPhaseTask', 2)).toBeGreaterThanOrEqual(phaseStart + 2 * DAY_MS);
    expect(moment('escalatePhaseTask', 1)).toBeGreaterThanOrEqual(phaseStart + 4 * DAY_MS);
    expect(moment('escalatePhaseTask', 2)).toBeGreaterThanOrEqual(phaseStart + 6 * DAY_MS);
    // The history holds each activity once: the new worker's replay scheduled nothing again. The timed
    // ones are activities; entering, the completion and leaving are local activities (markers), and the
    // same run enters, leaves and ends the task-less last phase (three more).
    const events = (await client.getHandle(workflowId, handle.firstExecutionRunId).fetchHistory()).events!;
    const scheduled = events
      .filter((e) => e.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
      .map((e) => e.activityTaskScheduledEventAttributes?.activityType?.name);
    expect(scheduled).toEqual([
      'remindPhaseTask',
      'remindPhaseTask',
      'escalatePhaseTask',
      'escalatePhaseTask',
    ]);
    const local = events.filter(
      (e) =>
        e.eventType === EventType.EVENT_TYPE_MARKER_RECORDED &&
        e.markerRecordedEventAttributes?.markerName === 'core_local_activity',
    );
    expect(local).toHaveLength(6);
  },
);
