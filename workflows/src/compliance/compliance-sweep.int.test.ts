import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import {
  COMPLIANCE_SWEEP_SCHEDULE,
  TASK_QUEUES,
  WORKFLOW_TYPES,
  type TComplianceSweepSummary,
} from '@stageplein/contracts/workflows/names';
import { eventually, importHarness, TENANT, type TImportHarness } from '../../test/import-harness.ts';
import { ensureSchedule, SCHEDULES } from '../schedules.ts';

/**
 * The compliance reminder end to end against the real engines: the daily sweep workflow on the
 * Temporal dev server and a worker, organizations' outbox, identity's consumer and its dev mailbox.
 */
let h: TImportHarness;
const PROVIDER = seedOrganizationId(TENANT, 'provider');

beforeAll(async () => {
  // Identity's reminder mails go out through notifications' queue and SMTP.
  h = await importHarness({ mail: true });
}, 300_000);
afterAll(async () => {
  await h?.close();
}, 60_000);

const sweep = () => h.runScheduled<TComplianceSweepSummary>(WORKFLOW_TYPES.complianceSweep);

const reminderMails = async () =>
  (
    await sql<{ to_address: string; subject: string; text_body: string }>`
      select to_address, subject, text_body from identity.dev_mails
      where tenant_id = ${TENANT} and kind = 'compliance_expiring' order by seq`.execute(h.owner)
  ).rows;

describe('compliance reminders', () => {
  it(
    'a document expiring soon: the sweep reminds once and its admins get the mail',
    { timeout: 120_000 },
    async () => {
      // The demo Provider's insurance (seeded valid for months) now expires in ten days.
      await sql`update organizations.compliance_documents set expires_on = current_date + 10
      where organization_id = ${PROVIDER} and kind = 'liability_insurance'`.execute(h.owner);

      const first = await sweep();
      const demo = first.tenants.find((t) => t.tenant === TENANT)!;
      // The Provider's insurance and the seeded NonProfit's (20 days); the Provider's state changed.
      expect(demo).toMatchObject({ reminded: 2, changed: 1 });
      await eventually(async () => {
        const mails = await reminderMails();
        expect(mails.map((m) => m.to_address)).toEqual([`bedrijf@${TENANT}.test`]);
        expect(mails[0]!.subject).toMatch(
          /^Aansprakelijkheidsverzekering van Zorgcentrum De Linde .* verloopt op \d+ \w+ \d{4}$/,
        );
        expect(mails[0]!.text_body).toContain('/compliance_documents');
      }, 30_000);

      // Again the same day: nothing new to remind, no second mail.
      const second = await sweep();
      expect(second.tenants.find((t) => t.tenant === TENANT)).toMatchObject({ reminded: 0, changed: 0 });
      // Whatever the second sweep had requested would be delivered by now.
      await h.settled();
      expect(await reminderMails()).toHaveLength(1);
    },
  );

  it('the daily schedule is created once and runs the sweep on the worker’s queue', async () => {
    const scheduleId = `compliance-sweep-test-${randomUUID()}`;
    await ensureSchedule(h.temporal.connection, h.config.TEMPORAL_NAMESPACE, SCHEDULES.complianceSweep, {
      scheduleId,
    });
    await ensureSchedule(h.temporal.connection, h.config.TEMPORAL_NAMESPACE, SCHEDULES.complianceSweep, {
      scheduleId,
    });
    const handle = h.temporal.client.schedule.getHandle(scheduleId);
    try {
      const described = await handle.describe();
      expect(described.action).toMatchObject({
        type: 'startWorkflow',
        workflowType: WORKFLOW_TYPES.complianceSweep,
        taskQueue: TASK_QUEUES.imports,
      });
      expect(described.spec.timezone).toBe(COMPLIANCE_SWEEP_SCHEDULE.timezone);
      expect(described.info.nextActionTimes.length).toBeGreaterThan(0);
      const next = described.info.nextActionTimes[0]!;
      // 06:00 in Amsterdam is 04:00 or 05:00 UTC.
      expect([4, 5]).toContain(next.getUTCHours());
      expect(next.getUTCMinutes()).toBe(0);
    } finally {
      await handle.delete();
    }
  });
});
