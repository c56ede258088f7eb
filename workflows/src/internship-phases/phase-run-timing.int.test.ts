import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Context } from '@temporalio/activity';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRequestedType } from '@stageplein/contracts/events/mail';
import {
  internshipPhasesWorkflowId,
  QUERIES,
  UPDATES,
  type TPhaseRunState,
} from '@stageplein/contracts/workflows/names';
import { placementsService } from '@stageplein/placements';
import { internshipParties, type TInternshipParties } from '@stageplein/placements/test/harness';
import {
  dueTask,
  internshipOnRun,
  phaseRunActivities,
  publishedWorkflow,
  type TPublishedWorkflow,
} from '@stageplein/placements/test/phase-runs';
import { serviceHarness, type TServiceHarness } from '@stageplein/testing/service-harness';
import { timeSkippingWorker } from '../../test/time-skipping.ts';

/**
 * Reminders and escalations at the right moments, with the real activities: the interpreter runs on
 * Temporal's time-skipping test server (infra/engines/temporal-test-server) and its worker runs placements'
 * own phase-run activities against a real seeded PostgreSQL (the product's tables, RLS, outbox). A phase's
 * task is due 3 days after the phase starts, with reminders 2 and 1 days before and escalation to the
 * mentor 1 day after and to the school admins 3 days after; days pass in moments. What is asserted is what
 * the activities wrote: `placements.mail.requested` in the outbox, the mail deliveries with the moment they
 * were requested, the task's row and the reminded/escalated events.
 *
 * The activities' clock is the workflow clock (the activity's scheduled time on the test server, where a
 * deployment's wall clock and workflow clock agree): `requested_at` says when the workflow acted.
 */
const WORKFLOW = path.join(path.dirname(fileURLToPath(import.meta.url)), 'internship-phases.workflow.ts');
const TASK_QUEUE = 'internship-phases-timing-test';
const DAY = 86_400_000;
const TENANT = 'demo' as const;

let h: TServiceHarness;
/** The school's admin, Sanne de Vries (the student) and her mentor. */
let w: TInternshipParties;
let run: TPublishedWorkflow;

const workflowClock = () => {
  try {
    return new Date(Context.current().info.currentAttemptScheduledTimestampMs);
  } catch {
    return new Date();
  }
};
type TActivities = ReturnType<typeof phaseRunActivities>;
// The worker starts before the database (its beforeAll is registered first): each call builds the real
// activities on the harness's database, as the worker's composition does, with the workflow clock.
const real = (): TActivities => phaseRunActivities(h, workflowClock);
const activities: TActivities = {
  enterPhase: (input) => real().enterPhase(input),
  completePhaseTask: (input) => real().completePhaseTask(input),
  remindPhaseTask: (input) => real().remindPhaseTask(input),
  escalatePhaseTask: (input) => real().escalatePhaseTask(input),
  leavePhase: (input) => real().leavePhase(input),
  endPhaseRun: (input) => real().endPhaseRun(input),
};
const temporal = timeSkippingWorker({ workflowsPath: WORKFLOW, taskQueue: TASK_QUEUE, activities });

/** An active internship of the student with its run on the published version (as activation writes it). */
async function activeInternship(): Promise<string> {
  const id = await internshipOnRun(h, w, run);
  temporal.started(internshipPhasesWorkflowId(id));
  return id;
}

/** Starts the run's workflow as placements' consumer of `placements.phase_run.started` does. */
async function startRun(internshipId: string) {
  return temporal.env.client.workflow.start('internshipPhases', {
    taskQueue: TASK_QUEUE,
    workflowId: internshipPhasesWorkflowId(internshipId),
    args: [{ tenant: TENANT, internshipId, versionId: run.versionId }],
  });
}

