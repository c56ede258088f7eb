// Magister roster sync (Magister stand-in → Temporal workflow → identity + organizations), end to end on
// the embedded stack with a real Temporal dev server, the same method as the CSV import's benchmark
// (student-import.bench.ts): "import now" → status "completed" through the HTTP API, 5,000 new students;
// then the same roster again, which must change nothing. Magister is a local stand-in of its interface
// (an external system we do not run). Baseline in the same run: reading the 5,000 from the stand-in and
// validating them alone. Each round is its own tenant's School, so every first sync creates 5,000.
import os from 'node:os';
import { Client, Connection } from '@temporalio/client';
import { studentImportWorkflowId } from '@stageplein/contracts/workflows/names';
import { magisterRosterSource } from '@stageplein/organizations/roster-sources/magister.source';
import { validateStudentRows } from '@stageplein/organizations/imports/student-import.validate';
import { magisterRoster, startMagisterStandIn } from '@stageplein/testing/magister-stand-in';
import { recordResult } from './bench-lib.ts';
import { importEnd, startImportBench } from './import-stack.ts';

const ROWS = 5000;
const TENANTS = ['demo', 'raayland', 'casteleijn'].slice(0, Number(process.env.BENCH_ROUNDS ?? 3));

const magister = await startMagisterStandIn();
const bench = await startImportBench('bench-roster', { MAGISTER_HOSTS: '127.0.0.1' }).catch(async (error) => {
  await magister.close();
  throw error;
});
const { base } = bench;
const connection = await Connection.connect({ address: bench.temporalAddress });
const temporal = new Client({ connection });

/**
 * Where an import's time went, from its workflow's history: prepare, the batches (first scheduled to
 * last completed, in lanes), the mentor step after them and finish, each from scheduled to completed (in
 * seconds); the rest is starting the workflow and the client's polling.
 */
