import fp from 'fastify-plugin';
import type { ControlledTransaction, Kysely } from 'kysely';
import { setTenant } from './rls.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's transaction, opened on first use with `app.tenant_id` set to the request's tenant. */
    db<DB = unknown>(): Promise<ControlledTransaction<DB>>;
  }
}

const TRX = Symbol('trx');
type TWithTrx = { [TRX]?: Promise<ControlledTransaction<unknown>> };

/**
 * One transaction per request, opened lazily so routes without data access cost nothing. It commits
 * before the response is sent when the status is below 400 and rolls back otherwise, so a failed
 * request changes nothing and a successful one is durable once the client sees it.
 */
export const tenantTransactionPlugin = fp<{ db: Kysely<unknown> }>(
  async (app, { db }) => {
    app.decorateRequest('db', function (this: TWithTrx & { tenant: { id: string } }) {
      this[TRX] ??= (async () => {
        const trx = await db.startTransaction().execute();
        try {
          await setTenant(trx, this.tenant.id);
        } catch (error) {
          await trx.rollback().execute();
          throw error;
        }
        return trx;
      })();
      return this[TRX];
    } as never);

    async function finish(req: TWithTrx, commit: boolean): Promise<void> {
      const pending = req[TRX];
      if (!pending) return;
      req[TRX] = undefined;
      const trx = await pending.catch(() => undefined);
      if (!trx || trx.isCommitted || trx.isRolledBack) return;
      if (commit) await trx.commit().execute();
      else await trx.rollback().execute();
    }

    app.addHook('onSend', async (req, reply, payload) => {
      await finish(req as unknown as TWithTrx, reply.statusCode < 400);
      return payload;
    });
    // Safety net: aborted requests and errors thrown while sending still release the connection.
    app.addHook('onResponse', async (req) => finish(req as unknown as TWithTrx, false));
    app.addHook('onRequestAbort', async (req) => finish(req as unknown as TWithTrx, false));
  },
  { name: 'stageplein-tenant-transaction', dependencies: ['stageplein-tenant'] },
);
