import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import {
  notificationDigestScheduleId,
  TASK_QUEUES,
  WORKFLOW_TYPES,
  type TNotificationDigestSummary,
} from '@stageplein/contracts/workflows/names';
import { DEMO_PASSWORD } from '@stageplein/identity/seeds/seed';
import { eventually, importHarness, TENANT, type TImportHarness } from '../../test/import-harness.ts';
import { ensureSchedule, tenantDigestSchedule } from '../schedules.ts';

/**
 * The periodic mail end to end (docs/decisions/notifications.md "Digest"): the per-tenant workflow on the
 * run's Temporal dev server (a namespace of the file's own), notifications' activity on the seeded
 * database, the mail through BullMQ on a real Redis and SMTP into the development mailbox.
 */
let h: TImportHarness;
const ids: Record<'student' | 'mentor' | 'bedrijf', string> = { student: '', mentor: '', bedrijf: '' };
let internshipId: string;

/** Monday 30 November 2026, 08:00 Dutch time: the day's and the week's digests are due. */
const MONDAY = '2026-11-30T07:00:00Z';
/** Tuesday 1 December: the day's and the month's. */
const TUESDAY = '2026-12-01T07:00:00Z';

async function signIn(who: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': TENANT },
    payload: { email: `${who}@${TENANT}.test`, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    'x-tenant': TENANT,
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
  };
}

async function patch(headers: Record<string, string>, url: string, payload: object) {
  const res = await h.app.inject({ method: 'PATCH', url, headers, payload });
  expect(res.statusCode, res.body).toBe(200);
}

function envelope<T extends TEventType>(type: T, subject: string, data: TEventPayload<T>): TEventEnvelope {
  return {
    id: randomUUID(),
    type,
    source: 'placements',
    subject,
    time: new Date().toISOString(),
    tenant: TENANT,
    actor: 'system',
    version: 1,
    data: data as Record<string, unknown>,
  };
}

/** The digests the development mailbox received for the demo student. */
const digestMails = async () =>
  (
    await sql<{ to_address: string; subject: string; text_body: string }>`
      select to_address, subject, text_body from identity.dev_mails
      where tenant_id = ${TENANT} and kind = 'digest' and to_address = ${`student@${TENANT}.test`}
      order by seq`.execute(h.owner)
  ).rows;

const run = (at: string) =>
  h.temporal.client.workflow.execute(WORKFLOW_TYPES.notificationDigest, {
    taskQueue: TASK_QUEUES.imports,
    workflowId: `digest-test-${randomUUID()}`,
    args: [{ tenant: TENANT, at }],
  }) as Promise<TNotificationDigestSummary>;

beforeAll(async () => {
  h = await importHarness({ placements: true });
  for (const who of Object.keys(ids) as (keyof typeof ids)[]) {
    const { rows } = await sql<{ id: string }>`select id from identity.users
      where tenant_id = ${TENANT} and email = ${`${who}@${TENANT}.test`}`.execute(h.owner);
    ids[who] = rows[0]!.id;
  }
  const student = await signIn('student');
  await patch(student, '/api/v1/current_user', { user: { periodic_mail_frequency: 'daily' } });
  await patch(student, '/api/v1/notification_preferences/messages', {
    data: { type: 'notification_preference', id: 'messages', attributes: { delivery: 'digest' } },
  });
  await patch(await signIn('bedrijf'), '/api/v1/current_user', {
    user: { periodic_mail_frequency: 'weekly' },
  });
  await patch(await signIn('mentor'), '/api/v1/current_user', { user: { periodic_mail_frequency: 'never' } });
  await h.settled();
  // Nobody else in the tenant wants a digest (the read model's fixture): the counts below are these two's.
  await sql`update notifications.users set periodic_mail_frequency = 'never'
    where tenant_id = ${TENANT} and id not in (${ids.student}, ${ids.bedrijf})`.execute(h.owner);
  const { rows } = await sql<{ id: string }>`select id from notifications.internships
    where student_id = ${ids.student} order by id limit 1`.execute(h.owner);
  internshipId = rows[0]!.id;
}, 300_000);
afterAll(async () => {
  await h?.close();
}, 60_000);

