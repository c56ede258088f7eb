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
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import protos, { type google } from '@temporalio/proto';
import {
  bundleWorkflowCode,
  DefaultLogger,
  NativeConnection,
  Runtime,
  Worker,
  type WorkerOptions,
} from '@temporalio/worker';
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

/** CPU seconds (user + system) a process has used so far, from /proc (Linux), or 0 elsewhere. */
function cpuSecondsOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
const ownCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** How many histories are read after a round (per workflow counts: every history of a side is alike). */
const SAMPLE = 10;
const E = protos.temporal.api.enums.v1.EventType;
const ms = (t: google.protobuf.ITimestamp | null | undefined) =>
  Number(t?.seconds ?? 0) * 1000 + (t?.nanos ?? 0) / 1e6;

interface TCounts {
  events: number;
  workflowTasks: number;
  localActivities: number;
  activities: number;
  timers: number;
  /** Of the workflow task that carries the Update's answer: waiting for a poller, and on the worker (ms). */
  updateTaskQueued: number;
  updateTaskOnWorker: number;
}

/** Per-workflow counts from `SAMPLE` histories (medians of the times), every run of each id. */
async function countsOf(client: Client, ids: string[]): Promise<TCounts> {
  const all: TCounts[] = [];
  for (const id of ids.slice(0, SAMPLE)) {
    const events = (await client.workflow.getHandle(id).fetchHistory()).events ?? [];
    const of = (type: number) => events.filter((e) => e.eventType === type).length;
    // The update's answer goes out with the workflow task that completes after its acceptance.
    const accepted = events.findIndex((e) => e.eventType === E.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED);
    const before = events.slice(0, accepted + 1);
    const scheduled = before.findLast((e) => e.eventType === E.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED);
    const started = before.findLast((e) => e.eventType === E.EVENT_TYPE_WORKFLOW_TASK_STARTED);
    const completed = before.findLast((e) => e.eventType === E.EVENT_TYPE_WORKFLOW_TASK_COMPLETED);
    all.push({
      events: events.length,
      workflowTasks: of(E.EVENT_TYPE_WORKFLOW_TASK_COMPLETED),
      localActivities: events.filter(
        (e) =>
          e.eventType === E.EVENT_TYPE_MARKER_RECORDED &&
          e.markerRecordedEventAttributes?.markerName === 'core_local_activity',
      ).length,
      activities: of(E.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED),
      timers: of(E.EVENT_TYPE_TIMER_STARTED),
      updateTaskQueued: ms(started?.eventTime) - ms(scheduled?.eventTime),
      updateTaskOnWorker: ms(completed?.eventTime) - ms(started?.eventTime),
    });
  }
  const median = (k: keyof TCounts) =>
    percentile(
      all.map((c) => c[k]),
      50,
    );
  return {
    events: median('events'),
    workflowTasks: median('workflowTasks'),
    localActivities: median('localActivities'),
    activities: median('activities'),
    timers: median('timers'),
    updateTaskQueued: median('updateTaskQueued'),
    updateTaskOnWorker: median('updateTaskOnWorker'),
  };
}

interface TResult {
  name: string;
  counts: TCounts;
  /** CPU per workflow (ms): this process (client and worker), the Temporal server. */
  cpuOwn: number;
  cpuServer: number;
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
  // OpenTelemetry's workflow interceptors as the only ones (BENCH_PHASES_EXTRA), bundled when asked for.
  let otelBundle: Promise<{ code: string }> | undefined;
  const openTelemetryOnly = () =>
    (otelBundle ??= bundleWorkflowCode({
      workflowsPath,
      workflowInterceptorModules: [
        createRequire(import.meta.url).resolve(
          '@temporalio/interceptors-opentelemetry/lib/workflow-interceptors',
        ),
      ],
      logger,
    }));
  const connection = await Connection.connect({ address: temporal.address });
  const client = new Client({ connection });
  const native = await NativeConnection.connect({ address: temporal.address });
  const config = parseConfig({ TEMPORAL_ADDRESS: temporal.address, AUTH_TOKEN_SECRET: generateAuthSecret() });
  const placements = temporalClientFor(config);
  const phases = phaseWorkflows(placements);
  const run = `${Date.now().toString(36)}`;

