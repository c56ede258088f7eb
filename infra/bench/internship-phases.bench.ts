// Internship phases on the embedded Temporal dev server (issue #33): 1,000 internship workflows started
// and one task completed in each (an Update), against a bare Temporal client/worker pair doing the same
// number of trivial workflows with one Update each, in the same run. The interpreter runs with the
// in-memory stand-in activities (workflows/test/phase-run-stand-ins.ts): what is measured is its Temporal
// work (activities, timers, continue-as-new), not placements' PostgreSQL writes.
import { readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { UPDATES } from '@stageplein/contracts/workflows/names';
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
  const { code } = await bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('WARN') });
  const connection = await Connection.connect({ address: temporal.address });
  const client = new Client({ connection });
  const native = await NativeConnection.connect({ address: temporal.address });
  const run = `${Date.now().toString(36)}`;

  async function round(name: 'interpreter' | 'bare'): Promise<TResult> {
    const taskQueue = `bench-${name}-${run}`;
    const stand = phaseRunStandIns(new Map([[VERSION, samplePlan(VERSION)]]));
    const worker = await Worker.create({
      connection: native,
      taskQueue,
      workflowBundle: { code },
      activities: stand.activities,
      maxConcurrentWorkflowTaskExecutions: 100,
    });
    const running = worker.run();
    const ids = Array.from({ length: N }, (_, i) => `bench-${name}-${run}-${i}`);
    const internship = (i: number) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
    const started = performance.now();
    await pool(N, async (i) => {
      await client.workflow.start(name === 'bare' ? 'bareUpdate' : 'internshipPhases', {
        taskQueue,
        workflowId: ids[i]!,
        args:
          name === 'bare' ? [] : [{ tenant: 'demo', internshipId: internship(i) + run, versionId: VERSION }],
      });
    });
    const startSeconds = (performance.now() - started) / 1000;
    if (name === 'interpreter')
      // The task exists once its phase is entered (the Update's validator refuses it before).
      while (stand.phases.size < N) await new Promise((r) => setTimeout(r, 50));
    const times: number[] = [];
    await pool(N, async (i) => {
      const handle = client.workflow.getHandle(ids[i]!);
      const t0 = performance.now();
      if (name === 'bare') await handle.executeUpdate('done', { args: [{ taskId: 'x' }] });
      else
        await handle.executeUpdate(UPDATES.completePhaseTask, {
          args: [
            {
              taskId: `phase-${internship(i)}${run}-0/${STUDENT_TASK}`,
              userId: '00000000-0000-4000-8000-00000000000a',
              actors: ['student'],
            },
          ],
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
  const bare = await round('bare');
  const product = await round('interpreter');
  const loadAfter = os.loadavg()[0]!;
  const ratio = bare.totalSeconds / product.totalSeconds;
  const row = (r: TResult) =>
    `| ${r.name} | ${r.startsPerSecond.toFixed(0)} | ${r.updateP50.toFixed(0)} | ${r.updateP99.toFixed(0)} | ${r.totalSeconds.toFixed(1)} |`;
  const load = `${loadBefore.toFixed(1)}–${loadAfter.toFixed(1)}`;
  console.log([row(bare), row(product)].join('\n'), `ratio ${ratio.toFixed(2)} load ${load}`);
  // One row, no section (docs/ stays under its line budget): the row says how it was measured.
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const text = readFileSync(file, 'utf8');
  const cell = (r: TResult) =>
    `${r.name} ${r.startsPerSecond.toFixed(0)} starts/s, Update p50 ${r.updateP50.toFixed(0)} / p99 ${r.updateP99.toFixed(0)} ms, all ended in ${r.totalSeconds.toFixed(1)} s`;
  writeFileSync(
    file,
    withSummaryRow(text, TITLE, [
      `${ratio.toFixed(2)}× the bare pair by wall time (target 0.5×); ${cell(product)} (targets 50 starts/s, p99 300 ms); ${cell(bare)}. ${N} each, ${CONCURRENCY} in flight, client and worker in one process, dev server (SQLite), in-memory stand-in activities (no PostgreSQL), bare first; ${new Date().toISOString().slice(0, 10)}`,
      load,
    ]),
  );
  await connection.close();
  await native.close();
} finally {
  await temporal.stop();
  await fs.rm(tmp, { recursive: true, force: true });
}
