import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasForbiddenControlCharacter, hasLoneSurrogate } from '@stageplein/contracts/validation/text';
import { ApiError } from '../errors/api-error.ts';

/**
 * How deep a JSON body may nest. The deepest legitimate body is a rich-text document (30 levels of
 * nodes, two JSON levels each) inside a JSON:API document; JSON.parse takes any depth, but everything
 * after it that recurses (JSON.stringify, validation) overflows the stack near 10,000 levels (a 500).
 */
export const JSON_MAX_DEPTH = 100;

export type TJsonProblem = { code: 'control_characters' | 'json_too_deep'; pointer: string };

const isText = (s: string) => !hasForbiddenControlCharacter(s) && !hasLoneSurrogate(s);
const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * The first problem of a parsed body, with its JSON pointer: nesting deeper than JSON_MAX_DEPTH, or a
 * string (value or key) holding a control character or half a surrogate pair. Walked with a stack of
 * its own, so no depth can overflow this walk.
 */
export function jsonProblem(value: unknown): TJsonProblem | undefined {
  const stack: { value: unknown; pointer: string; depth: number }[] = [{ value, pointer: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: node, pointer, depth } = stack.pop()!;
    if (typeof node === 'string') {
      if (!isText(node)) return { code: 'control_characters', pointer: pointer || '/' };
      continue;
    }
    // Only what JSON makes: arrays and plain objects (not an upload's buffer or stream).
    if (node === null || typeof node !== 'object') continue;
    const proto = Object.getPrototypeOf(node);
    if (!Array.isArray(node) && proto !== Object.prototype && proto !== null) continue;
    if (depth >= JSON_MAX_DEPTH) return { code: 'json_too_deep', pointer: pointer || '/' };
    const entries = Object.entries(node);
    // Pushed last-first, so the first problem in document order is the one reported.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const path = `${pointer}/${escape(key)}`;
      if (!isText(key)) return { code: 'control_characters', pointer: path };
      stack.push({ value: child, pointer: path, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Every parsed body of every service (JSON and JSON:API; a proxied raw body is not walked): NUL and
 * other control characters or a lone surrogate in any string or key, and nesting deeper than
 * JSON_MAX_DEPTH, are refused with a 422 catalogue error before validation, a route or the database
 * sees them. Tab, CR and LF stay allowed; a field that must not hold them says so in its schema. A hook
 * rather than a parser of our own, so plugins that bring their own parser (the gateway's proxy) still can.
 */
export function installJsonHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    if (req.body === null || typeof req.body !== 'object' || Buffer.isBuffer(req.body)) return;
    const problem = jsonProblem(req.body);
    if (problem) throw new ApiError(problem.code, { max: JSON_MAX_DEPTH }, { pointer: problem.pointer });
  });
}
