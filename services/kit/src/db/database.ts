import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { preparedPoolConfig } from './prepared-statements.ts';
import { fastTimestamptzParser } from './timestamptz.ts';

// Dates stay strings on the wire: DATE columns come back as 'YYYY-MM-DD', not shifted by the server's zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// timestamptz by fixed positions, with pg's default for what is not PostgreSQL's plain ISO output.
pg.types.setTypeParser(
  pg.types.builtins.TIMESTAMPTZ,
  fastTimestamptzParser(pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ)),
);
// bigint counts (count(*)) as numbers; our counts never reach 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export const APP_ROLE = 'stageplein_app';
export const RELAY_ROLE = 'stageplein_relay';
/**
 * Owns the few read views that filter on the tenant themselves (no login). Under RLS, PostgreSQL keeps
 * operators that are not leakproof (full text `@@`, array `&&`) out of index conditions, so a search
 * through the table reads every row of the tenant; through such a view it plans like the owner's.
 */
export const READER_ROLE = 'stageplein_reader';

export interface TDbUrls {
  /** Owner/migrator connection (runs migrations and provisioning). */
  owner: string;
  /** RLS-bound application role: every request runs as this role. */
  app: string;
  /** Outbox relay role: may read every tenant's outbox rows, nothing else. */
  relay: string;
}

/** Derives the role connections from the owner URL: same server and database, other credentials. */
export function dbUrls(ownerUrl: string, appPassword: string): TDbUrls {
  const as = (user: string) => {
    const url = new URL(ownerUrl);
    url.username = user;
    url.password = appPassword;
    return url.toString();
  };
  return { owner: ownerUrl, app: as(APP_ROLE), relay: as(RELAY_ROLE) };
}

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, ...preparedPoolConfig() });
  // An idle client losing its server (restart, network) must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

export function createDb<DB>(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Read-only connections bound to one tenant for the whole session: `app.tenant_id` and
 * `default_transaction_read_only` are startup options, so a GET costs one round trip per query and
 * cannot write even by mistake. One small pool per tenant, created on first use.
 */
export function tenantReadDbs(appUrl: string, maxPerTenant = 10) {
  const dbs = new Map<string, { pool: pg.Pool; db: Kysely<unknown> }>();
  return {
    get(tenant: string): Kysely<unknown> {
      if (!/^[a-z0-9]+$/.test(tenant)) throw new Error(`invalid tenant id ${JSON.stringify(tenant)}`);
      let entry = dbs.get(tenant);
      if (!entry) {
        const pool = new pg.Pool({
          connectionString: appUrl,
          max: maxPerTenant,
          ...preparedPoolConfig(`-c app.tenant_id=${tenant} -c default_transaction_read_only=on`),
        });
        pool.on('error', () => undefined);
        entry = { pool, db: createDb<unknown>(pool) };
        dbs.set(tenant, entry);
      }
      return entry.db;
    },
    async close(): Promise<void> {
      await Promise.all([...dbs.values()].map((e) => e.db.destroy()));
      dbs.clear();
    },
  };
}
