import { z } from 'zod';

/** JSON:API 1.0 building blocks (https://jsonapi.org/format/1.0/). Keys are snake_case on the wire. */
export const ZMeta = z.record(z.string(), z.unknown());
export type TMeta = z.infer<typeof ZMeta>;

export const ZLink = z.union([z.string(), z.object({ href: z.string(), meta: ZMeta.optional() })]);
export const ZLinks = z.record(z.string(), ZLink.nullable());
export type TLinks = z.infer<typeof ZLinks>;

export const ZResourceIdentifier = z.object({ type: z.string(), id: z.string(), meta: ZMeta.optional() });
export type TResourceIdentifier = z.infer<typeof ZResourceIdentifier>;

export const ZRelationship = z.object({
  data: z.union([ZResourceIdentifier, z.array(ZResourceIdentifier), z.null()]).optional(),
  links: ZLinks.optional(),
  meta: ZMeta.optional(),
});
export type TRelationship = z.infer<typeof ZRelationship>;

export const ZResource = z.object({
  type: z.string(),
  id: z.string(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  relationships: z.record(z.string(), ZRelationship).optional(),
  links: ZLinks.optional(),
  meta: ZMeta.optional(),
});
export type TResource = z.infer<typeof ZResource>;

/** A resource document whose attributes follow `attributes`. */
export function zResourceOf<A extends z.ZodType>(type: string, attributes: A) {
  return ZResource.extend({ type: z.literal(type), attributes });
}

export const ZErrorObject = z.object({
  id: z.string().optional(),
  status: z.string(),
  code: z.string(),
  title: z.string(),
  detail: z.string().optional(),
  source: z.object({ pointer: z.string().optional(), parameter: z.string().optional() }).optional(),
  meta: ZMeta.optional(),
});
export type TErrorObject = z.infer<typeof ZErrorObject>;

export const ZErrorDocument = z.object({ errors: z.array(ZErrorObject), meta: ZMeta.optional() });
export type TErrorDocument = z.infer<typeof ZErrorDocument>;

export function zDocumentOf<R extends z.ZodType>(resource: R) {
  return z.object({
    data: resource,
    included: z.array(ZResource).optional(),
    links: ZLinks.optional(),
    meta: ZMeta.optional(),
    jsonapi: z.object({ version: z.string() }).optional(),
  });
}

export function zCollectionOf<R extends z.ZodType>(resource: R) {
  return z.object({
    data: z.array(resource),
    included: z.array(ZResource).optional(),
    links: ZLinks.optional(),
    meta: ZMeta.optional(),
    jsonapi: z.object({ version: z.string() }).optional(),
  });
}

/** A request body `{ data: { type, id?, attributes } }` as the spec's calls send it. */
export function zRequestBodyOf<A extends z.ZodType>(type: string, attributes: A, withId = false) {
  const data = z.object({
    type: z.literal(type),
    id: withId ? z.string() : z.string().optional(),
    attributes,
    relationships: z.record(z.string(), ZRelationship).optional(),
  });
  return z.object({ data });
}

/** Ransack-style predicates accepted in `filter[<attribute>_<predicate>]`. */
export const FILTER_PREDICATES = ['not_eq', 'eq', 'in', 'cont', 'gteq', 'lteq', 'null'] as const;
export type TFilterPredicate = (typeof FILTER_PREDICATES)[number];

/**
 * What a collection route accepts; anything else is a 400 naming the parameter. Declared here, next to
 * the resource's schemas, so the route (kit parseJsonApiQuery) and the admin's data provider read one spec.
 */
export interface TQuerySpec {
  filters?: Record<string, readonly TFilterPredicate[]>;
  /** Named filters that are not attribute predicates, e.g. `with_role`, `search`. */
  scopes?: readonly string[];
  sorts?: readonly string[];
  includes?: readonly string[];
  /** Sparse fieldsets allowed per type. */
  fields?: Record<string, readonly string[]>;
  defaultSort?: string;
  defaultPageSize?: number;
  maxPageSize?: number;
}

/** The wire names of a spec's filters and scopes (`school_id_eq`, `all_years`), for clients that send them. */
export const wireFiltersOf = (spec: TQuerySpec): string[] => [
  ...Object.entries(spec.filters ?? {}).flatMap(([attribute, predicates]) =>
    predicates.map((p) => `${attribute}_${p}`),
  ),
  ...(spec.scopes ?? []),
];

/**
 * The querystring of a collection route whose filters all take an id (`filter[school_id_eq]=<uuid>`):
 * the route declares it and the admin's data provider sends exactly `names` (its server filters).
 */
export function zIdFilterQuery<const K extends readonly string[]>(names: K) {
  const shape = Object.fromEntries(names.map((n) => [`filter[${n}]`, z.uuid().optional()]));
  // Object.fromEntries loses the keys; they are exactly `filter[<name>]` for each name.
  return z.object(shape as { [N in K[number] as `filter[${N}]`]: z.ZodOptional<z.ZodUUID> });
}

export interface TFilter {
  attribute: string;
  predicate: TFilterPredicate;
  value: string | string[] | boolean;
}

/** Named filters that are not attribute predicates, e.g. `filter[with_role]=admin` or `filter[search]`. */
export interface TJsonApiQuery {
  include: string[];
  fields: Record<string, string[]>;
  sort: { attribute: string; descending: boolean }[];
  page: { number: number; size: number };
  filters: TFilter[];
  scopes: Record<string, string>;
}

export const DEFAULT_PAGE_SIZE = 25;
/** Spec §9: the admin user list asks for 1000; menu items for 1000000 (capped server-side per resource). */
export const ADMIN_USER_PAGE_SIZE = 1000;
export const MENU_ITEM_PAGE_SIZE = 1_000_000;

export const ZSchoolYearAttributes = z.object({
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  is_current: z.boolean(),
  is_next: z.boolean(),
});
export type TSchoolYearAttributes = z.infer<typeof ZSchoolYearAttributes>;
export const ZSchoolYearResource = zResourceOf('school_year', ZSchoolYearAttributes);
export type TSchoolYearResource = z.infer<typeof ZSchoolYearResource>;
