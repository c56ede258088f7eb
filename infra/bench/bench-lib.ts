import type { TStackConfig } from '@stageplein/stack/services';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface TLoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  /** From every 2xx response's time (autocannon's histogram, which the others come from, has no p95). */
  p95: number;
  p97_5: number;
  p99: number;
  /** Requests completed in the measured window (slow routes: req/s to one decimal from it). */
  total: number;
  errors: number;
  non2xx: number;
}

/** Drives one URL with autocannon at a fixed concurrency; a short warm-up run is discarded. */
export async function load(
  label: string,
  url: string,
  options: { headers?: Record<string, string>; connections?: number; seconds?: number } = {},
): Promise<TLoadResult> {
  const base = { url, headers: options.headers ?? {}, connections: options.connections ?? 16 };
  await autocannon({ ...base, duration: 2 });
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...base, duration: options.seconds ?? 8 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    // The same responses autocannon's latency histogram records: 2xx only.
    instance.on('response', (_client, status: number, _bytes, ms: number) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
  return {
    label,
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p95: Math.round(percentile(times, 95)),
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    total: r.requests.total,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/**
 * Starts a benchmark server in its own process (so the load generator doesn't share its event loop),
 * with the V8 flags the product's servers run with.
 */
export async function startServer(
  script: string,
  args: string[],
): Promise<{ port: number; child: ChildProcess }> {
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (where the time goes);
  // BENCH_HEAP_PROF=<dir> one of what survives scavenges (sampleSurvivors).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, ...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(ROOT, script), ...args],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code} before listening:\n${out}`)));
  });
  return { port, child };
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function table(results: TLoadResult[], baseline: TLoadResult): string {
  const rows = results.map(
    (r) =>
      `| ${r.label} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${(r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}× | ${r.errors + r.non2xx} |`,
  );
  return [
    '| path | req/s | p50 ms | p99 ms | ratio to baseline | errors |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/**
 * Sets this benchmark's row of the results table in docs/benchmarks.md (its result against its baseline and
 * the run's load average). The run's full tables go to its output only: docs/ keeps one table of current
 * results, the history of runs lives in git and in the runs' logs.
 */
export function recordResult(title: string, summary: { result: string; load: string }): void {
  const file = path.join(ROOT, 'docs/benchmarks.md');
  writeFileSync(file, withSummaryRow(readFileSync(file, 'utf8'), title, [summary.result, summary.load]));
}

/** The 1-minute load average now, as the results table shows it. */
export const loadNow = (): string => os.loadavg()[0]!.toFixed(1);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with the results table's row for `title` set to `cells` (a new row when it has none). */
export function withSummaryRow(text: string, title: string, cells: readonly string[]): string {
  const cell = (c: string) => c.replaceAll('|', '\\|').replaceAll('\n', ' ');
  const row = `| ${[title, ...cells].map(cell).join(' | ')} |`;
  const existing = new RegExp(`^\\| ${escapeRegExp(title)} \\|.*$`, 'm');
  if (existing.test(text)) return text.replace(existing, () => row);
  const lines = text.split('\n');
  // The results table: the first table whose head names the benchmark and its result.
  const head = lines.findIndex((l) => l.startsWith('| benchmark | result'));
  if (head === -1) return text;
  let end = head + 2;
  while (end < lines.length && lines[end]!.startsWith('|')) end++;
  lines.splice(end, 0, row);
  return lines.join('\n');
}

/** One URL to drive (with its headers) and the label its row carries. */
export interface TUrlContender {
  label: string;
  url: string;
  headers?: Record<string, string>;
}

/**
 * Measures the contenders in alternating rounds and keeps each one's median round (by req/s, or by
 * completed requests for slow routes): background load on the machine then hits all contenders alike.
 * An error or a non-2xx answer fails the benchmark unless `allowErrors` (then the table shows them).
 * Also returns the 1-minute load average after each measurement.
 */
export async function alternatingRounds(
  contenders: readonly TUrlContender[],
  options: {
    rounds: number;
    seconds: number;
    connections?: number;
    by?: 'requestsPerSecond' | 'total';
    allowErrors?: boolean;
  },
): Promise<{ medians: TLoadResult[]; loads: number[] }> {
  const runs: TLoadResult[][] = contenders.map(() => []);
  const loads: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    for (const [i, c] of contenders.entries()) {
      const result = await load(c.label, c.url, {
        headers: c.headers,
        seconds: options.seconds,
        connections: options.connections,
      });
      loads.push(os.loadavg()[0]!);
      if (!options.allowErrors && result.errors + result.non2xx > 0)
        throw new Error(`${c.label}: ${result.errors} errors, ${result.non2xx} non-2xx`);
      runs[i]!.push(result);
    }
  }
  const by = options.by ?? 'requestsPerSecond';
  return {
    medians: runs.map((r) => r.sort((x, y) => x[by] - y[by])[Math.floor(r.length / 2)]!),
    loads,
  };
}

/** Nearest rank: the smallest time that at least `p` % of the responses did not exceed. */
export function percentile(times: readonly number[], p: number): number {
  if (times.length === 0) return NaN;
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The head of a gateway-vs-bare table whose rows `loadRow` writes. */
export const LOAD_TABLE_HEAD = [
  '| path | req/s | p50 ms | p95 ms | p97.5 ms | p99 ms | ratio to bare | errors |',
  '|---|---|---|---|---|---|---|---|',
];

/**
 * A row of that table. A slow route (`slowSeconds`, its measured window) shows req/s to one decimal
 * from the completed requests and its ratio by them.
 */
export function loadRow(r: TLoadResult, bare: TLoadResult, slowSeconds?: number): string {
  const perSecond = slowSeconds ? (r.total / slowSeconds).toFixed(1) : r.requestsPerSecond;
  const ratio = slowSeconds ? r.total / bare.total : r.requestsPerSecond / bare.requestsPerSecond;
  return `| ${r.label} | ${perSecond} | ${r.p50} | ${r.p95} | ${r.p97_5} | ${r.p99} | ${ratio.toFixed(2)}× | ${r.errors + r.non2xx} |`;
}

export interface TContender {
  label: string;
  script: string;
  args: string[];
  path: string;
  headers?: Record<string, string>;
  /** Text the answer must contain, checked once before measuring (so a fallback answer is not measured). */
  expectText?: string;
}

/** CPU time (user + system, clock ticks) a process used so far; 0 where /proc is not there. */
export function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The PostgreSQL server of `withSeededDatabase(name)` in this process and its backends (children of the postmaster). */
export function postgresPids(name: string): number[] {
  const pidFile = path.join(ROOT, '.data/throwaway-postgres', `${process.pid}-${name}`, 'postmaster.pid');
  if (!existsSync(pidFile) || !existsSync('/proc')) return [];
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/**
 * CPU per request (µs) of each server process with its PostgreSQL (`pids()`), the median of `slices`
 * alternating 2 s slices at 16 connections: background load on a shared machine moves it far less than
 * throughput, which it splits by how many processes each side runs (a single-process server against
 * ten PostgreSQL backends gets a smaller share of a busy machine).
 */
export async function cpuPerRequest(
  servers: readonly { pid: number; url: string; headers?: Record<string, string> }[],
  pids: () => number[],
  slices = 5,
): Promise<number[]> {
  const samples: number[][] = servers.map(() => []);
  for (let slice = 0; slice < slices; slice++) {
    const order = slice % 2 === 0 ? servers.map((_, i) => i) : servers.map((_, i) => servers.length - 1 - i);
    for (const i of order) {
      const server = servers[i]!;
      const ticks = () => [server.pid, ...pids()].reduce((sum, pid) => sum + cpuTicks(pid), 0);
      const before = ticks();
      const r = await autocannon({
        url: server.url,
        headers: server.headers ?? {},
        connections: 16,
        duration: 2,
      });
      const after = ticks();
      if (r.requests.total > 0 && before > 0)
        samples[i]!.push(((after - before) * 1e6) / 100 / r.requests.total);
    }
  }
  return samples.map((xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN);
}

/**
 * Starts every contender's server, then measures them in alternating rounds (`alternatingRounds`,
 * errors shown in the table rather than failing) and returns each one's median round.
 */
export async function compareServers(
  contenders: TContender[],
  options: {
    rounds?: number;
    connections?: number;
    seconds?: number;
    /** `withSeededDatabase`'s name: then each result also has its CPU per request (`cpuPerRequest`). */
    cpuOf?: string;
  } = {},
): Promise<(TLoadResult & { cpuMicros?: number })[]> {
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    for (const c of contenders) servers.push(await startServer(c.script, c.args));
    for (const [i, c] of contenders.entries()) {
      if (!c.expectText) continue;
      const res = await fetch(`http://127.0.0.1:${servers[i]!.port}${c.path}`, { headers: c.headers });
      const body = await res.text();
      if (res.status !== 200 || !body.includes(c.expectText))
        throw new Error(`${c.label}: ${res.status}, without ${JSON.stringify(c.expectText)}`);
    }
    const urls = contenders.map((c, i) => ({
      label: c.label,
      url: `http://127.0.0.1:${servers[i]!.port}${c.path}`,
      headers: c.headers,
    }));
    const { medians } = await alternatingRounds(urls, {
      rounds: options.rounds ?? 3,
      seconds: options.seconds ?? 5,
      connections: options.connections,
      allowErrors: true,
    });
    if (!options.cpuOf) return medians;
    const cpu = await cpuPerRequest(
      urls.map((u, i) => ({ pid: servers[i]!.child.pid!, url: u.url, headers: u.headers })),
      () => postgresPids(options.cpuOf!),
    );
    return medians.map((m, i) => ({ ...m, cpuMicros: cpu[i] }));
  } finally {
    await Promise.all(servers.map((s) => stopServer(s.child)));
  }
}

/**
 * A throwaway PostgreSQL server (`name` names its data folder) with a `bench` database holding every
 * service's schema and seeds; `run` gets the owner's URL, and the server stops after it.
 */
export async function withSeededDatabase(
  name: string,
  run: (ownerUrl: string, config: TStackConfig) => Promise<void>,
): Promise<void> {
  // Imported on use: the bench servers load this file too and need none of it.
  const [{ parseConfig }, { generateAuthSecret }, { ensureDatabase }, { prepareDatabase }, stack, throwaway] =
    await Promise.all([
      import('@stageplein/kit/config/config'),
      import('@stageplein/kit/auth/auth-keys'),
      import('@stageplein/kit/runtime/embedded-postgres'),
      import('@stageplein/kit/runtime/platform'),
      import('@stageplein/stack/services'),
      import('@stageplein/testing/throwaway-postgres'),
    ]);
  const pgServer = await throwaway.startThrowawayPostgres(name);
  try {
    const ownerUrl = await ensureDatabase(pgServer.url, 'bench');
    const config = parseConfig(
      { DATABASE_URL: ownerUrl, AUTH_TOKEN_SECRET: generateAuthSecret() },
      stack.STACK_CONFIG,
    );
    await prepareDatabase(ownerUrl, config, stack.SERVICES, { seed: true });
    await run(ownerUrl, config);
  } finally {
    await pgServer.stop();
  }
}

/**
 * Signs in through the gateway as the demo tenant's seeded admin, acting for `organizationId`, and
 * waits (up to `seconds`) until `path` answers with a `meta.total` that `ready` accepts: the admin's
 * roles and session reach the services through identity's events, by the relay.
 */
export async function signInDemoAdmin(
  base: string,
  wait: {
    organizationId: string;
    path: string;
    ready: (total: number) => boolean;
    seconds: number;
    what: string;
  },
): Promise<Record<string, string>> {
  const res = await fetch(`${base}/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant': 'demo' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'stageplein-demo' }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const headers = {
    'x-tenant': 'demo',
    'access-token': res.headers.get('access-token')!,
    client: res.headers.get('client')!,
    uid: res.headers.get('uid')!,
    'x-current-organization-id': wait.organizationId,
  };
  for (let i = 0; i < wait.seconds * 10; i++) {
    const list = await fetch(`${base}${wait.path}`, { headers });
    const body = (await list.json()) as { meta?: { total: number } };
    if (list.status === 200 && wait.ready(body.meta?.total ?? 0)) return headers;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the admin never saw ${wait.what}`);
}

/**
 * In a benchmark server process: serves `app` on a free loopback port, announces it the way
 * `startServer` waits for, and closes it (and whatever else `close` names) on SIGTERM.
 */
export async function serveForBench(
  app: {
    listen(o: { port: number; host: string }): Promise<unknown>;
    server: { address(): unknown };
    close(): Promise<unknown>;
  },
  close: () => Promise<unknown> = async () => undefined,
): Promise<void> {
  const survivors = await sampleSurvivors();
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`LISTENING ${(app.server.address() as { port: number }).port}`);
  process.on('SIGTERM', async () => {
    await survivors?.();
    await app.close();
    await close();
    process.exit(0);
  });
}

/**
 * BENCH_HEAP_PROF=<dir>: a sampling heap profile of what outlives young-generation collections (objects
 * freed by a scavenge are left out, those freed later by a full collection kept) — what the scavenges
 * copy and promote, which sets their pauses. Written when the server stops.
 */
async function sampleSurvivors(): Promise<(() => Promise<void>) | undefined> {
  const dir = process.env.BENCH_HEAP_PROF;
  if (!dir) return undefined;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: false,
  });
  return async () => {
    const { profile } = await session.post('HeapProfiler.getSamplingProfile');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `survivors-${process.pid}.heapprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

/** In a benchmark server process: the product's full path (platform + gateway, production settings). */
export async function serveGatewayForBench(
  ownerUrl: string,
  settings: Record<string, string> = {},
): Promise<void> {
  // Imported on use: the bench drivers load this file too and need none of the product.
  const [{ parseConfig }, { startPlatform }, { buildGateway }, { SERVICES, STACK_CONFIG }, { UI_DIRS }] =
    await Promise.all([
      import('@stageplein/kit/config/config'),
      import('@stageplein/kit/runtime/platform'),
      import('@stageplein/gateway/gateway.app'),
      import('@stageplein/stack/services'),
      import('@stageplein/gateway/ui-dirs'),
    ]);
  const config = parseConfig(
    {
      DATABASE_URL: ownerUrl,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      AUTH_TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret!',
      // The load generator on loopback stands for a proxy in front, whose x-tenant counts (docs/security.md).
      TRUSTED_PROXIES: 'loopback',
      ...settings,
    },
    STACK_CONFIG,
  );
  const platform = await startPlatform(ownerUrl, config, SERVICES);
  // The seeds' events wait in the outboxes: the relay applies them to every consumer first, or that
  // work (a minute of it) would be measured as the gateway's (twice over: consumers write events too).
  for (let pass = 0; pass < 2; pass++)
    for (const service of SERVICES) {
      if (!(await platform.relay.settled(service.schema, 600_000)))
        throw new Error(`the ${service.schema} outbox did not drain before measuring`);
    }
  const app = await buildGateway({
    config: platform.deps.config,
    deps: platform.deps,
    services: SERVICES,
    ui: UI_DIRS,
    logger: false,
  });
  await serveForBench(app, () => platform.close());
}

/**
 * In seeding SQL: the uuid `<prefix>-0000-4000-8000-<i, 12 digits>` of the row numbered by the SQL
 * expression `i` (a `generate_series` column), so seeded rows of one kind have ids a benchmark can name.
 */
export const seriesId = (prefix: string, i: string) =>
  sql.raw(`('${prefix}-0000-4000-8000-' || lpad((${i})::text, 12, '0'))::uuid`);

/**
 * `count` students of the demo tenant's `schoolId` as placements' read models know them once identity's
 * events are applied (user rows `<emailPrefix><i>@bench.test`, ids by `userPrefix`; the student role, ids
 * by `rolePrefix`). Other read models' rows are the benchmark's own.
 */
export async function seedDemoStudents(
  owner: Kysely<unknown>,
  s: { schoolId: string; count: number; userPrefix: string; rolePrefix: string; emailPrefix: string },
): Promise<void> {
  await sql`insert into placements.users (id, tenant_id, email, first_name, last_name, status, deleted, created_at, event_time)
    select ${seriesId(s.userPrefix, 'i')}, 'demo', ${s.emailPrefix} || i || '@bench.test', 'Leerling', 'Nummer ' || i,
      'active', false, now(), now()
    from generate_series(1, ${s.count}) as i`.execute(owner);
  await sql`insert into placements.auth_roles (role_id, tenant_id, user_id, name, resource_type, resource_id)
    select ${seriesId(s.rolePrefix, 'i')}, 'demo', ${seriesId(s.userPrefix, 'i')}, 'student', 'School', ${s.schoolId}
    from generate_series(1, ${s.count}) as i`.execute(owner);
}

/**
 * `levels` levels ('Niveau <i>') and `groups` groups ('<groupName><i>', group i at level 1 + i % levels) of
 * the demo tenant's `schoolId`, ids by `levelPrefix` and `groupPrefix`; student i of the `studentPrefix`
 * series (1 to `students`) a member of group 1 + i % groups.
 */
export async function seedSchoolGroups(
  owner: Kysely<unknown>,
  s: {
    schoolId: string;
    levels: number;
    groups: number;
    students: number;
    groupName: string;
    levelPrefix: string;
    groupPrefix: string;
    studentPrefix: string;
  },
): Promise<void> {
  await sql`insert into placements.levels (id, tenant_id, school_id, name, deleted, event_time)
    select ${seriesId(s.levelPrefix, 'i')}, 'demo', ${s.schoolId}, 'Niveau ' || i, false, now()
    from generate_series(1, ${s.levels}) as i`.execute(owner);
  await sql`insert into placements.groups (id, tenant_id, school_id, school_year_id, level_id, name, deleted, event_time)
    select ${seriesId(s.groupPrefix, 'i')}, 'demo', ${s.schoolId}, null, ${seriesId(s.levelPrefix, `1 + i % ${s.levels}`)},
      ${s.groupName} || i, false, now()
    from generate_series(1, ${s.groups}) as i`.execute(owner);
  await sql`insert into placements.group_memberships (school_id, student_id, tenant_id, group_id, event_time)
    select ${s.schoolId}, ${seriesId(s.studentPrefix, 'i')}, 'demo', ${seriesId(s.groupPrefix, `1 + i % ${s.groups}`)}, now()
    from generate_series(1, ${s.students}) as i`.execute(owner);
}

/** `vacuum analyze` of each table (schema-qualified), after seeding: plans as on a settled database. */
export async function vacuumAnalyze(owner: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  for (const t of tables) await sql.raw(`vacuum analyze ${t}`).execute(owner);
}
