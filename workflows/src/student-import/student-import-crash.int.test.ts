import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startProcess, type TProcess } from '@stageplein/testing/processes';
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
 * A worker process killed (SIGKILL) in the middle of an import: another worker picks the import up
 * (the dead worker's batch times out on its heartbeat and is retried) and finishes it, with every
 * student created, role granted and invitation sent exactly once.
 */
let h: TImportHarness;
const workers: TProcess[] = [];

beforeAll(async () => {
  h = await importHarness({ worker: false });
}, 300_000);
afterAll(async () => {
  for (const w of workers) await w.stop();
  await h?.close();
}, 60_000);

const startWorker = async (name: string) => {
  const worker = startProcess(name, 'workflows/src/main.ts', {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: h.ownerUrl,
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    TEMPORAL_NAMESPACE: h.config.TEMPORAL_NAMESPACE,
    IDENTITY_URL: h.baseUrl,
    // The platform's own random secret: the worker's service tokens must verify in identity.
    AUTH_TOKEN_SECRET: h.config.AUTH_TOKEN_SECRET,
    IMPORT_BATCH_SIZE: '50',
  });
  workers.push(worker);
  await worker.waitFor(/worker ready/, 120_000);
  return worker;
};

it(
  'finishes the import with no duplicates after the worker is killed halfway',
  { timeout: 300_000 },
  async () => {
    const before = await facts(h);
    const first = await startWorker('worker-1');
    const res = await upload(h, studentsCsv(1500, { offset: 50_000 }), { createMissingGroups: true });
    expect(res.status).toBe(202);
    const id = res.body.data.id as string;
    let atKill = 0;
    for (;;) {
      const imp = await getImport(h, id);
      if (imp.attributes.processed_rows >= 300) {
        await first.kill();
        atKill = (await getImport(h, id)).attributes.processed_rows;
        break;
      }
      if (imp.attributes.status === 'completed')
        throw new Error('the import finished before the worker could be killed');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(atKill).toBeLessThan(1500);
    await startWorker('worker-2');
    const done = await waitForImport(h, id, 180_000);
    const after = await facts(h);
    console.log(
      `[crash] worker killed at ${atKill}/1500 rows; the second worker finished: ${JSON.stringify(done.attributes.counts)}`,
    );
    expect(done.attributes.status).toBe('completed');
    expect(done.attributes.counts).toMatchObject({ valid: 1500, created: 1500, invalid: 0, failed: 0 });
    expect(after.users - before.users).toBe(1500);
    expect(after.distinctEmails).toBe(after.users);
    expect(after.studentRoles - before.studentRoles).toBe(1500);
    expect(after.invitations - before.invitations).toBe(1500);
    expect(after.memberships - before.memberships).toBe(1500);
  },
);
