import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLink } from '@stageplein/kit/mail/sealed-link';
import type { TRunTask } from './phase-runs.activities.ts';
import {
  asOwner,
  auditOf,
  call,
  expectStatus,
  harness,
  internshipParties,
  type THarness,
  type TInternshipParties,
} from '../../test/harness.ts';
import {
  dueTask,
  enterFirstPhase,
  internshipOnRun,
  phaseRunActivities,
  publishedWorkflow,
  requestedMails,
} from '../../test/phase-runs.ts';

/**
 * Reminders and escalations reach people (docs/decisions/phases.md "Runtime"): the workflow's activities,
 * run here as the worker runs them (its timing is internship-phases.int's, on the time-skipping server),
 * request their mail through `placements.mail.requested` in their transaction: a reminder to the task's
 * actor, an escalation to the student's mentor (level 1), then the school's admins (level 2), once each
 * however often the activity is retried; the workplace supervisor's reminder is a fresh link. The school
 * sends the supervisor a new link by hand: the old one stops working, and it is logged.
 */
let h: THarness;
let w: TInternshipParties;
let internshipId: string;
let versionId: string;
const SUPERVISOR = 'bram.begeleider@zorgcentrum.test';
const DAY = 86_400_000;

/** The mail requested about the internship's phase tasks since `after` (outbox order). */
const mails = (after = 0) => requestedMails(h, after);
const lastSeq = async () => (await mails()).at(-1)?.seq ?? 0;

const task = (actor: 'student' | 'supervisor', kind: 'checklist' | 'approval') =>
  dueTask([`Taak van ${actor}`, `Task of ${actor}`], actor, kind, 5, {
    reminder_days: [2],
    escalation: { mentor_after_days: 1, school_admin_after_days: 3 },
  });

beforeAll(async () => {
  h = await harness();
  w = await internshipParties(h, 'demo');
  const run = await publishedWorkflow(h, w.school, ['Aanmelden', 'Sign-up'], 'preparing', [
    task('student', 'checklist'),
    task('supervisor', 'approval'),
  ]);
  versionId = run.versionId;
  internshipId = await internshipOnRun(h, w, run, {
    supervisor_name: 'Bram Begeleider',
    supervisor_email: SUPERVISOR,
    supervisor_approved_email: SUPERVISOR,
    supervisor_approved_at: sql`now()`,
  });
}, 120_000);
afterAll(async () => h?.close());

