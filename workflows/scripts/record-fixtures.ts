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
//
// The scheduled per-tenant sweeps (complianceSweep, formFileCleanup, hoursReminders, vacancyClosing)
// are recorded as `sweep-<workflow>.json`, three tenants each (the middle one's activity fails once and
// is retried). `npm run workflows:fixtures -- sweeps` records only them, `-- student-import` only the
// import.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { ensureTemporal } from '@stageplein/engines/temporal';
import type { TContentActivities } from '@stageplein/content/activities';
import type { TComplianceActivities, TStudentImportActivities } from '@stageplein/organizations/activities';
import type { TPlacementsActivities } from '@stageplein/placements/activities';
import { WORKFLOW_INTERCEPTOR_MODULES, WORKFLOWS_PATH } from '../src/worker.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures');
const VERSION = 'lanes';
type TWorkflowHandle = Awaited<ReturnType<TestWorkflowEnvironment['client']['workflow']['start']>>;
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

const TENANTS = ['demo', 'raayland', 'stageplein'];
const failedOnce = new Set<string>();
/** The middle tenant's sweep fails on its first attempt: the recorded history holds the retry. */
function flakyForMiddle(key: string, tenant: string) {
  if (tenant === TENANTS[1] && !failedOnce.has(key)) {
    failedOnce.add(key);
    throw new Error(`${key}: ${tenant} stand-in failure (retried)`);
  }
}
const sweepActivities: Pick<
  TComplianceActivities & TContentActivities & TPlacementsActivities,
  | 'complianceTenants'
  | 'sweepTenantCompliance'
  | 'formFileCleanupTenants'
  | 'removeTenantUnusedFormFiles'
  | 'hoursReminderTenants'
  | 'remindTenantHours'
  | 'vacancyClosingTenants'
  | 'closeTenantVacancies'
> = {
  complianceTenants: async () => TENANTS,
  async sweepTenantCompliance({ tenant }) {
    flakyForMiddle('compliance', tenant);
    return { tenant, changed: 1, reminded: 2 };
  },
  formFileCleanupTenants: async () => TENANTS,
  async removeTenantUnusedFormFiles({ tenant }) {
    flakyForMiddle('formFiles', tenant);
    return { tenant, removed: 3 };
  },
  hoursReminderTenants: async () => TENANTS,
  async remindTenantHours({ tenant }) {
    flakyForMiddle('hours', tenant);
    return { tenant, supervisors: 1, mentors: 2 };
  },
  vacancyClosingTenants: async () => TENANTS,
  async closeTenantVacancies({ tenant }) {
    flakyForMiddle('vacancies', tenant);
    return { tenant, closed: 4 };
  },
};
const SWEEPS = ['complianceSweep', 'formFileCleanup', 'hoursReminders', 'vacancyClosing'] as const;
const only = process.argv[2];
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

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
    activities: { ...activities, ...sweepActivities },
  });
  const save = (name: string, history: Awaited<ReturnType<TWorkflowHandle['fetchHistory']>>) => {
    mkdirSync(FIXTURES, { recursive: true });
    const file = path.join(FIXTURES, name);
    // The proto object's own JSON (longs as strings, enums by name): `History.fromObject` reads it back.
    writeFileSync(file, `${JSON.stringify(history, null, 2)}\n`);
    console.log(`recorded ${file} (${history.events?.length ?? 0} events)`);
  };
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
      save(`student-import-${VERSION}-${name}.json`, await handle.fetchHistory());
    };
    if (only !== 'sweeps') {
      await run('completed', '00000000-0000-4000-8000-000000000001');
      await run('cancelled', '00000000-0000-4000-8000-000000000002', async (h) => {
        // While the first two batches run (one in each lane): the third never starts.
        await sleep(300);
        await h.signal('cancelImport');
      });
      await run('failed', '00000000-0000-4000-8000-bad-file');
    }
    if (only !== 'student-import') {
      for (const workflow of SWEEPS) {
        const handle = await env.client.workflow.start(workflow, {
          taskQueue,
          workflowId: `fixture-sweep-${workflow}`,
        });
        await handle.result();
        save(`sweep-${kebab(workflow)}.json`, await handle.fetchHistory());
      }
    }
  });
} finally {
  await env.teardown();
}
