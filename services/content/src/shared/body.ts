import { ApiError } from '@stageplein/kit/errors/api-error';

/** JSON:API: the `id` of an update document must be the endpoint's (409 Conflict otherwise). */
export function assertSameId(bodyId: string | undefined, id: string): void {
  if (bodyId !== undefined && bodyId !== id) throw new ApiError('conflict', {}, { pointer: '/data/id' });
}

/** A unique violation on a slug (Postgres 23505) answers 409 slug_taken; anything else is rethrown. */
export async function slugUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw new ApiError('slug_taken', {}, { pointer: '/data/attributes/slug' });
    throw error;
  }
}
