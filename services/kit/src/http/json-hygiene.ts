import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasForbiddenControlCharacter } from '@stageplein/contracts/validation/text';
import { ApiError } from '../errors/api-error.ts';

/** JSON pointer of the first string (value or key) holding a forbidden control character, if any. */
export function controlCharacterPointer(value: unknown, pointer = ''): string | undefined {
  if (typeof value === 'string') return hasForbiddenControlCharacter(value) ? pointer || '/' : undefined;
  // Only what JSON makes: arrays and plain objects (not an upload's buffer or stream).
  if (value === null || typeof value !== 'object') return undefined;
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const path = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (hasForbiddenControlCharacter(key)) return path;
    const found = controlCharacterPointer(child, path);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every parsed body of every service (JSON and JSON:API; a proxied raw body is not walked): NUL and
 * other control characters in any string or key are refused with a 422 catalogue error, before
 * validation, a route or the database sees them. Tab, CR and LF stay allowed; a field that must not
 * hold them says so in its schema. A hook rather than a parser of our own, so plugins that bring their
 * own parser (the gateway's proxy) still can.
 */
export function installControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    if (req.body === null || typeof req.body !== 'object' || Buffer.isBuffer(req.body)) return;
    const pointer = controlCharacterPointer(req.body);
    if (pointer) throw new ApiError('control_characters', {}, { pointer });
  });
}
