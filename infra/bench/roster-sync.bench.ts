// Magister roster sync (Magister stand-in → Temporal workflow → identity + organizations), end to end on
// the embedded stack with a real Temporal dev server, the same method as the CSV import's benchmark
// (student-import.bench.ts): "import now" → status "completed" through the HTTP API, 5,000 new students;
// then the same roster again, which must change nothing. Magister is a local stand-in of its interface
// (an external system we do not run). Baseline in the same run: reading the 5,000 from the stand-in and
// validating them alone. Each round is its own tenant's School, so every first sync creates 5,000.
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { parseConfig } from '@stageplein/kit/config/config';
import { generateAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { ensureDatabase } from '@stageplein/kit/runtime/embedded-postgres';
import { prepareDatabase } from '@stageplein/kit/runtime/platform';
import { SERVICES, STACK_CONFIG } from '@stageplein/stack/services';
import { startStack } from '@stageplein/stack/stack';
import { DEMO_PASSWORD } from '@stageplein/identity/seeds/seed';
import { magisterRosterSource } from '@stageplein/organizations/roster-sources/magister.source';
import { validateStudentRows } from '@stageplein/organizations/imports/student-import.validate';
import { ensureTemporal, startTemporalDevServer } from '@stageplein/engines/temporal';
import { freePort } from '@stageplein/testing/processes';
import { startThrowawayPostgres } from '@stageplein/testing/throwaway-postgres';
import { magisterRoster, startMagisterStandIn } from '@stageplein/testing/magister-stand-in';
import { recordResult } from './bench-lib.ts';

/**
 * CPU seconds of this run's PostgreSQL cluster (postmaster, live backends, reaped ones): with the
 * wall time they show the work an import costs, which the machine's load does not change.
 */
function postgresCpuSeconds(): number {
  const dir = path.join(process.cwd(), '.data/throwaway-postgres', `${process.pid}-bench-roster`);
  const postmaster = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const stat = (pid: string | number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const own = stat(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const f = stat(pid);
      if (Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100; // USER_HZ
}

const ROWS = 5000;
const TENANTS = ['demo', 'raayland', 'casteleijn'];

await ensureTemporal({ log: (m) => console.log(`[temporal] ${m}`) });
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'stageplein-bench-temporal-'));
const temporal = await startTemporalDevServer({
  port: await freePort(),
  dbFile: path.join(tmp, 'dev.sqlite'),
  log: () => undefined,
});
const magister = await startMagisterStandIn();
const pgServer = await startThrowawayPostgres('bench-roster');
try {
  const ownerUrl = await ensureDatabase(pgServer.url, 'bench_roster');
  const env = {
    DATABASE_URL: ownerUrl,
    TEMPORAL_ADDRESS: temporal.address,
    LOG_LEVEL: 'warn',
    PASSWORD_SCRYPT_COST: '10',
    AUTH_TOKEN_SECRET: generateAuthSecret(),
    TRUSTED_PROXIES: 'loopback',
    MAGISTER_HOSTS: '127.0.0.1',
  };
  await prepareDatabase(ownerUrl, parseConfig(env, STACK_CONFIG), SERVICES, { seed: true });
  const stack = await startStack(parseConfig(env, STACK_CONFIG), { logger: false });
  await stack.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(stack.app.server.address() as AddressInfo).port}`;
  try {
    const adminOf = async (tenant: string) => {
      const signIn = await fetch(`${base}/auth/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tenant': tenant },
        body: JSON.stringify({ email: `admin@${tenant}.test`, password: DEMO_PASSWORD }),
      });
      const headers = {
        'x-tenant': tenant,
        'access-token': signIn.headers.get('access-token')!,
        client: signIn.headers.get('client')!,
        uid: signIn.headers.get('uid')!,
        'x-current-organization-id': seedOrganizationId(tenant, 'school'),
      };
      for (let i = 0; (await fetch(`${base}/api/v1/imports`, { headers })).status !== 200; i++) {
        if (i > 200) throw new Error('the admin never became known to organizations');
        await new Promise((r) => setTimeout(r, 100));
      }
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
      let attributes: { status: string; parse_ms: number; counts: TCounts };
      for (;;) {
        attributes = (
          (await (await fetch(`${base}/api/v1/imports/${id}`, { headers })).json()) as {
            data: { attributes: typeof attributes };
          }
        ).data.attributes;
        if (['completed', 'failed', 'cancelled'].includes(attributes.status)) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      return { seconds: (performance.now() - started) / 1000, attributes };
    };

    const rounds: {
      first: number;
      second: number;
      readMs: number;
      baselineMs: number;
      nodeCpu: number;
      pgCpu: number;
      load: number;
    }[] = [];
    for (const tenant of TENANTS) {
      // Email addresses are unique across tenants (identity): each tenant's school has its own students.
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
      const pg0 = postgresCpuSeconds();
      const first = await sync(headers);
      const cpu = process.cpuUsage(cpu0);
      const pgCpu = postgresCpuSeconds() - pg0;
      if (first.attributes.status !== 'completed' || first.attributes.counts.created !== ROWS)
        throw new Error(`${tenant} first sync: ${JSON.stringify(first.attributes)}`);
      const second = await sync(headers);
      const c = second.attributes.counts;
      if (second.attributes.status !== 'completed' || c.unchanged !== ROWS || c.created + c.updated + c.left)
        throw new Error(`${tenant} second sync changed something: ${JSON.stringify(second.attributes)}`);
      const load = os.loadavg()[0]!;
      rounds.push({
        first: first.seconds,
        second: second.seconds,
        readMs: first.attributes.parse_ms,
        baselineMs,
        nodeCpu: (cpu.user + cpu.system) / 1e6,
        pgCpu,
        load,
      });
      console.log(
        `${tenant}: first sync ${first.seconds.toFixed(2)} s (${Math.round(ROWS / first.seconds)} students/s, reading Magister ${first.attributes.parse_ms} ms in the activity, ${baselineMs.toFixed(0)} ms alone), ` +
          `unchanged second sync ${second.seconds.toFixed(2)} s; CPU node ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, PostgreSQL ${pgCpu.toFixed(2)} s; load ${load.toFixed(1)}`,
      );
    }
    const median = (k: 'first' | 'second') => [...rounds.map((r) => r[k])].sort((a, b) => a - b)[1]!;
    const first = median('first');
    const second = median('second');
    console.log(
      [
        '',
        'Magister roster sync',
        '| round | first sync s | unchanged sync s | reading Magister ms (in the activity) | read + validate alone ms (baseline) | CPU s, node (first) | CPU s, PostgreSQL (first) | load (1 min) |',
        '|---|---|---|---|---|---|---|---|',
        ...rounds.map(
          (r, i) =>
            `| ${i + 1} | ${r.first.toFixed(2)} | ${r.second.toFixed(2)} | ${r.readMs} | ${r.baselineMs.toFixed(0)} | ${r.nodeCpu.toFixed(2)} | ${r.pgCpu.toFixed(2)} | ${r.load.toFixed(1)} |`,
        ),
        '',
        `Targets: first sync of ${ROWS} ≤ 8 s (${first <= 8 ? 'met' : 'NOT met'}: ${first.toFixed(2)} s median), unchanged second sync ≤ 2 s (${second <= 2 ? 'met' : 'NOT met'}: ${second.toFixed(2)} s median).`,
      ].join('\n'),
    );
    const loads = rounds.map((r) => r.load);
    recordResult('Magister roster sync (5,000 students, end to end)', {
      result: `first sync ${first.toFixed(2)} s (target 8 s), unchanged second sync ${second.toFixed(2)} s (target 2 s)`,
      load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    });
  } finally {
    await stack.stop();
  }
} finally {
  await pgServer.stop();
  await magister.close();
  await temporal.stop();
  await fs.rm(tmp, { recursive: true, force: true });
}
