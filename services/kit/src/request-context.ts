import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import type { TConfig } from './config/config.ts';
import { setTenant } from './db/rls.ts';
import { serviceDb } from './db/schema-tables.ts';
import { languageOf } from './errors/error-handler.ts';
import type { TServiceDeps } from './service.ts';

/**
 * The least every use case works with (docs/service-template.md, "The one shape"): the caller's
 * transaction with the tenant set, the tenant and the clock. Seeds, consumers and workflow
 * activities build one as well as requests, so a use case does not care who called it. `TDb` is the
 * service's database (`TIdentityDb`): kit's functions take it as it is, no cast between them.
 */
export interface TContext<TDb> {
  /** The caller's transaction: a request's commits with a successful response, rolls back otherwise. */
  db: Kysely<TDb>;
  tenant: TTenant;
  now: Date;
  /** The caller's language, where there is one (texts that name things); requests always have it. */
  lang?: TLanguage;
}

/**
 * What a use case that reads configuration or the caller's language works with: the context above,
 * configuration (the kit's keys and the service's own) and the language.
 */
export interface TUseCaseContext<TDb, TCfg extends TConfig = TConfig> extends TContext<TDb> {
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
      serviceDb<TDb>(deps.db)
        .transaction()
        .execute(async (trx) => {
          await setTenant(trx, req.tenant.id);
          return fn(trx);
        }),
  };
}
