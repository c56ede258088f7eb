// The embedded stack the import benchmarks (student-import, roster-sync) run against: a real Temporal dev
// server, a throwaway PostgreSQL cluster, the whole product in this process, and a school admin's
// headers per tenant. BENCH_STATEMENTS=<file> writes every statement slower than 10 ms (with its
// duration) to that file: where PostgreSQL's time goes.
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { parseConfig } from '@stageplein/kit/config/config';
import { generateAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { ensureDatabase } from '@stageplein/kit/runtime/embedded-postgres';
import { prepareDatabase } from '@stageplein/kit/runtime/platform';
import { SERVICES, STACK_CONFIG } from '@stageplein/stack/services';
import { startStack } from '@stageplein/stack/stack';
import { DEMO_PASSWORD } from '@stageplein/identity/seeds/seed';
import { ensureTemporal, startTemporalDevServer } from '@stageplein/engines/temporal';
import { freePort } from '@stageplein/testing/processes';
import { startThrowawayPostgres } from '@stageplein/testing/throwaway-postgres';

export interface TImportBench {
  /** The stack's origin (loopback). */
  base: string;
  /** The run's Temporal dev server (histories of the imports' workflows). */
  temporalAddress: string;
  stack: Awaited<ReturnType<typeof startStack>>;
  /**
   * CPU seconds of this run's PostgreSQL cluster (postmaster, live backends, reaped ones): with the
   * wall time they show the work an import costs, which the machine's load does not change.
   */
  postgresCpuSeconds(): number;
  /**
   * Waits until every service's outbox is delivered (the consumers have applied it): a round then starts
   * without the previous round's events still flowing. Returns the seconds waited.
   */
  quiet(): Promise<number>;
  /** The demo admin of the tenant's School, signed in, once organizations knows their roles. */
  adminOf(tenant: string): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

export async function startImportBench(label: string, extraEnv: Record<string, string> = {}) {
  await ensureTemporal({ log: (m) => console.log(`[temporal] ${m}`) });
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'stageplein-bench-temporal-'));
  const temporal = await startTemporalDevServer({
    port: await freePort(),
    dbFile: path.join(tmp, 'dev.sqlite'),
    log: () => undefined,
  });
  const statementLog = process.env.BENCH_STATEMENTS ? createWriteStream(process.env.BENCH_STATEMENTS) : null;
  const pgServer = await startThrowawayPostgres(label, {
    log: statementLog ? (line) => statementLog.write(`${line}\n`) : undefined,
  });
  const stopEngines = async () => {
    await pgServer.stop();
    await temporal.stop();
    await fs.rm(tmp, { recursive: true, force: true });
    statementLog?.end();
  };
  try {
    const ownerUrl = await ensureDatabase(pgServer.url, label.replace(/\W/g, '_'));
    const env = {
      DATABASE_URL: ownerUrl,
      TEMPORAL_ADDRESS: temporal.address,
      LOG_LEVEL: 'warn',
      PASSWORD_SCRYPT_COST: '10',
      AUTH_TOKEN_SECRET: generateAuthSecret(),
      // The driver on loopback stands for a proxy in front, whose x-tenant counts (docs/security.md).
      TRUSTED_PROXIES: 'loopback',
      ...extraEnv,
    };
    await prepareDatabase(ownerUrl, parseConfig(env, STACK_CONFIG), SERVICES, { seed: true });
    if (statementLog) {
      const owner = new pg.Client({ connectionString: ownerUrl });
      await owner.connect();
      await owner.query('alter system set log_min_duration_statement = 10');
      await owner.query('select pg_reload_conf()');
      await owner.end();
    }
    const stack = await startStack(parseConfig(env, STACK_CONFIG), { logger: false });
    await stack.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(stack.app.server.address() as AddressInfo).port}`;
    const dataDir = path.join(process.cwd(), '.data/throwaway-postgres', `${process.pid}-${label}`);

    const bench: TImportBench = {
      base,
      temporalAddress: temporal.address,
      stack,
      postgresCpuSeconds() {
        const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        const stat = (pid: string | number) =>
          readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
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
      },
      async quiet() {
        const started = performance.now();
        const owner = new pg.Client({ connectionString: ownerUrl });
        await owner.connect();
        try {
          const { rows } = await owner.query<{ name: string }>(
            `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
             where table_name = 'outbox_pending'`,
          );
          const count = rows.map((r) => `(select count(*) from ${r.name})`).join(' + ');
          for (;;) {
            const { rows: n } = await owner.query<{ n: number }>(`select (${count})::int as n`);
            if (n[0]!.n === 0) return (performance.now() - started) / 1000;
            await new Promise((r) => setTimeout(r, 200));
          }
        } finally {
          await owner.end();
        }
      },
      async adminOf(tenant) {
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
        // Organizations learns the admin's roles from identity's events.
        for (let i = 0; (await fetch(`${base}/api/v1/imports`, { headers })).status !== 200; i++) {
          if (i > 200) throw new Error('the admin never became known to organizations');
          await new Promise((r) => setTimeout(r, 100));
        }
        return headers;
      },
      async stop() {
        try {
          await stack.stop();
        } finally {
          await stopEngines();
        }
      },
    };
    return bench;
  } catch (error) {
    await stopEngines();
    throw error;
  }
}

/** Polls an import until it ends; its attributes and the seconds since `started`. */
export async function importEnd<T extends { status: string }>(
  base: string,
  headers: Record<string, string>,
  id: string,
  started: number,
): Promise<{ seconds: number; attributes: T }> {
  for (;;) {
    const res = await fetch(`${base}/api/v1/imports/${id}`, { headers });
    const attributes = ((await res.json()) as { data: { attributes: T } }).data.attributes;
    if (['completed', 'failed', 'cancelled'].includes(attributes.status))
      return { seconds: (performance.now() - started) / 1000, attributes };
    await new Promise((r) => setTimeout(r, 50));
  }
}
