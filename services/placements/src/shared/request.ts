import type { FastifyRequest } from 'fastify';
import { requestContext, type TContext, type TUseCaseContext } from '@stageplein/kit/request-context';
import type { TPlacementsDb } from '../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../placements.config.ts';

export { SYSTEM, type TChangeActor } from '@stageplein/kit/auth/caller';

/**
 * Placements' use-case context: the kit's least one (transaction, tenant, clock; the caller's language
 * where there is one), so seeds, consumers and activities run the same use cases as requests.
 */
export type TCtx = TContext<TPlacementsDb>;

/**
 * A use case that also reads placements' configuration (links, mail, Temporal): the kit's use-case
 * context with the language left optional as in TCtx, since activities and consumers run these too.
 */
export type TUseCaseCtx = TCtx & Pick<TUseCaseContext<TPlacementsDb, TPlacementsConfig>, 'config'>;

export const contextOf = (req: FastifyRequest, deps: TPlacementsDeps) =>
  requestContext<TPlacementsDb, TPlacementsConfig>(req, deps);