describe('the periodic mail', () => {
  it(
    'mails each person once per period the digest-category notifications no digest told yet and their open tasks; a re-run sends nothing twice',
    { timeout: 180_000 },
    async () => {
      await h.platform.transport.publish([
        // A message: the student hears of messages by digest.
        envelope('placements.bulk_message.sent', randomUUID(), {
          bulk_message_id: randomUUID(),
          school_id: randomUUID(),
          subject: 'Stagemarkt op donderdag',
          internship_ids: [],
          student_ids: [ids.student],
          recipient_count: 1,
        }),
        // A phase entered: tasks are e-mailed (the default), so the digest only counts it as unread.
        envelope('placements.internship_phase.entered', internshipId, {
          internship_id: internshipId,
          version_id: randomUUID(),
          phase_id: randomUUID(),
          internship_phase_id: randomUUID(),
          entry: 7,
          status: 'active',
        }),
        // A task the student was reminded of: open until done.
        envelope('placements.phase_task.reminded', internshipId, {
          internship_id: internshipId,
          phase_task_id: randomUUID(),
          task_id: randomUUID(),
          actor: 'student',
          due_at: '2026-12-04T16:00:00Z',
          reminder: 1,
        }),
      ]);
      await eventually(async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from notifications.open_tasks
          where user_id = ${ids.student}`.execute(h.owner);
        expect(rows[0]!.n).toBe(1);
      }, 30_000);

      const first = await run(MONDAY);
      expect(first).toMatchObject({ tenant: TENANT, periods: ['daily:2026-11-30', 'weekly:2026-W49'] });
      // Two people want a digest today: the student (daily) and the company (weekly; what waits for it
      // depends on the seeds' hours waiting for it).
      expect(first.sent + first.empty).toBe(2);
      expect(first.already).toBe(0);
      await eventually(async () => expect(await digestMails()).toHaveLength(1), 30_000);
      const [mail] = await digestMails();
      expect(mail!.to_address).toBe(`student@${TENANT}.test`);
      expect(mail!.subject).toContain('dagelijkse overzicht');
      expect(mail!.text_body).toContain('Nieuw bericht: Stagemarkt op donderdag');
      expect(mail!.text_body).toContain('uiterlijk 4 december 2026');
      // The phase entered is e-mailed, not digested: counted as unread, not listed.
      expect(mail!.text_body).not.toContain('nieuwe fase');
      expect(mail!.text_body).toMatch(/Ongelezen meldingen in totaal: [1-9]/);

      // The same day again (a retry, a second trigger): nothing is sent twice.
      const again = await run(MONDAY);
      expect(again).toMatchObject({ sent: 0, empty: 0, already: 2 });
      expect(await digestMails()).toHaveLength(1);

      // The next day: the task is still open, the message was told already.
      const tuesday = await run(TUESDAY);
      expect(tuesday).toMatchObject({
        periods: ['daily:2026-12-01', 'monthly:2026-12'],
        sent: 1,
        already: 0,
      });
      await eventually(async () => expect(await digestMails()).toHaveLength(2), 30_000);
      const second = (await digestMails())[1]!;
      expect(second.text_body).toContain('uiterlijk 4 december 2026');
      expect(second.text_body).not.toContain('Stagemarkt');
      const { rows } = await sql<{
        period: string;
        sent: boolean;
      }>`select period, sent from notifications.digests
        where user_id = ${ids.student} order by period`.execute(h.owner);
      expect(rows).toEqual([
        { period: 'daily:2026-11-30', sent: true },
        { period: 'daily:2026-12-01', sent: true },
      ]);
      // The mentor wants no periodic mail: never a digest row.
      const { rows: mentor } =
        await sql`select 1 from notifications.digests where user_id = ${ids.mentor}`.execute(h.owner);
      expect(mentor).toHaveLength(0);
    },
  );

  it(
    'runs on its tenant’s schedule: every morning, the tenant its argument',
    { timeout: 120_000 },
    async () => {
      const id = await ensureSchedule(
        h.temporal.connection,
        h.config.TEMPORAL_NAMESPACE,
        tenantDigestSchedule(TENANT),
      );
      expect(id).toBe(notificationDigestScheduleId(TENANT));
      const handle = h.temporal.client.schedule.getHandle(id);
      try {
        const described = await handle.describe();
        // The cron comes back as a calendar: 08:00 every day, Dutch time.
        expect(described.spec.timezone).toBe('Europe/Amsterdam');
        expect(described.spec.calendars?.[0]).toMatchObject({
          hour: [{ start: 8, end: 8, step: 1 }],
          minute: [{ start: 0, end: 0, step: 1 }],
        });
        expect(described.action).toMatchObject({
          type: 'startWorkflow',
          workflowType: WORKFLOW_TYPES.notificationDigest,
          args: [{ tenant: TENANT }],
        });
        await handle.trigger();
        let started = '';
        await eventually(async () => {
          const action = (await handle.describe()).info.recentActions[0];
          expect(action).toBeDefined();
          started = action!.action.workflow.workflowId;
        }, 30_000);
        const summary = (await h.temporal.client.workflow
          .getHandle(started)
          .result()) as TNotificationDigestSummary;
        expect(summary.tenant).toBe(TENANT);
        expect(summary.periods[0]).toMatch(/^daily:\d{4}-\d{2}-\d{2}$/);
      } finally {
        await handle.delete();
      }
    },
  );
});
