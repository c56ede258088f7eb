import type { FastifyRequest } from 'fastify';
import { requestContext, type TUseCaseContext } from '@stageplein/kit/request-context';
import type { TPlacementsDb } from '../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../placements.config.ts';

/**
 * Placements' use-case context: the kit's, without configuration, so seeds run the same use cases;
 * the caller's language where there is one (error texts that name things, e.g. compliance_not_met).
 */
export type TCtx = Pick<TUseCaseContext<TPlacementsDb, TPlacementsConfig>, 'db' | 'tenant' | 'now'> &
  Partial<Pick<TUseCaseContext<TPlacementsDb, TPlacementsConfig>, 'lang'>>;

export const contextOf = (req: FastifyRequest, deps: TPlacementsDeps) =>
  requestContext<TPlacementsDb, TPlacementsConfig>(req, deps);

/** Who made a change: the user (and who signed in as them), or `system` (seeds). */
export interface TActor {
  userId: string | null;
  impersonatorId: string | null;
}

export const SYSTEM: TActor = { userId: null, impersonatorId: null };