describe('phase task reminders and escalations by mail', () => {
  let tasks: TRunTask[];
  const activities = () => phaseRunActivities(h);

  it('reminds the actor and escalates to the mentor, then the school admins, once each', async () => {
    tasks = (await enterFirstPhase(h, internshipId, versionId, new Date(Date.now() - 6 * DAY))).tasks;
    // The reminder two days before the deadline, escalations a day and three days after it.
    const student = tasks.find((t) => t.actor === 'student')!;
    expect(student.remindersAt).toHaveLength(1);
    expect(student.escalations.map((e) => e.level)).toEqual([1, 2]);

    const before = await lastSeq();
    // Retried (a worker that died after committing): the second run mails nothing.
    for (let attempt = 0; attempt < 2; attempt++) {
      await activities().remindPhaseTask({ tenant: 'demo', taskId: student.id, reminder: 1 });
      await activities().escalatePhaseTask({ tenant: 'demo', taskId: student.id, level: 1 });
      await activities().escalatePhaseTask({ tenant: 'demo', taskId: student.id, level: 2 });
    }
    const sent = await mails(before);
    expect(sent.map((m) => [m.template, m.recipient.user_id])).toEqual([
      ['reminder', w.student.id],
      ['reminder', w.mentor.id],
      ['reminder', w.school.id],
    ]);
    expect(sent[0]!.vars.subject!.nl).toBe('Herinnering: Taak van student');
    expect(sent[0]!.vars.body!.nl).toContain('Sanne de Vries');
    expect(sent[0]!.vars.body!.nl).toContain('"Aanmelden"');
    expect(sent[1]!.vars.body!.nl).toContain('Als mentor');
    expect(sent[2]!.vars.body!.nl).toContain('Als schoolbeheerder');
    // The mail opens the internship's page (no token in it).
    expect(openLink(h.platform.config, sent[0]!.link_sealed!)).toMatch(
      new RegExp(`/internships/${internshipId}$`),
    );
    // Each mail is listed under its task (kit's mail deliveries).
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from placements.mail_deliveries
      where reference_type = 'phase_task' and reference_id = ${student.id}`.execute(h.owner);
    expect(rows[0]!.n).toBe(3);
  });

  it('reminds the workplace supervisor with a fresh link; the school sends one again, the old stops', async () => {
    const supervisor = tasks.find((t) => t.actor === 'supervisor')!;
    const tokens = async (after: number) =>
      (await mails(after))
        .filter((m) => m.template === 'external_link' && m.recipient.email === SUPERVISOR)
        .map((m) => openLink(h.platform.config, m.link_sealed!)!.split('#')[1]!);
    const before = await lastSeq();
    await activities().remindPhaseTask({ tenant: 'demo', taskId: supervisor.id, reminder: 1 });
    const [reminded] = await tokens(before);
    expect(reminded).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const byLink = (token: string) =>
      h.app.inject({
        method: 'GET',
        url: '/api/v1/phase_task_link',
        headers: { 'x-tenant': 'demo', 'x-action-link': token },
      });
    expectStatus(await byLink(reminded!), 200);

    // Only the school's staff may send it again (the resource says so); the student and another school are refused.
    const offered = async (headers: Record<string, string>) => {
      const res = await call(h.app, { url: `/api/v1/internships/${internshipId}/phases`, headers });
      expectStatus(res, 200);
      const all = res.json().data[0].attributes.tasks as {
        id: string;
        attributes: { may_resend_link: boolean };
      }[];
      return all.map((t) => [t.id === supervisor.id, t.attributes.may_resend_link]);
    };
    expect(await offered(w.mentor.headers)).toEqual([
      [false, false],
      [true, true],
    ]);
    expect(await offered(w.student.headers)).toEqual([
      [false, false],
      [true, false],
    ]);
    const url = `/api/v1/phase_tasks/${supervisor.id}/supervisor_link`;
    expectStatus(await call(h.app, { method: 'POST', url, headers: w.student.headers }), 403);
    expectStatus(await call(h.app, { method: 'POST', url, headers: w.otherSchool.headers }), 404);
    // The student's task is not the supervisor's.
    const other = tasks.find((t) => t.actor === 'student')!;
    const wrong = await call(h.app, {
      method: 'POST',
      url: `/api/v1/phase_tasks/${other.id}/supervisor_link`,
      headers: { ...w.school.headers, 'accept-language': 'en' },
    });
    expectStatus(wrong, 403);
    expect(wrong.json().errors[0].code).toBe('phase_task_wrong_actor');

    const mid = await lastSeq();
    const res = await call(h.app, { method: 'POST', url, headers: w.mentor.headers });
    expectStatus(res, 200);
    expect(res.json().meta.expires_at).toEqual(expect.any(String));
    const [fresh] = await tokens(mid);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(reminded);
    // The new link works; the one before is revoked (reissued).
    expectStatus(await byLink(fresh!), 200);
    const old = await byLink(reminded!);
    expect(old.statusCode).toBe(410);
    // Audited: who sent it.
    const audit = (await auditOf(h, internshipId)).filter((a) => a.action === 'phase_task.link_sent');
    expect(audit).toEqual([expect.objectContaining({ actor_id: w.mentor.id })]);

    // Without an approved address nothing goes out: 409 and no mail.
    await asOwner(h, 'demo', (trx) =>
      sql`update placements.internships set supervisor_approved_email = null where id = ${internshipId}`.execute(
        trx,
      ),
    );
    const none = await lastSeq();
    const refused = await call(h.app, { method: 'POST', url, headers: w.school.headers });
    expectStatus(refused, 409);
    expect(refused.json().errors[0].code).toBe('supervisor_not_approved');
    expect(await tokens(none)).toEqual([]);
  });
});
