import type { FastifyRequest } from 'fastify';
import { callerOf as kitCallerOf, type TCaller } from '@stageplein/kit/auth/caller';
import { readModelCurrentOrganization } from '@stageplein/kit/read-models/organizations-read-model';
import { SCHEMA, type TDb } from '../database.ts';

export type { TCaller } from '@stageplein/kit/auth/caller';

/**
 * The request's caller (kit's): identity's role gives the organization's type; its status (approved or
 * not) and existence come from placements' read model of organizations' events. Without a role on the
 * organization it is not theirs.
 */
export const callerOf = (req: FastifyRequest, db: TDb): Promise<TCaller> =>
  kitCallerOf(req, readModelCurrentOrganization(db, SCHEMA));
