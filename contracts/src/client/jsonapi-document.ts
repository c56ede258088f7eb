import { camelCase, isPlainObject, toCamelKeys } from './case-keys.ts';

/**
 * Spec §3: resources travel as JSON:API data; the front ends read them with the attributes flattened
 * into the resource, relationships resolved from `included`, and the links and meta of each
 * relationship kept (under `relationships`). Keys are camelCase.
 */
export interface TResourceIdentifierLike {
  type: string;
  id: string;
}

export interface TRelationshipInfo {
  data?: TResourceIdentifierLike | TResourceIdentifierLike[] | null;
  links?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

export type TFlatResource<A extends object = Record<string, unknown>> = A & {
  id: string;
  type: string;
  /** The raw relationship objects (identifiers, links, meta), camelCase names. */
  relationships?: Record<string, TRelationshipInfo>;
  links?: Record<string, unknown>;
  meta?: Record<string, unknown>;
};

interface TRawResource {
  type: string;
  id: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: unknown; links?: unknown; meta?: unknown }>;
  links?: unknown;
  meta?: unknown;
}

export interface TRawDocument {
  data?: TRawResource | TRawResource[] | null;
  included?: TRawResource[];
  meta?: Record<string, unknown>;
  links?: Record<string, unknown>;
}

export interface TFlatDocument<R> {
  data: R;
  meta?: Record<string, unknown>;
  links?: Record<string, unknown>;
}

/** How deep relationships of included resources are followed (cycles stop earlier). */
const MAX_DEPTH = 3;

const key = (type: string, id: string) => `${type}\u0000${id}`;

function isIdentifier(value: unknown): value is TResourceIdentifierLike {
  return isPlainObject(value) && typeof value.type === 'string' && typeof value.id === 'string';
}

/** Flattens one resource; relationships become resolved resources (trees, never cyclic). */
function flatten(
  raw: TRawResource,
  index: Map<string, TRawResource>,
  depth: number,
  path: ReadonlySet<string>,
): TFlatResource {
  const out: Record<string, unknown> = { ...toCamelKeys<Record<string, unknown>>(raw.attributes ?? {}) };
  out.id = raw.id;
  out.type = raw.type;
  if (raw.links !== undefined) out.links = raw.links;
  if (raw.meta !== undefined) out.meta = toCamelKeys(raw.meta);
  if (raw.relationships) {
    const infos: Record<string, TRelationshipInfo> = {};
    const here = new Set(path).add(key(raw.type, raw.id));
    for (const [name, rel] of Object.entries(raw.relationships)) {
      const field = camelCase(name);
      const info: TRelationshipInfo = {};
      if (rel.data !== undefined) info.data = rel.data as TRelationshipInfo['data'];
      if (rel.links !== undefined) info.links = rel.links as Record<string, unknown>;
      if (rel.meta !== undefined) info.meta = toCamelKeys(rel.meta);
      infos[field] = info;
      const resolve = (id: unknown): unknown => {
        if (!isIdentifier(id)) return id;
        const target = index.get(key(id.type, id.id));
        if (!target || depth >= MAX_DEPTH || here.has(key(id.type, id.id)))
          return { id: id.id, type: id.type };
        return flatten(target, index, depth + 1, here);
      };
      if (Array.isArray(rel.data)) out[field] = rel.data.map(resolve);
      else if (rel.data === null) out[field] = null;
      else if (rel.data !== undefined) out[field] = resolve(rel.data);
    }
    out.relationships = infos;
  }
  return out as TFlatResource;
}

function indexOf(doc: TRawDocument): Map<string, TRawResource> {
  const index = new Map<string, TRawResource>();
  for (const r of doc.included ?? []) index.set(key(r.type, r.id), r);
  // Primary data may be referenced from included resources too.
  const data = Array.isArray(doc.data) ? doc.data : doc.data ? [doc.data] : [];
  for (const r of data) if (!index.has(key(r.type, r.id))) index.set(key(r.type, r.id), r);
  return index;
}

/** A single-resource document, flattened (`data` is null for an empty document). */
export function readResourceDocument<A extends object = Record<string, unknown>>(
  doc: TRawDocument,
): TFlatDocument<TFlatResource<A> | null> {
  if (Array.isArray(doc.data)) throw new Error('Expected a single resource, got a collection');
  const index = indexOf(doc);
  return withTopLevel(doc, doc.data ? (flatten(doc.data, index, 0, new Set()) as TFlatResource<A>) : null);
}

/** A collection document, flattened. */
export function readCollectionDocument<A extends object = Record<string, unknown>>(
  doc: TRawDocument,
): TFlatDocument<TFlatResource<A>[]> {
  if (doc.data && !Array.isArray(doc.data)) throw new Error('Expected a collection, got a single resource');
  const index = indexOf(doc);
  return withTopLevel(
    doc,
    (doc.data ?? []).map((r) => flatten(r, index, 0, new Set()) as TFlatResource<A>),
  );
}

function withTopLevel<R>(doc: TRawDocument, data: R): TFlatDocument<R> {
  const out: TFlatDocument<R> = { data };
  if (doc.meta) out.meta = toCamelKeys(doc.meta);
  if (doc.links) out.links = doc.links;
  return out;
}
