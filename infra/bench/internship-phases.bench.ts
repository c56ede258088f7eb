// Internship phases on the embedded Temporal dev server (issue #33): 1,000 internship workflows started
// and one task completed in each (an Update), against a bare Temporal client/worker pair doing the same
// number of trivial workflows with one Update each, in the same run. The interpreter's side is what
// `npm start` runs: the product's worker (workflows' `createWorker` with run-worker's options and its
// interceptors) and placements' start and Update path (`phaseWorkflows` over kit's Temporal client: the
// workflow id scheme, the start options the outbox consumer uses), with the in-memory stand-in activities
// (workflows/test/phase-run-stand-ins.ts): what is measured is its Temporal work (local activities,
// timers, continue-as-new), not placements' PostgreSQL writes. The bare pair: SDK defaults throughout.
import { readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { internshipPhasesWorkflowId, TASK_QUEUES } from '@stageplein/contracts/workflows/names';
import { generateAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { parseConfig } from '@stageplein/kit/config/config';
import { temporalClientFor } from '@stageplein/kit/temporal/temporal-client';
import { phaseWorkflows } from '@stageplein/placements/phase-runs/phase-workflows';
import { PHASE_WORKER_OPTIONS } from '@stageplein/workflows/run-worker';
import { createWorker, WORKFLOW_INTERCEPTOR_MODULES } from '@stageplein/workflows/worker';
import { ensureTemporal, startTemporalDevServer } from '@stageplein/engines/temporal';
import { freePort } from '@stageplein/testing/processes';
import { phaseRunStandIns, samplePlan } from '@stageplein/workflows/test/phase-run-stand-ins';
import { percentile, ROOT, withSummaryRow } from './bench-lib.ts';

const N = Number(process.env.BENCH_PHASES_N ?? 1000);
/** Starts and Updates in flight at once (the routes' and consumer's concurrency stand-in). */
const CONCURRENCY = 20;
const VERSION = '00000000-0000-4000-8000-0000000000e1';
const STUDENT_TASK = '00000000-0000-4000-8000-0000000000b1';
const TITLE =
  'Internship phases: 1,000 workflows started, one task Update each (interpreter vs bare Temporal pair)';

Runtime.install({ logger: new DefaultLogger('WARN') });
await ensureTemporal({ log: (m) => console.log(`[temporal] ${m}`) });
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'stageplein-bench-phases-'));
const temporal = await startTemporalDevServer({
  port: await freePort(),
  dbFile: path.join(tmp, 'dev.sqlite'),
  log: () => undefined,
});

