import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  facts,
  getImport,
  importHarness,
  studentsCsv,
  upload,
  waitForImport,
  type TImportHarness,
} from '../../test/import-harness.ts';

/**
 * Cancelling an import while its batches run in two lanes: the batches in progress complete, no new one
 * starts, and every batch is applied completely or not at all (users, roles, invitations, enrolments,
 * memberships and row outcomes agree).
 */
const BATCH = 50;
let h: TImportHarness;

beforeAll(async () => {
  h = await importHarness({ env: { IMPORT_BATCH_SIZE: String(BATCH) } });
}, 300_000);
afterAll(async () => h?.close(), 60_000);

it('stops after the batches in progress, none half-applied', { timeout: 300_000 }, async () => {
  const before = await facts(h);
  const res = await upload(h, studentsCsv(2000, { offset: 80_000 }), { createMissingGroups: true });
  expect(res.status).toBe(202);
  const id = res.body.data.id as string;
  for (;;) {
    const imp = await getImport(h, id);
    if (imp.attributes.processed_rows >= 2 * BATCH) break;
    if (imp.attributes.status !== 'running' && imp.attributes.status !== 'pending')
      throw new Error(`import ended before it could be cancelled: ${imp.attributes.status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const cancel = await h.app.inject({
    method: 'POST',
    url: `/api/v1/imports/${id}/cancel`,
    headers: h.headers,
  });
  expect(cancel.statusCode, cancel.body).toBeLessThan(300);
  const atCancel = (await getImport(h, id)).attributes.processed_rows as number;

  const done = await waitForImport(h, id);
  const created = done.attributes.counts.created as number;
  console.log(`[cancel] ${atCancel} rows done when cancelled, ${created} of 2000 in the end`);
  expect(done.attributes.status).toBe('cancelled');
  expect(created).toBeLessThan(2000);
  // The two lanes' batches in progress (and one that may have finished while the signal travelled).
  expect(created - atCancel).toBeLessThanOrEqual(3 * BATCH);
  // Whole batches only: each batch's rows are all applied or all still to apply.
  const { rows: batches } = await sql<{ batch: number; statuses: string[] }>`
    select batch, array_agg(distinct status order by status) as statuses from organizations.import_rows
    where import_id = ${id} group by batch order by batch`.execute(h.owner);
  expect(batches).toHaveLength(2000 / BATCH);
  for (const b of batches) expect([['created'], ['valid']], `batch ${b.batch}`).toContainEqual(b.statuses);
  expect(batches.filter((b) => b.statuses[0] === 'created')).toHaveLength(created / BATCH);
  // Identity and organizations did exactly what the row outcomes say.
  const after = await facts(h);
  expect(after.users - before.users).toBe(created);
  expect(after.studentRoles - before.studentRoles).toBe(created);
  expect(after.invitations - before.invitations).toBe(created);
  expect(after.enrolments - before.enrolments).toBe(created);
  expect(after.memberships - before.memberships).toBe(created);
});
