import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { parseConfig } from '@stageplein/kit/config/config';
import { generateAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { prepareDatabase, startPlatform, type TPlatform } from '@stageplein/kit/runtime/platform';
import { startEmbeddedMail } from '@stageplein/stack/embedded-mail';
import type { TServiceModule } from '@stageplein/kit/service';
import type { TEventTransport } from '@stageplein/kit/outbox/transport';
import { STACK_CONFIG, type TStackConfig } from '@stageplein/stack/services';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster (no database chosen); see postgres.global-setup.ts. */
    pgServerUrl: string;
  }
}

/**
 * Every service's keys, so any of them can run on it (a test's config is the whole product's). Like
 * `npm start`, plain `localhost` (app.inject's Host) is the default tenant; `DEFAULT_TENANT: ''` unsets it.
 */
const testConfig = (ownerUrl: string, env?: Record<string, string>): TStackConfig =>
  parseConfig(
    // Every test platform signs with its own random secret (there is no shared default).
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: ownerUrl,
      AUTH_TOKEN_SECRET: generateAuthSecret(),
      DEFAULT_TENANT: 'stageplein',
      ...env,
    },
    STACK_CONFIG,
  );

const withDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The cost of the seeded demo accounts' password hashes in test databases: the lowest, so the many demo
 * sign-ins of a run (every e2e file, the security suite) do not each pay scrypt at 2^15. A test that
 * times a demo account against the configured cost rehashes that account at it (rate-limit.int.test.ts).
 */
const SEEDED_SCRYPT_COST = '10';

/**
 * Migrating and seeding every tenant takes seconds; each distinct setup is therefore prepared once per
 * run as a template database, and every test file gets a copy of it (CREATE DATABASE … TEMPLATE).
 */
async function templateFor(
  services: readonly TServiceModule<TStackConfig>[],
  seed: boolean,
  now?: Date,
): Promise<string> {
  const day = (now ?? new Date()).toISOString().slice(0, 10);
  const key = createHash('sha256')
    .update(JSON.stringify([services.map((s) => s.name), seed, day, SEEDED_SCRYPT_COST]))
    .digest('hex')
    .slice(0, 16);
  const name = `tpl_${key}`;
  const server = inject('pgServerUrl');
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    // Test files may run in parallel processes; one of them builds the template, the others wait.
    await client.query('select pg_advisory_lock(727001)');
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database ${name}`);
      const url = withDatabase(server, name);
      await prepareDatabase(url, testConfig(url, { PASSWORD_SCRYPT_COST: SEEDED_SCRYPT_COST }), services, {
        seed,
        now,
      });
    }
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
    await client.end();
  }
  return name;
}

/** A fresh database on the test cluster, migrated (and seeded when asked) for the given services. */
export async function freshDatabase(
  services: readonly TServiceModule<TStackConfig>[],
  options: { seed?: boolean; now?: Date; env?: Record<string, string> } = {},
): Promise<{ ownerUrl: string; config: TStackConfig }> {
  const template = await templateFor(services, options.seed ?? true, options.now);
  const name = `test_${randomBytes(6).toString('hex')}`;
  const server = inject('pgServerUrl');
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(`create database ${name} template ${template}`);
  } finally {
    await client.end();
  }
  const ownerUrl = withDatabase(server, name);
  return { ownerUrl, config: testConfig(ownerUrl, options.env) };
}

/** How long a seeded platform may take to apply its seeds' events (a busy CI machine, every tenant). */
const SEED_SETTLE_MS = 60_000;

/**
 * Database plus the running platform (app/relay pools, relay, transport) for the services. `now`: the
 * platform's clock, pinned (a Date; the seeds' day too) or a clock the test moves (a function; seeded today).
 */
export async function testPlatform(
  services: readonly TServiceModule<TStackConfig>[],
  options: {
    seed?: boolean;
    now?: Date | (() => Date);
    transport?: TEventTransport;
    env?: Record<string, string>;
  } = {},
): Promise<TPlatform<TStackConfig> & { ownerUrl: string; config: TStackConfig }> {
  const fresh = await freshDatabase(services, {
    ...options,
    now: options.now instanceof Date ? options.now : undefined,
  });
  const ownerUrl = fresh.ownerUrl;
  let config = fresh.config;
  const now = options.now;
  // Notifications sends mail through its queue and SMTP: a Redis and an SMTP catcher of the file's own
  // (feeding the development mailbox and MAIL_DIR), unless the test gives its own.
  const mail = services.some((s) => s.name === 'notifications')
    ? await startEmbeddedMail({
        ownerUrl,
        mailDir: config.MAIL_DIR,
        redisUrl: config.MAIL_REDIS_URL,
        smtpUrl: config.MAIL_SMTP_URL,
      })
    : undefined;
  if (mail) config = { ...config, ...mail.env };
  const platform = await startPlatform(ownerUrl, config, services, {
    transport: options.transport,
    now: typeof now === 'function' ? now : now ? () => now : undefined,
  }).catch(async (error: unknown) => {
    await mail?.stop();
    throw error;
  });
  if (mail) {
    const close = platform.close.bind(platform);
    platform.close = async () => {
      await close();
      await mail.stop();
    };
  }
  // The template's seeds leave their events in the outboxes; the copy's relay delivers them. Until it has,
  // read models fed by them (content's organizations decide who edits) lag the seeds, and a test's first
  // request would race the relay.
  if ((options.seed ?? true) && platform.deps.outboxSettled) {
    for (const service of services)
      for (const tenant of TENANT_IDS)
        if (!(await platform.deps.outboxSettled(service.schema, tenant, SEED_SETTLE_MS))) {
          await platform.close();
          throw new Error(`the seeds' ${service.schema} events were not applied within ${SEED_SETTLE_MS} ms`);
        }
  }
  return Object.assign(platform, { ownerUrl, config });
}
