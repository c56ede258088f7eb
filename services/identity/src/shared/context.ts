import type { FastifyRequest } from 'fastify';
import { requestContext, type TRequestContext } from '@stageplein/kit/request-context';
import type { TIdentityDb } from '../database.ts';
import { trackChanges } from './events.ts';
import { mailPortFor, type TMailPort } from '../mail/mail.port.ts';
import type { TIdentityConfig, TIdentityDeps } from '../identity.config.ts';

/** Identity's use-case context: the kit's request context and identity's mail port. */
export interface TCtx extends TRequestContext<TIdentityDb, TIdentityConfig> {
  mail: TMailPort;
}

const CHANGED = Symbol('changed-users');

/** The users whose credentials a request changed (see identity.module.ts: dropped again after commit). */
export const changedUsers = (req: FastifyRequest): Set<string> | undefined =>
  (req as unknown as Record<symbol, Set<string>>)[CHANGED];

export async function contextOf(req: FastifyRequest, deps: TIdentityDeps): Promise<TCtx> {
  const ctx = await requestContext<TIdentityDb, TIdentityConfig>(req, deps);
  (req as unknown as Record<symbol, Set<string>>)[CHANGED] ??= trackChanges(ctx.db);
  return { ...ctx, mail: mailPortFor(deps.config) };
}

export const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);
