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
// import, `-- internship-phases` only the phases' interpreter (`internship-phases-<case>-<run>.json`, one
// file per run of the continue-as-new chain: two phases completed by updates, one cancelled by the
// signal, one migrated to another version, and three phases whose middle one is closed by hand), on the
// stand-in activities of workflows/test/phase-run-stand-ins.ts. Earlier interpreters' recordings are kept
// as `internship-phases-v<n>-<case>-<run>.json`. `-- contract-signing` records a contract's
// signing (`contract-signing-<case>.json`: company first, then student and parent, then the school, sealed;
// and one voided after the first turn) on in-memory stand-ins. `-- roster-sync` records a school's nightly
// Magister sync (`roster-sync-<case>.json`: its import run as a child, and a school without a connection).
// `roster-sync-magister*.json` (a sync and its import, with a batch and the mentor step) are recorded from a
// real run instead: `RECORD_WORKFLOW_FIXTURES=1 npm test -- magister-import.int`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { ensureTemporal } from '@stageplein/engines/temporal';
import type { TContentActivities } from '@stageplein/content/activities';
import type { TComplianceActivities, TStudentImportActivities } from '@stageplein/organizations/activities';
import type { TPlacementsActivities } from '@stageplein/placements/activities';
import {
  contractSigningWorkflowId,
  QUERIES,
  UPDATES,
  SIGNALS,
  type TContractSigningState,
  type TPhaseRunState,
} from '@stageplein/contracts/workflows/names';
import type { TSigningActivities, TSigningSigner } from '@stageplein/placements/activities';
import { WORKFLOW_INTERCEPTOR_MODULES, WORKFLOWS_PATH } from '../src/worker.ts';
import { phaseRunStandIns, samplePlan } from '../test/phase-run-stand-ins.ts';

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
  left: 0,
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
  async applyMentors() {
    return { resolved: 0 };
  },
  async finishImport(input) {
    return summary(input.status as 'completed' | 'cancelled' | 'failed');
  },
  // The school ending in 1 has a Magister connection; any other had it removed (the sync opens nothing).
  async openRosterSync(input) {
    if (!input.schoolId.endsWith('1')) return null;
    const importId = '00000000-0000-4000-8000-000000000005';
    return { importId, workflowId: `fixture-roster-sync-import-${importId}` };
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

const PHASE_V1 = '00000000-0000-4000-8000-0000000000e1';
const PHASE_V2 = '00000000-0000-4000-8000-0000000000e2';
/** Three phases: the sample's two with "Contract" between them, closed by hand (no tasks). */
const PHASE_V3 = '00000000-0000-4000-8000-0000000000e3';
const threePhases = (() => {
  const plan = samplePlan(PHASE_V3);
  const [signUp, finished] = plan.phases;
  const contract = {
    ...finished!,
    id: '00000000-0000-4000-8000-0000000000a3',
    name: { nl: 'Contract', en: 'Contract' },
    status: 'preparing' as const,
    completion: 'manual' as const,
  };
  return { ...plan, phases: [signUp!, contract, finished!] };
})();
const phaseStandIns = phaseRunStandIns(
  new Map([
    [PHASE_V1, samplePlan(PHASE_V1)],
    [PHASE_V2, samplePlan(PHASE_V2)],
    [PHASE_V3, threePhases],
  ]),
);

// The contract-signing stand-ins: the signers of one contract in memory (company 1; student, parent 2; school 3).
const signing = new Map<string, { status: string; signers: TSigningSigner[] }>();
const SIGNING_ROLES = [
  ['company', 1],
  ['student', 2],
  ['parent_guardian', 2],
  ['school_representative', 3],
] as const;
const signingStandIns: TSigningActivities = {
  async beginSigning({ contractId }) {
    const signers = SIGNING_ROLES.map(([role, order]) => ({
      id: `${contractId}-${role}`,
      role,
      order,
      state: 'pending' as const,
      turnAt: null,
      remindersSent: 0,
    }));
    signing.set(contractId, { status: 'signing', signers });
    return { kind: 'open', startedAt: '2027-01-15T09:00:00.000Z', signers };
  },
  openTurn: async ({ at }) => ({ turnAt: at }),
  remindSigner: async () => undefined,
  recordSignature: async () => ({ ok: true }),
  completeSigning: async () => undefined,
  expireSigning: async () => undefined,
  closeSigning: async () => undefined,
  sealContract: async () => ({ sealed: true }),
  markSealFailed: async () => undefined,
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
    activities: { ...activities, ...sweepActivities, ...phaseStandIns.activities, ...signingStandIns },
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
    if (only === undefined || only === 'student-import') {
      await run('completed', '00000000-0000-4000-8000-000000000001');
      await run('cancelled', '00000000-0000-4000-8000-000000000002', async (h) => {
        // While the first two batches run (one in each lane): the third never starts.
        await sleep(300);
        await h.signal('cancelImport');
      });
      await run('failed', '00000000-0000-4000-8000-bad-file');
    }
    if (only === undefined || only === 'roster-sync') {
      // A school's nightly Magister sync (its schedule's workflow): one that opens and runs its import as
      // a child, one whose school has no connection any more.
      for (const [name, schoolId] of [
        ['synced', '00000000-0000-4000-8000-00000000e001'],
        ['no-connection', '00000000-0000-4000-8000-00000000e002'],
      ] as const) {
        const handle = await env.client.workflow.start('rosterSync', {
          taskQueue,
          workflowId: `fixture-roster-sync-${name}`,
          args: [{ tenant: 'demo', schoolId }],
        });
        await handle.result();
        save(`roster-sync-${name}.json`, await handle.fetchHistory());
      }
    }
    if (only === undefined || only === 'internship-phases') {
      const phases = async (
        name: string,
        during: (
          workflowId: string,
          state: (ready?: (s: TPhaseRunState) => boolean) => Promise<TPhaseRunState>,
        ) => Promise<void>,
      ) => {
        const internshipId = `00000000-0000-4000-8000-0000000${{ completed: '00f01', cancelled: '00f02', migrated: '00f03', 'by-hand': '00f04' }[name] ?? '00f00'}`;
        const workflowId = `fixture-internship-phases-${name}`;
        const handle = await env.client.workflow.start('internshipPhases', {
          taskQueue,
          workflowId,
          args: [{ tenant: 'demo', internshipId, versionId: name === 'by-hand' ? PHASE_V3 : PHASE_V1 }],
        });
        const state = async (
          ready: (s: TPhaseRunState) => boolean = (s) => s.phaseId !== null || s.ended !== null,
        ) => {
          for (;;) {
            const s = await env.client.workflow
              .getHandle(workflowId)
              .query<TPhaseRunState>(QUERIES.phaseRunState);
            if (ready(s)) return s;
            await sleep(100); // between two polls of the query (what the run shows, not a moment)
          }
        };
        await during(workflowId, state);
        // Every execution of the chain, in order: continue-as-new makes one history per phase.
        const runs = [];
        for await (const run of env.client.workflow.list({ query: `WorkflowId = '${workflowId}'` }))
          runs.push(run);
        runs.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
        for (const [i, run] of runs.entries()) {
          const h = env.client.workflow.getHandle(workflowId, run.runId);
          await h.result().catch(() => undefined);
          save(`internship-phases-${name}-${i + 1}.json`, await h.fetchHistory());
        }
        await handle.result().catch(() => undefined);
      };
      const complete = (workflowId: string, taskId: string, actor: string) =>
        env.client.workflow.getHandle(workflowId).executeUpdate(UPDATES.completePhaseTask, {
          args: [{ taskId, userId: `u-${actor}`, actors: [actor] }],
        });
      await phases('completed', async (workflowId, state) => {
        const [student, mentor] = (await state()).openTaskIds;
        // A refused update (the wrong actor) leaves nothing in the history; then both tasks done.
        await complete(workflowId, student!, 'mentor').catch(() => undefined);
        await complete(workflowId, mentor!, 'mentor');
        await complete(workflowId, student!, 'student');
        await env.client.workflow.getHandle(workflowId).result();
      });
      await phases('cancelled', async (workflowId, state) => {
        await state();
        await env.client.workflow
          .getHandle(workflowId)
          .signal(SIGNALS.internshipEnded, { status: 'cancelled' });
      });
      await phases('by-hand', async (workflowId, state) => {
        // "Contract" waits (closed by hand): entered by the first run, handed to the second one.
        const [student] = (await state()).openTaskIds;
        await complete(workflowId, student!, 'student');
        const contract = await state((s) => s.phaseIndex === 1 && s.phaseId !== null);
        await env.client.workflow.getHandle(workflowId).executeUpdate(UPDATES.completePhase, {
          args: [{ phaseId: contract.phaseId!, userId: 'u-admin', actors: ['school_admin'] }],
        });
        await env.client.workflow.getHandle(workflowId).result();
      });
      await phases('migrated', async (workflowId, state) => {
        const [, mentor] = (await state()).openTaskIds;
        await complete(workflowId, mentor!, 'mentor');
        await env.client.workflow
          .getHandle(workflowId)
          .executeUpdate(UPDATES.migratePhaseRun, { args: [{ toVersionId: PHASE_V2, userId: 'u-admin' }] });
        await state((s) => s.versionId === PHASE_V2 && s.phaseId !== null);
        await env.client.workflow
          .getHandle(workflowId)
          .signal(SIGNALS.internshipEnded, { status: 'completed' });
      });
    }
    if (only === undefined || only === 'contract-signing') {
      const contract = async (name: string, during: (workflowId: string) => Promise<void>) => {
        const contractId = `00000000-0000-4000-8000-0000000${{ signed: '00c01', voided: '00c02' }[name] ?? '00c00'}`;
        const workflowId = contractSigningWorkflowId(contractId);
        const handle = await env.client.workflow.start('contractSigning', {
          taskQueue,
          workflowId,
          args: [{ tenant: 'demo', contractId }],
        });
        await during(workflowId);
        await handle.result();
        save(`contract-signing-${name}.json`, await handle.fetchHistory());
      };
      const inTurn = async (workflowId: string, ids: string[]) => {
        for (;;) {
          const s = await env.client.workflow
            .getHandle(workflowId)
            .query<TContractSigningState>(QUERIES.contractSigningState);
          if ([...s.toAct].sort().join() === [...ids].sort().join()) return;
          await sleep(100); // between two polls of the query (what the run shows, not a moment)
        }
      };
      const sign = (workflowId: string, signerId: string) =>
        env.client.workflow.getHandle(workflowId).executeUpdate(UPDATES.signContract, {
          args: [
            {
              signerId,
              signature: 'data:image/png;base64,AAAA',
              actor: 'u-1',
              linkId: null,
              ip: '127.0.0.1',
              userAgent: 'fixture',
              at: '2027-01-15T10:00:00.000Z',
            },
          ],
        });
      await contract('signed', async (workflowId) => {
        const id = workflowId.replace('contract-signing-', '');
        await inTurn(workflowId, [`${id}-company`]);
        // A refused update (out of turn) leaves nothing in the history.
        await sign(workflowId, `${id}-student`).catch(() => undefined);
        await sign(workflowId, `${id}-company`);
        await inTurn(workflowId, [`${id}-student`, `${id}-parent_guardian`]);
        await sign(workflowId, `${id}-parent_guardian`);
        await sign(workflowId, `${id}-student`);
        await inTurn(workflowId, [`${id}-school_representative`]);
        await sign(workflowId, `${id}-school_representative`);
      });
      await contract('voided', async (workflowId) => {
        const id = workflowId.replace('contract-signing-', '');
        await inTurn(workflowId, [`${id}-company`]);
        await env.client.workflow.getHandle(workflowId).signal(SIGNALS.contractVoided);
      });
    }
    if (only === undefined || only === 'sweeps') {
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