  async function round(
    name: 'interpreter' | 'bare',
    variant: {
      label?: string;
      interceptors?: boolean | 'opentelemetry';
      options?: Partial<WorkerOptions>;
    } = {},
  ): Promise<TResult> {
    const tag = `${run}${variant.label ?? ''}`;
    const stand = phaseRunStandIns(new Map([[VERSION, samplePlan(VERSION)]]));
    const worker =
      name === 'bare'
        ? await Worker.create({
            connection: native,
            taskQueue: `bench-bare-${tag}`,
            workflowBundle: { code: bare.code },
            activities: {},
          })
        : await createWorker({
            connection: native,
            namespace: config.TEMPORAL_NAMESPACE,
            taskQueue: TASK_QUEUES.internshipPhases,
            workflowBundleCode:
              variant.interceptors === false
                ? bare.code
                : variant.interceptors === 'opentelemetry'
                  ? (await openTelemetryOnly()).code
                  : product.code,
            activities: stand.activities,
            options: { ...PHASE_WORKER_OPTIONS, ...variant.options },
          });
    const running = worker.run();
    const cpu0 = { own: ownCpuSeconds(), server: cpuSecondsOf(temporal.pid) };
    const internship = (i: number) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}${tag}`;
    const ids = Array.from({ length: N }, (_, i) =>
      name === 'bare' ? `bench-bare-${tag}-${i}` : internshipPhasesWorkflowId(internship(i)),
    );
    const started = performance.now();
    await pool(N, async (i) => {
      if (name === 'bare')
        await client.workflow.start('bareUpdate', { taskQueue: `bench-bare-${tag}`, workflowId: ids[i]! });
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
    const cpuOwn = ((ownCpuSeconds() - cpu0.own) * 1000) / N;
    const cpuServer = ((cpuSecondsOf(temporal.pid) - cpu0.server) * 1000) / N;
    worker.shutdown();
    await running;
    return {
      name: `${name}${variant.label ? ` ${variant.label}` : ''}`,
      counts: await countsOf(client, ids),
      cpuOwn,
      cpuServer,
      startsPerSecond: N / startSeconds,
      updateP50: percentile(times, 50),
      updateP99: percentile(times, 99),
      totalSeconds,
    };
  }

  const row = (r: TResult) =>
    `| ${r.name} | ${r.startsPerSecond.toFixed(0)} | ${r.updateP50.toFixed(0)} | ${r.updateP99.toFixed(0)} | ${r.totalSeconds.toFixed(1)} |`;
  /** Per workflow: its history, and the CPU of this process (client and worker) and of the server. */
  const perWorkflow = ({ counts: c, cpuOwn, cpuServer }: TResult) =>
    `${c.events} events, ${c.workflowTasks} workflow tasks, ${c.localActivities} local activities, ${c.activities} activities, ${c.timers} timers; CPU ${cpuOwn.toFixed(1)} ms client and worker, ${cpuServer.toFixed(1)} ms server; the Update's workflow task ${c.updateTaskQueued.toFixed(0)} ms queued, ${c.updateTaskOnWorker.toFixed(0)} ms on the worker`;
  const loadBefore = os.loadavg()[0]!;
  const bareRound = await round('bare');
  const interpreter = await round('interpreter');
  // BENCH_PHASES_EXTRA='[{"label":"x","options":{…}}, {"label":"y","interceptors":false}]': more interpreter
  // rounds in the same run with other worker options, without workflow interceptors or with OpenTelemetry's
  // alone (`"opentelemetry"`: the workers before workflow-interceptors.ts), printed only.
  for (const v of JSON.parse(process.env.BENCH_PHASES_EXTRA ?? '[]')) {
    const r = await round('interpreter', v);
    console.log(row(r), `ratio ${(bareRound.totalSeconds / r.totalSeconds).toFixed(2)}; ${perWorkflow(r)}`);
  }
  const loadAfter = os.loadavg()[0]!;
  const ratio = bareRound.totalSeconds / interpreter.totalSeconds;
  const load = `${loadBefore.toFixed(1)}–${loadAfter.toFixed(1)}`;
  console.log([row(bareRound), row(interpreter)].join('\n'), `ratio ${ratio.toFixed(2)} load ${load}`);
  for (const r of [bareRound, interpreter]) console.log(`${r.name}: ${perWorkflow(r)}`);
  // One row, no section (docs/ stays under its line budget): the row says how it was measured.
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const text = readFileSync(file, 'utf8');
  const cell = (r: TResult) =>
    `${r.name} ${r.startsPerSecond.toFixed(0)} starts/s, Update p50 ${r.updateP50.toFixed(0)} / p99 ${r.updateP99.toFixed(0)} ms, all ended in ${r.totalSeconds.toFixed(1)} s (per workflow ${perWorkflow(r)})`;
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
