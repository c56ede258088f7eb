import type { TJsonApiQuery, TLinks, TRelationship, TResource } from '@stageplein/contracts/jsonapi/jsonapi';

export const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Deeply converts object keys to snake_case (the wire format of DESIGN §4). */
export function toSnakeKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(toSnakeKeys) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [snakeCase(k), toSnakeKeys(v)])) as T;
  }
  return value;
}

export function resource(
  type: string,
  id: string | number,
  attributes: Record<string, unknown>,
  relationships?: Record<string, TRelationship>,
  fields?: readonly string[],
): TResource {
  const attrs = toSnakeKeys(attributes);
  const picked = fields
    ? Object.fromEntries(Object.entries(attrs).filter(([k]) => fields.includes(k)))
    : attrs;
  return relationships
    ? { type, id: String(id), attributes: picked, relationships }
    : { type, id: String(id), attributes: picked };
}

/** Pagination links per JSON:API 1.0 (absolute URLs), built from the request URL and the parsed query. */
export function pageLinks(absoluteUrl: string, query: TJsonApiQuery, total: number): TLinks {
  const base = new URL(absoluteUrl);
  const last = Math.max(1, Math.ceil(total / query.page.size));
  const at = (n: number) => {
    base.searchParams.set('page[number]', String(n));
    base.searchParams.set('page[size]', String(query.page.size));
    return base.toString();
  };
  return {
    self: at(query.page.number),
    first: at(1),
    last: at(last),
    prev: query.page.number > 1 ? at(query.page.number - 1) : null,
    next: query.page.number < last ? at(query.page.number + 1) : null,
  };
}

/**
 * A collection document. Generic over the resource so a serializer typed against the route's zod
 * response schema (`z.infer<typeof ZXResource>`) reaches the handler's return type without a cast.
 */
export function collectionDocument<R extends TResource>(
  data: R[],
  options: { included?: TResource[]; total?: number; links?: TLinks } = {},
) {
  const doc: { data: R[]; included?: TResource[]; meta?: { total: number }; links?: TLinks } = { data };
  if (options.included?.length) doc.included = dedupe(options.included);
  if (options.total !== undefined) doc.meta = { total: options.total };
  if (options.links) doc.links = options.links;
  return doc;
}

/** A single-resource document (`data` may be null where the route says so), generic like collectionDocument. */
export function resourceDocument<R extends TResource | null>(
  data: R,
  options: { included?: TResource[] } = {},
) {
  const doc: { data: R; included?: TResource[] } = { data };
  if (options.included?.length) doc.included = dedupe(options.included);
  return doc;
}

/** A compound document carries each included resource once (JSON:API "full linkage"). */
function dedupe(resources: TResource[]): TResource[] {
  const seen = new Map<string, TResource>();
  for (const r of resources) seen.set(`${r.type}/${r.id}`, r);
  return [...seen.values()];
}