/** Polls `read` until `ready` holds (at most 60 s): an activity may still be committing. */
async function until<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (ready(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The run's state through its query once it entered its phase (the query answers before the activity did). */
async function entered(internshipId: string): Promise<TPhaseRunState> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const s = await temporal.env.client.workflow
      .getHandle(internshipPhasesWorkflowId(internshipId))
      .query<TPhaseRunState>(QUERIES.phaseRunState);
    if (s.phaseId !== null) return s;
    if (Date.now() > deadline) throw new Error(`the run never entered its phase: ${JSON.stringify(s)}`);
    // Between two polls: a tighter loop makes the test server refuse the connection's keep-alive pings.
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface TTaskRow {
  id: string;
  started_at: Date;
  due_at: Date;
  reminders_sent: number;
  escalation_level: number;
  state: string;
}
/** The internship's phase task as the activities wrote it, with its phase's start. */
async function taskOf(internshipId: string): Promise<TTaskRow> {
  const { rows } = await sql<TTaskRow>`select t.id, p.started_at, t.due_at, t.reminders_sent,
      t.escalation_level, t.state
    from placements.internship_phase_tasks t join placements.internship_phases p on p.id = t.internship_phase_id
    where t.internship_id = ${internshipId} and p.entry = 0`.execute(h.owner);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/**
 * The mail requested about the task, oldest first: who it went to, its subject, and the day after the
 * phase's start it was requested on (the deliveries' `requested_at`, the outbox's `placements.mail.requested`
 * joined by its delivery id: both written by the activity).
 */
async function mailsOf(task: TTaskRow) {
  const { rows } = await sql<{
    recipient_user_id: string;
    requested_at: Date;
    subject: string;
    outbox_recipient: string;
  }>`select d.recipient_user_id, d.requested_at, o.envelope->'data'->'vars'->'subject'->>'nl' as subject,
        o.envelope->'data'->'recipient'->>'user_id' as outbox_recipient
      from placements.mail_deliveries d
      join placements.outbox o on o.type = ${mailRequestedType('placements')} and o.aggregate_id = d.id::text
      where d.reference_type = 'phase_task' and d.reference_id = ${task.id}
      order by d.requested_at, o.seq`.execute(h.owner);
  for (const r of rows) expect(r.outbox_recipient).toBe(r.recipient_user_id);
  return rows.map((r) => ({
    to: r.recipient_user_id,
    subject: r.subject,
    // To the minute: the moment the workflow acted, counted in days from the phase's start.
    day: Math.round((r.requested_at.getTime() - task.started_at.getTime()) / 60_000) / (DAY / 60_000),
  }));
}

/** The task's reminded and escalated events in the outbox, in order. */
async function eventsOf(task: TTaskRow) {
  const { rows } = await sql<{ type: string; data: { reminder?: number; level?: number; to?: string } }>`
    select type, envelope->'data' as data from placements.outbox
    where type in ('placements.phase_task.reminded', 'placements.phase_task.escalated')
      and envelope->'data'->>'phase_task_id' = ${task.id}
    order by seq`.execute(h.owner);
  return rows.map((r) => [r.type.split('.').at(-1), r.data.reminder ?? r.data.level, r.data.to ?? null]);
}

beforeAll(async () => {
  h = await serviceHarness(placementsService, { now: new Date() });
  w = await internshipParties(h, TENANT);
  // The school's workflow, through the designer's routes: one task due 3 days after the phase starts.
  run = await publishedWorkflow(h, w.school, ['Aanmelden', 'Sign-up'], 'preparing', [
    dueTask(['Stageovereenkomst uploaden', 'Upload the agreement'], 'student', 'checklist', 3, {
      reminder_days: [2, 1],
      escalation: { mentor_after_days: 1, school_admin_after_days: 3 },
    }),
  ]);
}, 300_000);
afterAll(async () => h?.close(), 60_000);

// As internship-phases.int: generous timeouts keep a stalled test server apart from a failure.
const STALL_TIMEOUT = 300_000;

describe('phase task reminders and escalations by the real activities, in workflow time', () => {
  it(
    'requests the reminder mails, then the escalations to the mentor and the school admins, at their days',
    { timeout: STALL_TIMEOUT },
    async () => {
      const internshipId = await activeInternship();
      const handle = await startRun(internshipId);
      await entered(internshipId);
      const task = await taskOf(internshipId);
      expect((task.due_at.getTime() - task.started_at.getTime()) / DAY).toBe(3);
      expect(await mailsOf(task)).toEqual([]);

      // Half a day before the first reminder is due: nothing yet.
      await temporal.env.sleep('18 hours');
      expect(await mailsOf(task)).toEqual([]);
      // A week of workflow time passes in moments.
      await temporal.env.sleep('7 days');
      const mails = await until(
        () => mailsOf(task),
        (m) => m.length >= 4,
      );
      // Due on day 3: reminders to the student on days 1 and 2, the mentor on day 4, the school admin on day 6.
      expect(mails).toEqual([
        { to: w.student.id, subject: 'Herinnering: Stageovereenkomst uploaden', day: 1 },
        { to: w.student.id, subject: 'Herinnering: Stageovereenkomst uploaden', day: 2 },
        { to: w.mentor.id, subject: 'Te laat: Stageovereenkomst uploaden (Sanne de Vries)', day: 4 },
        { to: w.school.id, subject: 'Te laat: Stageovereenkomst uploaden (Sanne de Vries)', day: 6 },
      ]);
      expect(await eventsOf(task)).toEqual([
        ['reminded', 1, null],
        ['reminded', 2, null],
        ['escalated', 1, 'mentor'],
        ['escalated', 2, 'school_admin'],
      ]);
      expect(await taskOf(internshipId)).toMatchObject({
        reminders_sent: 2,
        escalation_level: 2,
        state: 'open',
      });
      // Each moment once, however long the task stays open.
      await temporal.env.sleep('7 days');
      expect(await mailsOf(task)).toHaveLength(4);

      // Escalated to the school admin, who completes it: the phase moves on and the run ends.
      await handle.executeUpdate(UPDATES.completePhaseTask, {
        args: [{ taskId: task.id, userId: w.school.id, actors: ['school_admin'] }],
      });
      expect(await temporal.env.client.workflow.getHandle(handle.workflowId).result()).toMatchObject({
        ended: 'completed',
        phaseIndex: 1,
      });
      expect(await taskOf(internshipId)).toMatchObject({ state: 'done' });
    },
  );

  it(
    'sends nothing more once the task is done: one reminder, then the student completes it on day 1½',
    { timeout: STALL_TIMEOUT },
    async () => {
      const internshipId = await activeInternship();
      const handle = await startRun(internshipId);
      await entered(internshipId);
      const task = await taskOf(internshipId);
      await temporal.env.sleep('36 hours');
      expect(
        await until(
          () => mailsOf(task),
          (m) => m.length >= 1,
        ),
      ).toEqual([{ to: w.student.id, subject: 'Herinnering: Stageovereenkomst uploaden', day: 1 }]);
      await handle.executeUpdate(UPDATES.completePhaseTask, {
        args: [{ taskId: task.id, userId: w.student.id, actors: ['student'] }],
      });
      await temporal.env.client.workflow.getHandle(handle.workflowId).result();
      await temporal.env.sleep('14 days');
      expect(await mailsOf(task)).toHaveLength(1);
      expect(await eventsOf(task)).toEqual([['reminded', 1, null]]);
      expect(await taskOf(internshipId)).toMatchObject({
        reminders_sent: 1,
        escalation_level: 0,
        state: 'done',
      });
    },
  );
});
