import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENTS_SUPERVISOR_PATH } from '@stageplein/contracts/placements/assignment-policy';
import { openLink } from '@stageplein/kit/mail/sealed-link';
import {
  asOwner,
  expectStatus,
  harness,
  internshipParties,
  outboxEvents,
  type THarness,
  type TInternshipParties,
} from '../../test/harness.ts';
import {
  dueTask,
  enterFirstPhase,
  internshipOnRun,
  publishedWorkflow,
  requestedMails,
  type TPublishedWorkflow,
} from '../../test/phase-runs.ts';

/**
 * A phase's assignment task names one of the school's published assignments (docs/decisions/phases.md):
 * an internship that was not selected when the assignment was published gets its assignment task on
 * entering the phase, and its approved supervisor the assignments' link by mail, so the task can be
 * completed by the supervisor's answer. Once: the workflow's retried activity adds nothing. Without an
 * approved supervisor there is no task (the phase's task escalates as any other).
 */
let h: THarness;
let w: TInternshipParties;
let run: TPublishedWorkflow;
const ASSIGNMENT = randomUUID();
const SELECTED = randomUUID();
const SUPERVISOR = 'petra.praktijk@bakkerij.test';
const FORM_ID = randomUUID();
const FORM = {
  format: 1,
  title: { nl: 'Beoordeling', en: 'Review' },
  pages: [
    {
      id: 'p',
      sections: [
        {
          id: 's',
          fields: [
            {
              id: 'grade',
              type: 'scale',
              label: { nl: 'Cijfer', en: 'Grade' },
              min: 1,
              max: 5,
              rules: { required: true },
            },
          ],
        },
      ],
    },
  ],
};

/** An internship on the run, its supervisor approved by the school (or none). */
const internship = (supervisor: string | null) =>
  internshipOnRun(h, w, run, {
    supervisor_name: supervisor ? 'Petra Praktijk' : null,
    supervisor_email: supervisor,
    supervisor_approved_email: supervisor,
    supervisor_approved_at: supervisor ? new Date() : null,
  });

const enter = (internshipId: string) => enterFirstPhase(h, internshipId, run.versionId);

const tasksOf = async (internshipId: string) =>
  (
    await sql<{ id: string; supervisor_key: string; status: string }>`select id, supervisor_key, status
      from placements.assignment_tasks where assignment_id = ${ASSIGNMENT} and internship_id = ${internshipId}`.execute(
      h.owner,
    )
  ).rows;

/** The assignments' links mailed to the supervisor (the sealed links opened). */
async function linksTo(email: string): Promise<string[]> {
  return (await requestedMails(h))
    .filter((m) => m.recipient.email === email && m.link_sealed)
    .map((m) => openLink(h.platform.config, m.link_sealed!)!)
    .filter((l) => l.includes(`${ASSIGNMENTS_SUPERVISOR_PATH}#`));
}

beforeAll(async () => {
  h = await harness();
  w = await internshipParties(h, 'demo');
  // The school's published assignment, sent to one other internship when it was published.
  await asOwner(h, 'demo', async (trx) => {
    // The assignment's frozen form version, as content's published event leaves it in placements.
    await sql`insert into placements.form_versions (tenant_id, form_id, version, purpose, definition, published_at)
      values ('demo', ${FORM_ID}, 1, 'assignment', ${JSON.stringify(FORM)}::jsonb, now())`.execute(trx);
    await sql`insert into placements.assignments (id, tenant_id, school_id, title, instructions, form_id,
        form_version, due_on, selection, status, published_at, created_at, updated_at)
      values (${ASSIGNMENT}, 'demo', ${w.schoolId}, '{"nl":"Beoordeling","en":"Review"}'::jsonb,
        '{"nl":"","en":""}'::jsonb, ${FORM_ID}, 1, '2027-06-30',
        ${JSON.stringify({ internship_period_ids: [], group_ids: [], internship_ids: [SELECTED] })}::jsonb,
        'published', now(), now(), now())`.execute(trx);
  });
  run = await publishedWorkflow(h, w.school, ['Beoordelen', 'Review'], 'evaluating', [
    dueTask(['Beoordeling praktijkbegeleider', "Supervisor's review"], 'supervisor', 'assignment', 14, {
      assignment_id: ASSIGNMENT,
      reminder_days: [],
      escalation: { mentor_after_days: 2, school_admin_after_days: null },
    }),
  ]);
}, 120_000);
afterAll(async () => h?.close());

describe("a phase's assignment task gives the internship the assignment", () => {
  it('entering the phase adds the task for an internship the selection missed and mails its supervisor', async () => {
    const id = await internship(SUPERVISOR);
    expect(await tasksOf(id)).toEqual([]);
    await enter(id);
    const [task] = await tasksOf(id);
    expect(task).toMatchObject({ supervisor_key: SUPERVISOR, status: 'open' });
    // The supervisor's link to their open assignments, mailed in the same transaction.
    const links = await linksTo(SUPERVISOR);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`${ASSIGNMENTS_SUPERVISOR_PATH}#[A-Za-z0-9_-]{43}$`));
    const events = await outboxEvents(h, 'placements.assignment.task_added', ASSIGNMENT);
    expect(events.map((e) => e.data)).toEqual([
      { assignment_id: ASSIGNMENT, school_id: w.schoolId, task_id: task!.id, internship_id: id },
    ]);
    // The link shows the task to the supervisor.
    const token = links[0]!.split('#')[1]!;
    const view = await h.app.inject({
      method: 'GET',
      url: '/api/v1/assignments/supervisor',
      headers: { 'x-tenant': 'demo', 'x-action-link': token },
    });
    expectStatus(view, 200);
    expect(JSON.stringify(view.json())).toContain(task!.id);

    // The workflow's activity retried (same entry): no second task, no second mail.
    await enter(id);
    expect(await tasksOf(id)).toHaveLength(1);
    expect(await linksTo(SUPERVISOR)).toHaveLength(1);
    expect(await outboxEvents(h, 'placements.assignment.task_added', ASSIGNMENT)).toHaveLength(1);
  });

  it('gives no task to an internship without a supervisor the school approved', async () => {
    const id = await internship(null);
    await enter(id);
    expect(await tasksOf(id)).toEqual([]);
    expect(await outboxEvents(h, 'placements.assignment.task_added', ASSIGNMENT)).toHaveLength(1);
  });
});
