import type { FastifyRequest } from 'fastify';
import { requestContext, type TRequestContext, type TUseCaseContext } from '@stageplein/kit/request-context';
import type { TIdentityDb } from '../database.ts';
import { trackChanges } from './events.ts';
import { mailPortFor, type TMailPort } from '../mail/mail.port.ts';
import type { TIdentityConfig, TIdentityDeps } from '../identity.config.ts';

/** Identity's use-case context: the kit's, and identity's mail port (requests, consumers, seeds alike). */
export interface TCtx extends TUseCaseContext<TIdentityDb, TIdentityConfig> {
  mail: TMailPort;
}

/** A request's: the kit's request context (client address, `independently`) and the mail port. */
export interface TRequestCtx extends TRequestContext<TIdentityDb, TIdentityConfig> {
  mail: TMailPort;
}

const changed = new WeakMap<FastifyRequest, Set<string>>();

/** The users whose credentials a request changed (see identity.module.ts: dropped again after commit). */
export const changedUsers = (req: FastifyRequest): Set<string> | undefined => changed.get(req);

export async function contextOf(req: FastifyRequest, deps: TIdentityDeps): Promise<TRequestCtx> {
  const ctx = await requestContext<TIdentityDb, TIdentityConfig>(req, deps);
  if (!changed.has(req)) changed.set(req, trackChanges(ctx.db));
  return { ...ctx, mail: mailPortFor(deps.config) };
}

/** A consumer's use-case context (kit's `useCaseConsumer`) with identity's mail port. */
export const withMail = (ctx: TUseCaseContext<TIdentityDb, TIdentityConfig>, mail: TMailPort): TCtx => ({
  ...ctx,
  mail,
});

export const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);
