import type { FastifyRequest } from 'fastify';
import { requireCaller as requireKitCaller, type TSignedInCaller } from '@stageplein/kit/auth/caller';

export { SYSTEM, type TChangeActor } from '@stageplein/kit/auth/caller';

/**
 * The signed-in caller (401 otherwise). Notifications' rules are about the person, never about the
 * organization they act for: a feed and its preferences are their own, whichever organization is
 * current, so the service keeps no organizations read model and knows no current organization.
 */
export const requireCaller = (req: FastifyRequest): Promise<TSignedInCaller> =>
  requireKitCaller(req, async () => null);
