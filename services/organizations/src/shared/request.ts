import type { FastifyRequest } from 'fastify';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { badRequest } from '@stageplein/kit/errors/api-error';
import { requestContext, type TUseCaseContext } from '@stageplein/kit/request-context';
import type { TServiceDeps } from '@stageplein/kit/service';
import type { TDb, TOrganizationsDb } from '../database.ts';

export type { TDb };

/** Organizations' use-case context: the kit's, nothing of its own (requests, consumers and activities). */
export type TCtx = TUseCaseContext<TOrganizationsDb>;

/** The request's transaction: commits with a successful response, rolls back otherwise. */
export async function requestDb(req: FastifyRequest): Promise<TDb> {
  return req.db<TOrganizationsDb>();
}

export const contextOf = (req: FastifyRequest, deps: TServiceDeps): Promise<TCtx> =>
  requestContext<TOrganizationsDb>(req, deps);

/** The absolute URL of the request, for JSON:API pagination links (never an unknown Host). */
export { requestUrl } from '@stageplein/kit/tenant/tenant.plugin';

/** uuid columns would turn a malformed value into a database error: refuse it as the bad parameter it is. */
export function assertUuidFilters(query: TJsonApiQuery, attributes: readonly string[]): void {
  for (const f of query.filters) {
    if (!attributes.includes(f.attribute) || typeof f.value === 'boolean') continue;
    const values = Array.isArray(f.value) ? f.value : [f.value];
    if (!values.every(isUuid)) throw badRequest(`filter[${f.attribute}_${f.predicate}]`);
  }
}

/** Form fields often arrive as `''` for "empty"; the database keeps null. */
export function blankToNull<T extends Record<string, unknown>>(input: T): T {
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v === '' ? null : v])) as T;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
