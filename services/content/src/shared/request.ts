import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { requestContext, type TUseCaseContext } from '@stageplein/kit/request-context';
import type { TContentConfig, TContentDeps } from '../content.config.ts';
import type { TContentDb } from '../database.ts';

export type TDb = Kysely<TContentDb>;

/**
 * Content's use-case context: the kit's, of which its use cases need no configuration, so seeds run
 * the same use cases as requests.
 */
export type TCtx = Pick<TUseCaseContext<TContentDb, TContentConfig>, 'db' | 'tenant' | 'now' | 'lang'>;

export const contextOf = (req: FastifyRequest, deps: TContentDeps) =>
  requestContext<TContentDb, TContentConfig>(req, deps);

/** The absolute URL of the request on its public origin (never a Host an outsider chose), for links. */
export { requestUrl } from '@stageplein/kit/tenant/tenant.plugin';
