import { ApiError } from '../errors/api-error.ts';

/**
 * JSON:API: the `id` of an update document must be the endpoint's (409 `conflict` otherwise); an
 * absent id is the endpoint's. The `type` is the body schema's to check.
 */
export function assertSameId(bodyId: string | undefined, id: string): void {
  if (bodyId !== undefined && bodyId !== id) throw new ApiError('conflict', {}, { pointer: '/data/id' });
}
