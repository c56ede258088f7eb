import type { FastifyRequest } from 'fastify';
import { requireCaller as requireKitCaller, type TSignedInCaller } from '@stageplein/kit/auth/caller';
import { readModelCurrentOrganization } from '@stageplein/kit/read-models/organizations-read-model';
import { SCHEMA } from '../database.ts';
import type { TDb } from './request.ts';

export { SYSTEM, type TChangeActor } from '@stageplein/kit/auth/caller';

/**
 * The signed-in caller (401 otherwise). Most of notifications' rules are about the person, not the
 * organization they act for: a feed and its preferences are their own, whichever organization is
 * current, so this caller knows no current organization.
 */
export const requireCaller = (req: FastifyRequest): Promise<TSignedInCaller> =>
  requireKitCaller(req, async () => null);

/**
 * The signed-in caller with the organization they act for as kit's organizations read model knows it
 * (its type and status): for the tenant's settings only an approved organization's admins change
 * (mail templates).
 */
export const requireOrganizationCaller = (req: FastifyRequest, db: TDb): Promise<TSignedInCaller> =>
  requireKitCaller(req, readModelCurrentOrganization(db, SCHEMA));
