import type { FastifyRequest } from 'fastify';
import { callerOf as kitCallerOf, type TCaller } from '@stageplein/kit/auth/caller';
import { readModelCurrentOrganization } from '@stageplein/kit/read-models/organizations-read-model';
import { SCHEMA, type TDb } from '../database.ts';

export type { TCaller };

/**
 * The request's caller (kit's `callerOf`, `ANONYMOUS` without credentials): the current organization's
 * type and status from kit's organizations read model in identity's schema, when the caller holds a
 * role there — without one, no rule of contracts' users-policy gives a say over anyone.
 */
export const callerOf = (req: FastifyRequest, db: TDb): Promise<TCaller> =>
  kitCallerOf(req, readModelCurrentOrganization(db, SCHEMA));