/** Runs `fn` over 0…n-1 with `CONCURRENCY` in flight. */
async function pool(n: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

interface TResult {
  name: string;
  startsPerSecond: number;
  updateP50: number;
  updateP99: number;
  /** Wall time of the whole round: every start, then every Update, until each workflow has ended. */
  totalSeconds: number;
}

try {
  const workflowsPath = path.join(import.meta.dirname, 'internship-phases.workflows.ts');
  const logger = new DefaultLogger('WARN');
  // The bare pair's bundle as the SDK makes it; the product's with its interceptors, as run-worker bundles it.
  const bare = await bundleWorkflowCode({ workflowsPath, logger });
  const product = await bundleWorkflowCode({
    workflowsPath,
    workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES,
    logger,
  });
  const connection = await Connection.connect({ address: temporal.address });
  const client = new Client({ connection });
  const native = await NativeConnection.connect({ address: temporal.address });
  const config = parseConfig({ TEMPORAL_ADDRESS: temporal.address, AUTH_TOKEN_SECRET: generateAuthSecret() });
  const placements = temporalClientFor(config);
  const phases = phaseWorkflows(placements);
  const run = `${Date.now().toString(36)}`;

  async function round(name: 'interpreter' | 'bare'): Promise<TResult> {
    const stand = phaseRunStandIns(new Map([[VERSION, samplePlan(VERSION)]]));
    const worker =
      name === 'bare'
        ? await Worker.create({
            connection: native,
            taskQueue: `bench-bare-${run}`,
            workflowBundle: { code: bare.code },
            activities: {},
          })
        : await createWorker({
            connection: native,
            namespace: config.TEMPORAL_NAMESPACE,
            taskQueue: TASK_QUEUES.internshipPhases,
            workflowBundleCode: product.code,
            activities: stand.activities,
            options: PHASE_WORKER_OPTIONS,
          });
    const running = worker.run();
    const internship = (i: number) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}${run}`;
    const ids = Array.from({ length: N }, (_, i) =>
      name === 'bare' ? `bench-bare-${run}-${i}` : internshipPhasesWorkflowId(internship(i)),
    );
    const started = performance.now();
    await pool(N, async (i) => {
      if (name === 'bare')
        await client.workflow.start('bareUpdate', { taskQueue: `bench-bare-${run}`, workflowId: ids[i]! });
      else await phases.start(ids[i]!, { tenant: 'demo', internshipId: internship(i), versionId: VERSION });
    });
    const startSeconds = (performance.now() - started) / 1000;
    if (name === 'interpreter')
      // The task exists once its phase is entered (the Update's validator refuses it before).
      while (stand.phases.size < N) await new Promise((r) => setTimeout(r, 50));
    const times: number[] = [];
    await pool(N, async (i) => {
      const t0 = performance.now();
      if (name === 'bare')
        await client.workflow.getHandle(ids[i]!).executeUpdate('done', { args: [{ taskId: 'x' }] });
      else
        await phases.completeTask(ids[i]!, {
          taskId: `phase-${internship(i)}-0/${STUDENT_TASK}`,
          userId: '00000000-0000-4000-8000-00000000000a',
          actors: ['student'],
        });
      times.push(performance.now() - t0);
    });
    await pool(N, async (i) => {
      await client.workflow.getHandle(ids[i]!).result();
    });
    const totalSeconds = (performance.now() - started) / 1000;
    worker.shutdown();
    await running;
    return {
      name,
      startsPerSecond: N / startSeconds,
      updateP50: percentile(times, 50),
      updateP99: percentile(times, 99),
      totalSeconds,
    };
  }

  const loadBefore = os.loadavg()[0]!;
  const bareRound = await round('bare');
  const interpreter = await round('interpreter');
  const loadAfter = os.loadavg()[0]!;
  const ratio = bareRound.totalSeconds / interpreter.totalSeconds;
  const row = (r: TResult) =>
    `| ${r.name} | ${r.startsPerSecond.toFixed(0)} | ${r.updateP50.toFixed(0)} | ${r.updateP99.toFixed(0)} | ${r.totalSeconds.toFixed(1)} |`;
  const load = `${loadBefore.toFixed(1)}–${loadAfter.toFixed(1)}`;
  console.log([row(bareRound), row(interpreter)].join('\n'), `ratio ${ratio.toFixed(2)} load ${load}`);
  // One row, no section (docs/ stays under its line budget): the row says how it was measured.
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const text = readFileSync(file, 'utf8');
  const cell = (r: TResult) =>
    `${r.name} ${r.startsPerSecond.toFixed(0)} starts/s, Update p50 ${r.updateP50.toFixed(0)} / p99 ${r.updateP99.toFixed(0)} ms, all ended in ${r.totalSeconds.toFixed(1)} s`;
  writeFileSync(
    file,
    withSummaryRow(text, TITLE, [
      `${ratio.toFixed(2)}× the bare pair by wall time (target 0.5×); ${cell(interpreter)} (targets 50 starts/s, p99 300 ms); ${cell(bareRound)}. ${N} each, ${CONCURRENCY} in flight, client and worker in one process, dev server (SQLite); interpreter: the product's worker settings and start/Update path, in-memory stand-in activities (no PostgreSQL); bare pair: SDK defaults; bare first; ${new Date().toISOString().slice(0, 10)}`,
      load,
    ]),
  );
  await placements.close();
  await connection.close();
  await native.close();
} finally {
  await temporal.stop();
  await fs.rm(tmp, { recursive: true, force: true });
}
