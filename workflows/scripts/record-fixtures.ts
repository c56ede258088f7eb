// `npm run workflows:fixtures`: runs the workflows of the product on a real Temporal dev server (the
// built CLI via @temporalio/testing) and saves their histories as replay fixtures in test/fixtures/.
// `npm test` replays them (src/replay.test.ts): a change to workflow code that would not replay these
// recorded runs deterministically fails the build. Re-record only when such a change is intended
// (and then keep the old workflow reachable with `patched()`).
//
// The activities here are stand-ins with the real signatures and plausible answers: replay never
// runs activities, it checks the workflow's decisions against the recorded events.
//
// Files are named `student-import-<VERSION>-<case>.json`; histories of earlier versions stay (they
// prove `patched()` keeps old runs replaying). `student-import-<case>.json` are the first recordings,
// one batch at a time; `lanes` ran batches in two lanes (patch `batches-in-parallel`).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { ensureTemporal } from '@stageplein/engines/temporal';
import type { TStudentImportActivities } from '@stageplein/organizations/activities';
import { WORKFLOW_INTERCEPTOR_MODULES, WORKFLOWS_PATH } from '../src/worker.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures');
const VERSION = 'lanes';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const summary = (status: 'completed' | 'cancelled' | 'failed') => ({
  status,
  total: 3,
  valid: 3,
  invalid: 0,
  created: 3,
  updated: 0,
  unchanged: 0,
  failed: 0,
});
const activities: TStudentImportActivities = {
  async prepareImport(ref) {
    if (ref.importId.endsWith('bad-file')) {
      const { ApplicationFailure } = await import('@temporalio/common');
      throw ApplicationFailure.nonRetryable('missing_columns: email', 'ImportFileError');
    }
    return { batchCount: 3, total: 3, valid: 3, invalid: 0, parseMs: 1, batchesInFlight: 2 };
  },
  async applyBatch() {
    await sleep(600);
    return { applied: 1 };
  },
  async finishImport(input) {
    return summary(input.status as 'completed' | 'cancelled' | 'failed');
  },
};

Runtime.install({ logger: new DefaultLogger('WARN') });
const { binary } = await ensureTemporal();
const env = await TestWorkflowEnvironment.createLocal({
  server: { executable: { type: 'existing-path', path: binary }, ip: '127.0.0.1' },
});
try {
  const taskQueue = 'fixtures';
  const worker = await Worker.create({
    connection: env.nativeConnection,
    namespace: env.namespace ?? 'default',
    taskQueue,
    workflowsPath: WORKFLOWS_PATH,
    interceptors: { workflowModules: WORKFLOW_INTERCEPTOR_MODULES },
    activities,
  });
  await worker.runUntil(async () => {
    const run = async (
      name: string,
      importId: string,
      during?: (h: Awaited<ReturnType<typeof env.client.workflow.start>>) => Promise<void>,
    ) => {
      const handle = await env.client.workflow.start('studentImport', {
        taskQueue,
        workflowId: `fixture-${VERSION}-${name}`,
        args: [{ tenant: 'demo', importId }],
      });
      await during?.(handle);
      await handle.result().catch(() => undefined);
      const history = await handle.fetchHistory();
      mkdirSync(FIXTURES, { recursive: true });
      const file = path.join(FIXTURES, `student-import-${VERSION}-${name}.json`);
      // The proto object's own JSON (longs as strings, enums by name): `History.fromObject` reads it back.
      writeFileSync(file, `${JSON.stringify(history, null, 2)}\n`);
      console.log(`recorded ${file} (${history.events?.length ?? 0} events)`);
    };
    await run('completed', '00000000-0000-4000-8000-000000000001');
    await run('cancelled', '00000000-0000-4000-8000-000000000002', async (h) => {
      // While the first two batches run (one in each lane): the third never starts.
      await sleep(300);
      await h.signal('cancelImport');
    });
    await run('failed', '00000000-0000-4000-8000-bad-file');
  });
} finally {
  await env.teardown();
}
