import type { FastifyRequest } from 'fastify';
import { requireCaller as requireKitCaller, type TSignedInCaller } from '@stageplein/kit/auth/caller';
import { readModelCurrentOrganization } from '@stageplein/kit/read-models/organizations-read-model';
import { SCHEMA, type TDb } from '../database.ts';

export type { TSignedInCaller };

/**
 * The request's signed-in caller (kit's `requireCaller`, 401 without credentials), what identity's
 * policies take (users.policy.ts): the current organization's type and status from kit's organizations
 * read model in identity's schema, when the caller holds a role there — without one, no rule of
 * contracts' users-policy gives a say over anyone.
 */
export const requireCaller = (req: FastifyRequest, db: TDb): Promise<TSignedInCaller> =>
  requireKitCaller(req, readModelCurrentOrganization(db, SCHEMA));
