import type { FastifyRequest } from 'fastify';
import { requestContext, type TRequestContext } from '@stageplein/kit/request-context';
import type { TServiceDeps } from '@stageplein/kit/service';
import type { TIdentityDb } from '../database.ts';
import { trackChanges } from './events.ts';
import { mailPortFor, type TMailPort } from '../mail/mail.port.ts';

/** Identity's use-case context: the kit's request context and identity's mail port. */
export interface TCtx extends TRequestContext<TIdentityDb> {
  mail: TMailPort;
}

const CHANGED = Symbol('changed-users');

/** The users whose credentials a request changed (see identity.module.ts: dropped again after commit). */
export const changedUsers = (req: FastifyRequest): Set<string> | undefined =>
  (req as unknown as Record<symbol, Set<string>>)[CHANGED];

export async function contextOf(req: FastifyRequest, deps: TServiceDeps): Promise<TCtx> {
  const ctx = await requestContext<TIdentityDb>(req, deps);
  (req as unknown as Record<symbol, Set<string>>)[CHANGED] ??= trackChanges(ctx.db);
  return { ...ctx, mail: mailPortFor(deps.config) };
}

export const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);
