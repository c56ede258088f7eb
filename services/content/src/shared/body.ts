import { ApiError } from '@stageplein/kit/errors/api-error';

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
