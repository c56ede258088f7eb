import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasForbiddenControlCharacter } from '@stageplein/contracts/validation/text';
import { ApiError } from '../errors/api-error.ts';

/** JSON pointer of the first string (value or key) holding a forbidden control character, if any. */
export function controlCharacterPointer(value: unknown, pointer = ''): string | undefined {
  if (typeof value === 'string') return hasForbiddenControlCharacter(value) ? pointer || '/' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const path = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (hasForbiddenControlCharacter(key)) return path;
    const found = controlCharacterPointer(child, path);
    if (found) return found;
  }
  return undefined;
}

/**
 * JSON bodies (plain and JSON:API) of every service: Fastify's parser (which refuses `__proto__`),
 * then a walk that refuses NUL and other control characters in any string with a 422 catalogue error,
 * before a route or the database sees them. Tab, CR and LF stay allowed; a field that must not hold
 * them says so in its schema.
 */
export function installJsonParsers(app: FastifyInstance, mediaTypes: readonly string[]): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  const hygienic = (req: FastifyRequest, body: string, done: (e: Error | null, v?: unknown) => void) =>
    parse(req, body, (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      const pointer = controlCharacterPointer(value);
      if (pointer) return done(new ApiError('control_characters', {}, { pointer }));
      done(null, value);
    });
  for (const type of mediaTypes) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
    app.addContentTypeParser(type, { parseAs: 'string' }, hygienic);
  }
}
