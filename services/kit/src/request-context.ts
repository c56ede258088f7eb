import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import type { TConfig } from './config/config.ts';
import { setTenant } from './db/rls.ts';
import { languageOf } from './errors/error-handler.ts';
import type { TServiceDeps } from './service.ts';

/**
 * What every use case of every service works with (the service template, docs/service-template.md):
 * a transaction with the tenant set, the tenant, the clock, config and language. Requests, consumers
 * and workflow activities all build one, so a use case does not care who called it.
 */
export interface TUseCaseContext<TDb, TCfg extends TConfig = TConfig> {
  /** The caller's transaction: a request's commits with a successful response, rolls back otherwise. */
  db: Kysely<TDb>;
  tenant: TTenant;
  now: Date;
  config: TCfg;
  lang: TLanguage;
}

/** A request's use-case context, with what only a request has. A service adds only what is its own. */
export interface TRequestContext<TDb, TCfg extends TConfig = TConfig> extends TUseCaseContext<TDb, TCfg> {
  /** Client address (rate limits and audit). */
  ip: string;
  /**
   * Runs `fn` in its own transaction for the same tenant: for facts that must stick although the
   * request fails (a failed sign-in attempt counts even though the answer is 401 and rolls back).
   */
  independently<T>(fn: (db: Kysely<TDb>) => Promise<T>): Promise<T>;
}

export async function requestContext<TDb, TCfg extends TConfig = TConfig>(
  req: FastifyRequest,
  deps: TServiceDeps<TCfg>,
): Promise<TRequestContext<TDb, TCfg>> {
  return {
    db: await req.db<TDb>(),
    tenant: req.tenant,
    now: deps.now?.() ?? new Date(),
    config: deps.config,
    lang: languageOf(req),
    ip: req.ip,
    independently: (fn) =>
      deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, req.tenant.id);
        return fn(trx as unknown as Kysely<TDb>);
      }),
  };
}
