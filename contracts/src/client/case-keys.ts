/**
 * Spec §7: request bodies go out with snake_case keys, responses are read in camelCase. Only the keys
 * of plain objects (and arrays of them) change; values, Dates, Blobs and class instances are kept.
 */

export const snakeCase = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();

export const camelCase = (key: string): string =>
  key
    .replace(/[_-]+([a-z0-9])/g, (_, c: string) => c.toUpperCase())
    .replace(/^[A-Z]/, (c) => c.toLowerCase());

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[convert(key)] = convertKeys(v, convert);
  return out;
}

/** Deep copy with every plain-object key in snake_case (the wire format). */
export function toSnakeKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, snakeCase) as T;
}

/** Deep copy with every plain-object key in camelCase (how the front ends read responses). */
export function toCamelKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, camelCase) as T;
}
