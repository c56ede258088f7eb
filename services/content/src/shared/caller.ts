import type { FastifyRequest } from 'fastify';
import {
  callerOf as kitCallerOf,
  requireCaller as requireKitCaller,
  type TCaller,
  type TSignedInCaller,
} from '@stageplein/kit/auth/caller';
import { readModelCurrentOrganization } from '@stageplein/kit/read-models/organizations-read-model';
import { SCHEMA } from '../database.ts';
import type { TDb } from './request.ts';

export { SYSTEM, type TChangeActor } from '@stageplein/kit/auth/caller';

/**
 * The request's caller (kit's), the current organization as content knows it: kit's organizations read
 * model, when the caller holds a role there (identity's role only knows the type; the status decides:
 * pending applicants are admins of their own request).
 */
export const callerOf = (req: FastifyRequest, db: TDb): Promise<TCaller> =>
  kitCallerOf(req, readModelCurrentOrganization(db, SCHEMA));

/** The signed-in caller (401 otherwise), as `callerOf`. */
export const requireCaller = (req: FastifyRequest, db: TDb): Promise<TSignedInCaller> =>
  requireKitCaller(req, readModelCurrentOrganization(db, SCHEMA));
