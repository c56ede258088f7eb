import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { requestContext, type TUseCaseContext } from '@stageplein/kit/request-context';
import type { TNotificationsConfig, TNotificationsDeps } from '../notifications.config.ts';
import type { TNotificationsDb } from '../database.ts';

export type TDb = Kysely<TNotificationsDb>;

/** Notifications' use-case context: the kit's (requests and consumers alike). */
export type TCtx = TUseCaseContext<TNotificationsDb, TNotificationsConfig>;

export const contextOf = (req: FastifyRequest, deps: TNotificationsDeps): Promise<TCtx> =>
  requestContext<TNotificationsDb, TNotificationsConfig>(req, deps);

/** The absolute URL of the request on its public origin, for JSON:API pagination links. */
export { requestUrl } from '@stageplein/kit/tenant/tenant.plugin';
