import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TASK_QUEUES,
  WORKFLOW_TYPES,
  type TVacancyClosingSummary,
} from '@stageplein/contracts/workflows/names';
import { importHarness, TENANT, type TImportHarness } from '../../test/import-harness.ts';
import { ensureSchedule, SCHEDULES } from '../schedules.ts';

/**
 * A vacancy's `closes_at` closes it by itself: the vacancy-closing workflow on the Temporal dev server
 * and a worker running placements' activities on the seeded database.
 */
let h: TImportHarness;

beforeAll(async () => {
  h = await importHarness({ placements: true });
}, 300_000);
afterAll(async () => {
  await h?.close();
}, 60_000);

const run = () => h.runScheduled<TVacancyClosingSummary>(WORKFLOW_TYPES.vacancyClosing);

const publishedIds = async () =>
  (
    await sql<{ id: string }>`select id from placements.vacancies
      where tenant_id = ${TENANT} and status = 'published' order by id`.execute(h.owner)
  ).rows.map((r) => r.id);

describe('vacancy closing', () => {
  it(
    'closes a published vacancy once its closing time has passed, as a system change with its event',
    { timeout: 120_000 },
    async () => {
      const [due, later] = await publishedIds();
      expect(later).toBeDefined();
      await sql`update placements.vacancies set closes_at = now() - interval '1 minute' where id = ${due!}`.execute(
        h.owner,
      );
      await sql`update placements.vacancies set closes_at = now() + interval '1 day' where id = ${later!}`.execute(
        h.owner,
      );

      const first = await run();
      expect(first.tenants.find((t) => t.tenant === TENANT)).toEqual({ tenant: TENANT, closed: 1 });
      const statuses = (
        await sql<{ id: string; status: string }>`select id, status from placements.vacancies
          where id in (${due!}, ${later!})`.execute(h.owner)
      ).rows;
      expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
        [due!]: 'closed',
        [later!]: 'published',
      });
      const events = (
        await sql<{ type: string; actor: unknown }>`select type, envelope->'actor' as actor
          from placements.outbox where aggregate_id = ${due!} and type = 'placements.vacancy.closed'`.execute(
          h.owner,
        )
      ).rows;
      expect(events).toHaveLength(1);
      const audit = (
        await sql<{ actor_id: string | null }>`select actor_id from placements.audit_log
          where subject_id = ${due!} and action = 'vacancy.closed'`.execute(h.owner)
      ).rows;
      expect(audit).toEqual([{ actor_id: null }]);

      // Again: nothing is due any more, no second event.
      const second = await run();
      expect(second.tenants.find((t) => t.tenant === TENANT)).toEqual({ tenant: TENANT, closed: 0 });
      const again = await sql`select 1 from placements.outbox
        where aggregate_id = ${due!} and type = 'placements.vacancy.closed'`.execute(h.owner);
      expect(again.rows).toHaveLength(1);
    },
  );

  it('its schedule runs every quarter of an hour on the worker’s queue', async () => {
    const scheduleId = `vacancy-closing-test-${randomUUID()}`;
    await ensureSchedule(h.temporal.connection, h.config.TEMPORAL_NAMESPACE, SCHEDULES.vacancyClosing, {
      scheduleId,
    });
    const handle = h.temporal.client.schedule.getHandle(scheduleId);
    try {
      const described = await handle.describe();
      expect(described.action).toMatchObject({
        type: 'startWorkflow',
        workflowType: WORKFLOW_TYPES.vacancyClosing,
        taskQueue: TASK_QUEUES.imports,
      });
      const next = described.info.nextActionTimes[0]!;
      expect(next.getUTCMinutes() % 15).toBe(0);
      expect(next.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    } finally {
      await handle.delete();
    }
  });
});
