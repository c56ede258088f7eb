import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface TLoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  /** autocannon reports no p95; p97.5 bounds it from above. */
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
  const r = await autocannon({ ...base, duration: options.seconds ?? 8 });
  return {
    label,
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    total: r.requests.total,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/** Starts a benchmark server in its own process (so the load generator doesn't share its event loop). */
export async function startServer(
  script: string,
  args: string[],
): Promise<{ port: number; child: ChildProcess }> {
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (where the time goes).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(ROOT, script), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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

/** Replaces (or appends) one section of docs/benchmarks.md, so each benchmark keeps its latest numbers. */
export function recordSection(title: string, body: string): void {
  const file = path.join(ROOT, 'docs/benchmarks.md');
  mkdirSync(path.dirname(file), { recursive: true });
  const header =
    '# Benchmarks\n\nLatest results of `npm run bench` on the development machine (2 cores). Each benchmark compares against a baseline measured in the same run.\n';
  const text = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const section = `## ${title}\n\n${body.trim()}\n`;
  const pattern = new RegExp(`## ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n[\\s\\S]*?(?=\\n## |$)`);
  writeFileSync(
    file,
    pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}`,
  );
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

/**
 * Starts every contender's server, then measures them in alternating rounds and keeps each one's
 * median round: background load on the machine then hits all contenders alike.
 */
export async function compareServers(
  contenders: TContender[],
  options: { rounds?: number; connections?: number; seconds?: number } = {},
): Promise<TLoadResult[]> {
  const servers = [];
  try {
    for (const c of contenders) servers.push(await startServer(c.script, c.args));
    for (const [i, c] of contenders.entries()) {
      if (!c.expectText) continue;
      const res = await fetch(`http://127.0.0.1:${servers[i]!.port}${c.path}`, { headers: c.headers });
      const body = await res.text();
      if (res.status !== 200 || !body.includes(c.expectText))
        throw new Error(`${c.label}: ${res.status}, without ${JSON.stringify(c.expectText)}`);
    }
    const runs: TLoadResult[][] = contenders.map(() => []);
    for (let round = 0; round < (options.rounds ?? 3); round++) {
      for (const [i, c] of contenders.entries()) {
        runs[i]!.push(
          await load(c.label, `http://127.0.0.1:${servers[i]!.port}${c.path}`, {
            headers: c.headers,
            connections: options.connections,
            seconds: options.seconds ?? 5,
          }),
        );
      }
    }
    return runs.map(
      (r) => r.sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(r.length / 2)]!,
    );
  } finally {
    await Promise.all(servers.map((s) => stopServer(s.child)));
  }
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
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`LISTENING ${(app.server.address() as { port: number }).port}`);
  process.on('SIGTERM', async () => {
    await app.close();
    await close();
    process.exit(0);
  });
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
  const app = await buildGateway({
    config: platform.deps.config,
    deps: platform.deps,
    services: SERVICES,
    ui: UI_DIRS,
    logger: false,
  });
  await serveForBench(app, () => platform.close());
}