async function stepsOf(importId: string) {
  const history = await temporal.workflow.getHandle(studentImportWorkflowId(importId)).fetchHistory();
  const events = history.events ?? [];
  const at = (e: NonNullable<typeof history.events>[number]) =>
    Number(e.eventTime!.seconds) + e.eventTime!.nanos! / 1e9;
  const scheduled = new Map<string, { type: string; at: number }>();
  const spans: Record<string, [number, number]> = {};
  for (const e of events) {
    const s = e.activityTaskScheduledEventAttributes;
    if (s) scheduled.set(String(e.eventId), { type: s.activityType!.name!, at: at(e) });
    const done = e.activityTaskCompletedEventAttributes;
    const began = done && scheduled.get(String(done.scheduledEventId));
    if (!began) continue;
    const span = (spans[began.type] ??= [began.at, at(e)]);
    span[0] = Math.min(span[0], began.at);
    span[1] = Math.max(span[1], at(e));
  }
  const s = (type: string) => (spans[type] ? spans[type][1] - spans[type][0] : 0);
  return {
    prepare: s('prepareImport'),
    batches: s('applyBatch'),
    mentors: s('applyMentors'),
    finish: s('finishImport'),
  };
}
try {
  const adminOf = async (tenant: string) => {
    const headers = await bench.adminOf(tenant);
    const put = await fetch(`${base}/api/v1/imports/magister/connection`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: {
          type: 'magister_connection',
          attributes: {
            base_url: magister.url,
            client_id: magister.clientId,
            client_secret: magister.clientSecret,
            nightly: false,
          },
        },
      }),
    });
    if (put.status !== 200) throw new Error(`connection: ${put.status} ${await put.text()}`);
    return headers;
  };
  type TCounts = Record<'created' | 'updated' | 'unchanged' | 'left' | 'invalid' | 'failed', number>;
  const sync = async (headers: Record<string, string>) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/imports/magister`, { method: 'POST', headers });
    if (res.status !== 202) throw new Error(`import: ${res.status} ${await res.text()}`);
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    const end = await importEnd<{
      status: string;
      parse_ms: number;
      counts: TCounts;
      created_at: string;
      started_at: string;
      finished_at: string;
    }>(base, headers, id, started);
    return { ...end, id };
  };

  /** How long an import waited for its workflow to start, and how long it ran. */
  const phases = (a: { created_at: string; started_at: string; finished_at: string }) =>
    `waited ${((Date.parse(a.started_at) - Date.parse(a.created_at)) / 1000).toFixed(2)} s, ran ${((Date.parse(a.finished_at) - Date.parse(a.started_at)) / 1000).toFixed(2)} s`;

  const rounds: {
    first: number;
    second: number;
    readMs: number;
    baselineMs: number;
    nodeCpu: number;
    pgCpu: number;
    load: number;
    steps: Awaited<ReturnType<typeof stepsOf>>;
  }[] = [];
  for (const tenant of TENANTS) {
    // Email addresses are unique across tenants (identity): each tenant's school has its own students.
    // The previous round's 5,000 students' events are still being delivered: each first sync starts on a
    // quiet pipeline, as an import on its own would (and organizations knows the next admin's roles).
    const quietS = await bench.quiet();
    Object.assign(magister, magisterRoster(ROWS, { domain: `${tenant}.bench.test` }));
    const headers = await adminOf(tenant);
    const t0 = performance.now();
    const rows = await magisterRosterSource(
      { baseUrl: magister.url, clientId: magister.clientId, clientSecret: magister.clientSecret },
      { allowedHosts: ['127.0.0.1'] },
    ).read();
    validateStudentRows(rows, { groups: new Set(), levels: new Set() }, { createMissingGroups: true });
    const baselineMs = performance.now() - t0;

    const cpu0 = process.cpuUsage();
    const pg0 = bench.postgresCpuSeconds();
    const first = await sync(headers);
    const cpu = process.cpuUsage(cpu0);
    const pgCpu = bench.postgresCpuSeconds() - pg0;
    if (first.attributes.status !== 'completed' || first.attributes.counts.created !== ROWS)
      throw new Error(`${tenant} first sync: ${JSON.stringify(first.attributes)}`);
    const second = await sync(headers);
    const c = second.attributes.counts;
    if (second.attributes.status !== 'completed' || c.unchanged !== ROWS || c.created + c.updated + c.left)
      throw new Error(`${tenant} second sync changed something: ${JSON.stringify(second.attributes)}`);
    const load = os.loadavg()[0]!;
    const steps = await stepsOf(first.id);
    rounds.push({
      steps,
      first: first.seconds,
      second: second.seconds,
      readMs: first.attributes.parse_ms,
      baselineMs,
      nodeCpu: (cpu.user + cpu.system) / 1e6,
      pgCpu,
      load,
    });
    console.log(
      `${tenant}: after ${quietS.toFixed(1)} s for the previous events, first sync ${first.seconds.toFixed(2)} s (${Math.round(ROWS / first.seconds)} students/s, reading Magister ${first.attributes.parse_ms} ms in the activity, ${baselineMs.toFixed(0)} ms alone), ` +
        `first sync's steps: prepare ${steps.prepare.toFixed(2)} s, batches ${steps.batches.toFixed(2)} s, mentors ${steps.mentors.toFixed(2)} s, finish ${steps.finish.toFixed(2)} s; ` +
        `unchanged second sync ${second.seconds.toFixed(2)} s (${phases(second.attributes)}); CPU node ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, PostgreSQL ${pgCpu.toFixed(2)} s; load ${load.toFixed(1)}`,
    );
  }
  const median = (k: 'first' | 'second') =>
    [...rounds.map((r) => r[k])].sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!;
  const first = median('first');
  const second = median('second');
  const mentors = [...rounds.map((r) => r.steps.mentors)].sort((a, b) => a - b)[
    Math.floor(rounds.length / 2)
  ]!;
  console.log(
    [
      '',
      'Magister roster sync',
      '| round | first sync s | its prepare / batches / mentors s | unchanged sync s | reading Magister ms (in the activity) | read + validate alone ms (baseline) | CPU s, node (first) | CPU s, PostgreSQL (first) | load (1 min) |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rounds.map(
        (r, i) =>
          `| ${i + 1} | ${r.first.toFixed(2)} | ${r.steps.prepare.toFixed(2)} / ${r.steps.batches.toFixed(2)} / ${r.steps.mentors.toFixed(2)} | ${r.second.toFixed(2)} | ${r.readMs} | ${r.baselineMs.toFixed(0)} | ${r.nodeCpu.toFixed(2)} | ${r.pgCpu.toFixed(2)} | ${r.load.toFixed(1)} |`,
      ),
      '',
      `Targets: first sync of ${ROWS} ≤ 8 s (${first <= 8 ? 'met' : 'NOT met'}: ${first.toFixed(2)} s median), unchanged second sync ≤ 2 s (${second <= 2 ? 'met' : 'NOT met'}: ${second.toFixed(2)} s median).`,
    ].join('\n'),
  );
  const loads = rounds.map((r) => r.load);
  recordResult('Magister roster sync (5,000 students, end to end)', {
    result: `first sync ${first.toFixed(2)} s (target 8 s; its mentor step after the batches ${mentors.toFixed(2)} s), unchanged second sync ${second.toFixed(2)} s (target 2 s)`,
    load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  });
} finally {
  await connection.close();
  await bench.stop();
  await magister.close();
}
