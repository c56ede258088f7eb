import { ApiError } from '@stageplein/kit/errors/api-error';

/**
 * JSON:API: the `id` of an update document must be the endpoint's (409 Conflict otherwise). The `type`
 * is checked by the body schema; an organization's is checked against its row by the caller.
 */
export function assertSameId(bodyId: string | undefined, id: string): void {
  if (bodyId !== undefined && bodyId !== id) throw new ApiError('conflict', {}, { pointer: '/data/id' });
}
