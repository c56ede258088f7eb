import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';

const SCOPE: unique symbol = Symbol('request-db-scope');
type TScope = { db: Promise<Kysely<unknown>>; end(commit: boolean): Promise<void> };

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's database scope: one connection inside one transaction with `app.tenant_id` set
     * to the request's tenant, opened on first use.
     */
    db<DB = unknown>(): Promise<Kysely<DB>>;
    /** The open scope behind `db()` (this module's own: the symbol is not exported). */
    [SCOPE]?: TScope;
  }
}

// Tenant ids are registry ids; checked again because the id is written into SQL text below.
const TENANT_ID = /^[a-z0-9]+$/;

/**
 * Pins one pooled connection for the request and starts the transaction and the tenant setting in
 * one round trip. The scope stays open until `end` decides commit or rollback.
 */
function openScope(db: Kysely<unknown>, tenant: string): TScope {
  if (!TENANT_ID.test(tenant)) throw new Error(`invalid tenant id ${JSON.stringify(tenant)}`);
  let finish!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (finish = resolve));
  let ready!: (conn: Kysely<unknown>) => void;
  let failed!: (error: unknown) => void;
  const opened = new Promise<Kysely<unknown>>((resolve, reject) => ((ready = resolve), (failed = reject)));
  const done = db
    .connection()
    .execute(async (conn) => {
      // A simple-protocol query may hold several statements: BEGIN and the tenant in one trip.
      await sql.raw(`begin; select set_config('app.tenant_id', '${tenant}', true)`).execute(conn);
      ready(conn);
      const commit = await decided;
      await sql.raw(commit ? 'commit' : 'rollback').execute(conn);
    })
    .catch((error: unknown) => {
      failed(error);
      throw error;
    });
  return {
    db: opened,
    async end(commit) {
      finish(commit);
      await done;
    },
  };
}

/**
 * One transaction per writing request, opened lazily so routes without data access cost nothing. It commits
 * before the response is sent when the status is below 400 and rolls back otherwise, so a failed
 * request changes nothing and a successful one is durable once the client sees it.
 */
export const tenantTransactionPlugin = fp<{
  db: Kysely<unknown>;
  readDb?: (tenant: string) => Kysely<unknown>;
}>(
  async (app, { db, readDb }) => {
    app.decorateRequest('db', function (this: FastifyRequest) {
      // Safe methods read outside a transaction: at READ COMMITTED every statement takes its own
      // snapshot anyway, so a read-only transaction would add two round trips and no consistency.
      if (readDb && (this.method === 'GET' || this.method === 'HEAD'))
        return Promise.resolve(readDb(this.tenant.id));
      this[SCOPE] ??= openScope(db, this.tenant.id);
      return this[SCOPE].db;
    });

    async function finish(req: FastifyRequest, commit: boolean): Promise<void> {
      const scope = req[SCOPE];
      if (!scope) return;
      req[SCOPE] = undefined;
      await scope.end(commit);
    }

    app.addHook('onSend', async (req, reply, payload) => {
      await finish(req, reply.statusCode < 400);
      return payload;
    });
    // Safety net: aborted requests and errors thrown while sending still release the connection.
    app.addHook('onResponse', async (req) => finish(req, false).catch(() => undefined));
    app.addHook('onRequestAbort', async (req) => finish(req, false).catch(() => undefined));
  },
  { name: 'stageplein-tenant-transaction', dependencies: ['stageplein-tenant'] },
);
