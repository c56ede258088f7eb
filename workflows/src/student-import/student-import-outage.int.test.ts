import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTemporalDevServer } from '@stageplein/engines/temporal';
import { freePort } from '@stageplein/testing/processes';
import {
  eventually,
  getImport,
  importHarness,
  studentsCsv,
  upload,
  waitForImport,
  type TImportHarness,
} from '../../test/import-harness.ts';

/**
 * Issue #11: an upload while Temporal is away is accepted and runs once Temporal is back. The
 * workflow start is an outbox event of the upload's transaction (`organizations.import.requested`);
 * its consumer keeps it undelivered (no dead letter) for as long as Temporal does not answer.
 * A Temporal dev server of this file's own (stopped and started again on the same port and SQLite
 * file), not the run's shared one.
 */
let h: TImportHarness;
let dir: string;
let port: number;
let temporal: Awaited<ReturnType<typeof startTemporalDevServer>>;
const startTemporal = async () =>
  startTemporalDevServer({ port, dbFile: path.join(dir, 'dev.sqlite'), log: () => undefined });

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stageplein-temporal-outage-'));
  port = await freePort();
  temporal = await startTemporal();
  // Each of the consumer's attempts during the outage waits out the client's call timeout (5 s by
  // default, 5 attempts a round): 1 s here tests the same round in a fifth of the time.
  h = await importHarness({ env: { TEMPORAL_ADDRESS: temporal.address, TEMPORAL_CALL_TIMEOUT_MS: '1000' } });
}, 300_000);
afterAll(async () => {
  await h?.close();
  await temporal?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}, 60_000);

const outboxRow = async (importId: string) =>
  (
    await sql<{ queued: boolean; last_error: string | null }>`
      select p.seq is not null as queued, p.last_error from organizations.outbox o
      left join organizations.outbox_pending p using (seq)
      where o.type = 'organizations.import.requested' and o.aggregate_id = ${importId}`.execute(h.owner)
  ).rows;
const deadLetters = async () =>
  Number(
    (await sql<{ n: number }>`select count(*)::int as n from organizations.dead_letters`.execute(h.owner))
      .rows[0]!.n,
  );

it('an upload while Temporal is stopped is accepted and completes once Temporal is back', async () => {
  await temporal.stop();

  const res = await upload(h, studentsCsv(20, { offset: 80_000 }), { createMissingGroups: true });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const id = res.body.data.id as string;
  expect(res.body.data.attributes.status).toBe('pending');

  // The consumer's whole retry round (delivery.ts: 5 attempts) failed and the relay recorded it: the
  // event stays unsent, nothing is dead-lettered, the import waits.
  await eventually(async () => {
    const [row] = await outboxRow(id);
    expect(row?.last_error).toMatch(/Temporal is unreachable/);
  }, 60_000);
  expect((await outboxRow(id))[0]!.queued).toBe(true);
  expect(await deadLetters()).toBe(0);
  expect((await getImport(h, id)).attributes.status).toBe('pending');

  temporal = await startTemporal();
  const done = await waitForImport(h, id, 120_000);
  expect(done.attributes.status).toBe('completed');
  expect(done.attributes.counts).toMatchObject({ valid: 20, created: 20, invalid: 0, failed: 0 });
  expect((await outboxRow(id))[0]!.queued).toBe(false);
  expect(await deadLetters()).toBe(0);
}, 240_000);
