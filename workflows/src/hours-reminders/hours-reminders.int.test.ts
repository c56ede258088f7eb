import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInternshipId } from '@stageplein/placements/internships/internships.seed';
import { dutchDate } from '@stageplein/contracts/domain/school-years';
import { hoursLinkTokens } from '@stageplein/contracts/placements/hours-policy';
import {
  TASK_QUEUES,
  WORKFLOW_TYPES,
  type THoursRemindersSummary,
} from '@stageplein/contracts/workflows/names';
import { eventually, importHarness, TENANT, type TImportHarness } from '../../test/import-harness.ts';
import { ensureSchedule, SCHEDULES } from '../schedules.ts';

/**
 * The daily hours reminders end to end: the workflow on the Temporal dev server, placements' activity
 * on the seeded database, the mail requests through the outbox to identity's dev mailbox.
 */
let h: TImportHarness;
/** An hours tenant (spec §1); the harness's own tenant (`demo`) runs traineeships. */
const HOURS_TENANT = 'stageplein';
const RUNNING = seedInternshipId(HOURS_TENANT, 0);
/** The demo student's completed internship (signed off in the seeds; reopened below). */
const COMPLETED = seedInternshipId(HOURS_TENANT, 3);
const TRAINEESHIP_INTERNSHIP = seedInternshipId(TENANT, 0);

beforeAll(async () => {
  h = await importHarness({ placements: true });
}, 300_000);
afterAll(async () => {
  await h?.close();
}, 60_000);

const run = () => h.runScheduled<THoursRemindersSummary>(WORKFLOW_TYPES.hoursReminders);

const mails = async (tenant: string) =>
  (
    await sql<{ to_address: string; kind: string; text_body: string }>`
      select to_address, kind, text_body from identity.dev_mails
      where tenant_id = ${tenant} and created_at > now() - interval '1 hour' order by seq`.execute(h.owner)
  ).rows;

