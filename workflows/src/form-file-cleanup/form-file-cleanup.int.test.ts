import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TASK_QUEUES,
  WORKFLOW_TYPES,
  type TFormFileCleanupSummary,
} from '@stageplein/contracts/workflows/names';
import { importHarness, TENANT, type TImportHarness } from '../../test/import-harness.ts';
import { ensureSchedule, SCHEDULES } from '../schedules.ts';

/**
 * Files visitors uploaded on public forms that no submission took are removed after a day: the
 * form-file cleanup workflow on the Temporal dev server, a worker running content's activities.
 */
let h: TImportHarness;

beforeAll(async () => {
  h = await importHarness({ content: true });
}, 300_000);
afterAll(async () => {
  await h?.close();
}, 60_000);

/** A visitor's file as the public upload stores it (postgres storage), uploaded `hoursAgo`. */
async function formFile(hoursAgo: number): Promise<{ id: string; key: string }> {
  const form = (
    await sql<{ id: string }>`select id from content.forms where tenant_id = ${TENANT} limit 1`.execute(
      h.owner,
    )
  ).rows[0]!.id;
  const id = randomUUID();
  const key = randomBytes(32).toString('hex');
  await sql`insert into content.file_blobs (tenant_id, hash, bytes) values (${TENANT}, ${key}, ${Buffer.from('%PDF-')})`.execute(
    h.owner,
  );
  await sql`insert into content.form_files (id, tenant_id, form_id, form_version, field_id, storage_key, storage,
      content_type, byte_size, name, created_at)
    values (${id}, ${TENANT}, ${form}, 1, 'cv', ${key}, 'postgres', 'application/pdf', 5, 'cv.pdf',
      now() - make_interval(hours => ${hoursAgo}))`.execute(h.owner);
  return { id, key };
}

const exists = async (id: string, key: string) => ({
  row: (await sql`select 1 from content.form_files where id = ${id}`.execute(h.owner)).rows.length,
  blob: (await sql`select 1 from content.file_blobs where hash = ${key}`.execute(h.owner)).rows.length,
});

describe('form-file cleanup', () => {
  it(
    'removes files older than a day that no submission took, with their bytes',
    { timeout: 120_000 },
    async () => {
      const old = await formFile(25);
      const fresh = await formFile(2);
      const summary = await h.runScheduled<TFormFileCleanupSummary>(WORKFLOW_TYPES.formFileCleanup);
      expect(summary.tenants.find((t) => t.tenant === TENANT)).toEqual({ tenant: TENANT, removed: 1 });
      expect(await exists(old.id, old.key)).toEqual({ row: 0, blob: 0 });
      expect(await exists(fresh.id, fresh.key)).toEqual({ row: 1, blob: 1 });
    },
  );

  it('its schedule runs every hour on the worker’s queue', async () => {
    const scheduleId = `form-file-cleanup-test-${randomUUID()}`;
    await ensureSchedule(h.temporal.connection, h.config.TEMPORAL_NAMESPACE, SCHEDULES.formFileCleanup, {
      scheduleId,
    });
    const handle = h.temporal.client.schedule.getHandle(scheduleId);
    try {
      const described = await handle.describe();
      expect(described.action).toMatchObject({
        type: 'startWorkflow',
        workflowType: WORKFLOW_TYPES.formFileCleanup,
        taskQueue: TASK_QUEUES.imports,
      });
      const next = described.info.nextActionTimes[0]!;
      expect(next.getUTCMinutes()).toBe(20);
      expect(next.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    } finally {
      await handle.delete();
    }
  });
});
