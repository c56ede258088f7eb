import type { FastifyRequest } from 'fastify';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import type { TConfig } from '@stageplein/kit/config/config';
import { languageOf } from '@stageplein/kit/errors/error-handler';
import type { TServiceDeps } from '@stageplein/kit/service';
import { setTenant } from '@stageplein/kit/db/rls';
import { requestDb, type TDb } from '../database.ts';
import { trackChanges } from './events.ts';
import { mailPortFor, type TMailPort } from '../mail/mail.port.ts';

/** What a use case works with: the request's transaction, tenant, clock, config and mail port. */
export interface TCtx {
  db: TDb;
  tenant: TTenant;
  now: Date;
  config: TConfig;
  mail: TMailPort;
  lang: TLanguage;
  /** Client address (rate limits and audit). */
  ip: string;
  /**
   * Runs `fn` in its own transaction for the same tenant: for facts that must stick although the
   * request fails (a failed sign-in attempt counts even though the answer is 401 and rolls back).
   */
  independently<T>(fn: (db: TDb) => Promise<T>): Promise<T>;
}

const CHANGED = Symbol('changed-users');

/** The users whose credentials a request changed (see identity.module.ts: dropped again after commit). */
export const changedUsers = (req: FastifyRequest): Set<string> | undefined =>
  (req as unknown as Record<symbol, Set<string>>)[CHANGED];

export async function contextOf(req: FastifyRequest, deps: TServiceDeps): Promise<TCtx> {
  const db = await requestDb(req);
  (req as unknown as Record<symbol, Set<string>>)[CHANGED] ??= trackChanges(db);
  return {
    db,
    tenant: req.tenant,
    now: deps.now?.() ?? new Date(),
    config: deps.config,
    mail: mailPortFor(deps.config),
    lang: languageOf(req),
    ip: req.ip,
    independently: (fn) =>
      deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, req.tenant.id);
        return fn(trx as unknown as TDb);
      }),
  };
}

export const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);