describe('hours reminders', () => {
  it(
    'reminds a supervisor once, in one mail for all their internships awaiting confirmation, and warns the mentor, once a day',
    { timeout: 180_000 },
    async () => {
      // Nothing is old but one pending entry of the stageplein demo student's running internship.
      await sql`update placements.hours_entries set created_at = now()`.execute(h.owner);
      const [entry] = (
        await sql<{ id: string }>`select id from placements.hours_entries
          where internship_id = ${RUNNING} and status = 'pending' order by date limit 1`.execute(h.owner)
      ).rows;
      expect(entry).toBeDefined();
      await sql`update placements.hours_entries set created_at = now() - interval '8 days'
        where id = ${entry!.id}`.execute(h.owner);
      // 100 hours over 20 days, 10 of them past: 50 expected, the seeded at most 27 are behind. Days
      // are Dutch days, as the reminders count them (between 23:00 and 00:00 UTC the database's
      // current_date is a day behind).
      const today = dutchDate(new Date());
      await sql`update placements.internships set hours = 100, start_date = ${today}::date - 10,
        end_date = ${today}::date + 9 where id = ${RUNNING}`.execute(h.owner);
      // The same supervisor also has the completed internship, reopened (active again: a completed one
      // takes no hours) with a pending entry of yesterday: not due on its own, but it goes in the same
      // mail (the school approved them for it too: links go only to an approved supervisor, #31).
      await sql`update placements.internships set status = 'active', (supervisor_id, supervisor_approved_email) =
          (select supervisor_id, supervisor_approved_email from placements.internships where id = ${RUNNING})
          where id = ${COMPLETED}`.execute(h.owner);
      await sql`update placements.hours_sheets set signed_off_at = null, signed_off_by = null
        where internship_id = ${COMPLETED}`.execute(h.owner);
      await sql`insert into placements.hours_entries (tenant_id, internship_id, date, quarters, description,
          status, created_at, updated_at)
        values (${HOURS_TENANT}, ${COMPLETED}, ${today}::date - 1, 8, 'Nagekomen', 'pending', now(), now())`.execute(
        h.owner,
      );
      // A traineeship tenant's internship with an old pending entry: no hours there, no reminder.
      await sql`insert into placements.hours_entries (tenant_id, internship_id, date, quarters, description,
          status, created_at, updated_at)
        values (${TENANT}, ${TRAINEESHIP_INTERNSHIP}, ${today}::date - 9, 8, 'Oud', 'pending',
          now() - interval '9 days', now() - interval '9 days')`.execute(h.owner);
      const demoBefore = (await mails(TENANT)).length;

      const first = await run();
      expect(first.tenants.find((t) => t.tenant === HOURS_TENANT)).toEqual({
        tenant: HOURS_TENANT,
        supervisors: 1,
        mentors: 1,
      });
      expect(first.tenants.map((t) => t.tenant)).not.toContain(TENANT);
      await eventually(async () => {
        const sent = await mails(HOURS_TENANT);
        const supervisor = sent.filter((m) => m.to_address === `bedrijf@${HOURS_TENANT}.test`);
        expect(supervisor).toHaveLength(1);
        // One link, one token per internship: each is stored (hashed) for its own internship only.
        const hash = /\/urenbevestiging(#\S+)/.exec(supervisor[0]!.text_body)?.[1] ?? '';
        const tokens = hoursLinkTokens(hash);
        expect(tokens).toHaveLength(2);
        expect(supervisor[0]!.text_body).toContain('2 studenten');
        const subjects = (
          await sql<{ subject_id: string }>`select subject_id from placements.external_links
            where token_hash in (${sql.join(tokens.map((t) => createHash('sha256').update(t).digest('hex')))})
              and revoked_at is null and action = 'confirm_hours'`.execute(h.owner)
        ).rows.map((r) => r.subject_id);
        expect(subjects.sort()).toEqual([RUNNING, COMPLETED].sort());
        const mentor = sent.filter((m) => m.to_address === `mentor@${HOURS_TENANT}.test`);
        expect(mentor).toHaveLength(1);
        expect(mentor[0]!.text_body).toContain('van de verwachte 50 uur');
      }, 30_000);

      const events = (
        await sql<{ type: string; actor: string }>`select type, envelope->>'actor' as actor
          from placements.outbox where type in ('placements.hours.link_sent', 'placements.hours.mentor_warned')
            and envelope->>'tenant' = ${HOURS_TENANT} order by type`.execute(h.owner)
      ).rows;
      expect(events.map((e) => e.type)).toEqual([
        'placements.hours.link_sent',
        'placements.hours.link_sent',
        'placements.hours.mentor_warned',
      ]);
      const audit = (
        await sql<{
          action: string;
          actor_id: string | null;
        }>`select action, actor_id from placements.audit_log
          where tenant_id = ${HOURS_TENANT} and action in ('hours.link_sent', 'hours.mentor_warned')
          order by action`.execute(h.owner)
      ).rows;
      expect(audit).toEqual([
        { action: 'hours.link_sent', actor_id: null },
        { action: 'hours.link_sent', actor_id: null },
        { action: 'hours.mentor_warned', actor_id: null },
      ]);

      // Again the same day: both were sent within the last N days, nothing goes twice.
      const second = await run();
      expect(second.tenants.find((t) => t.tenant === HOURS_TENANT)).toEqual({
        tenant: HOURS_TENANT,
        supervisors: 0,
        mentors: 0,
      });
      // Whatever the second run had requested would be delivered by now.
      await h.settled();
      const after = await mails(HOURS_TENANT);
      expect(after.filter((m) => m.to_address === `bedrijf@${HOURS_TENANT}.test`)).toHaveLength(1);
      expect(after.filter((m) => m.to_address === `mentor@${HOURS_TENANT}.test`)).toHaveLength(1);
      expect(await mails(TENANT)).toHaveLength(demoBefore);
    },
  );

  it('its schedule runs daily on the worker’s queue', async () => {
    const scheduleId = `hours-reminders-test-${randomUUID()}`;
    await ensureSchedule(h.temporal.connection, h.config.TEMPORAL_NAMESPACE, SCHEDULES.hoursReminders, {
      scheduleId,
    });
    const handle = h.temporal.client.schedule.getHandle(scheduleId);
    try {
      const described = await handle.describe();
      expect(described.action).toMatchObject({
        type: 'startWorkflow',
        workflowType: WORKFLOW_TYPES.hoursReminders,
        taskQueue: TASK_QUEUES.imports,
      });
      const next = described.info.nextActionTimes[0]!;
      expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60_000);
    } finally {
      await handle.delete();
    }
  });
});
