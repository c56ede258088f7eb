import { z } from 'zod';
import { ZResource, zCollectionOf, type TQuerySpec } from '../jsonapi/jsonapi.ts';
import { ZVacancyResource } from './vacancies.ts';

/**
 * The public internship bank's API (issue #14 item 3; docs/decisions/vacancy-search.md):
 *
 *   GET /api/v1/vacancies          the search: filters below, sort, cursor or page number, meta.total
 *   GET /api/v1/vacancies/markers  the same filters, every match as a light marker for the map
 *
 * Anonymous callers and ordinary users see published, visible vacancies only. An organization's admin
 * (with `x-current-organization-id`) may add `filter[organization_id_eq]=<that organization>` and
 * `filter[status_in]=draft,published,closed,archived` to list their own; moderators (school and
 * volunteer-centre admins) may filter any status.
 */

/** `filter[near]` is a place ("Utrecht", "Hengelo, Gelderland"), a postcode ("3511" or "3511 AB") or `lat,lng`. */
export const VACANCY_SEARCH_SCOPES = ['search', 'near', 'within_km'] as const;

/** `filter[within_km]` when `filter[near]` is given without it, and its bounds. */
export const DEFAULT_WITHIN_KM = 25;
export const MAX_WITHIN_KM = 250;
/** The choices a map or form offers for `filter[within_km]`. */
export const WITHIN_KM_CHOICES = [5, 10, 25, 50, 100] as const;

/**
 * Sorts: `relevance` (text rank, needs `filter[search]`), `distance` (needs `filter[near]`), `newest`
 * (published_at, newest first). None are descending (`-relevance` is a 400). Default: relevance with a
 * search, else distance with a place, else newest.
 */
export const VACANCY_SORTS = ['relevance', 'distance', 'newest'] as const;
export type TVacancySort = (typeof VACANCY_SORTS)[number];

/** The per-page selector of /stagebank (spec §2 shell elements); the API caps page[size] at 100. */
export const VACANCY_PAGE_SIZES = [10, 20, 50] as const;
export const VACANCY_DEFAULT_PAGE_SIZE = 20;

/**
 * GET /api/v1/vacancies. Level and tag filters match a vacancy having any of the given ids. Besides
 * these, the route takes `page[cursor]` (the opaque `meta.next_cursor` / `links.next` of the previous
 * page; keyset pagination, stable under inserts) or `page[number]` (offset, for compatibility), and
 * `with_facets=true` for `meta.facets` (capped, cached).
 */
export const VACANCY_SEARCH_QUERY = {
  filters: {
    level_id: ['eq', 'in'],
    tag_id: ['eq', 'in'],
    kind: ['eq', 'in'],
    organization_type: ['eq', 'in'],
    organization_id: ['eq', 'in'],
    internship_period_id: ['eq', 'in'],
    hours_per_week: ['gteq', 'lteq'],
    starts_on: ['gteq', 'lteq'],
    ends_on: ['gteq', 'lteq'],
    published_at: ['gteq', 'lteq'],
    status: ['eq', 'in'],
  },
  scopes: VACANCY_SEARCH_SCOPES,
  sorts: VACANCY_SORTS,
  defaultPageSize: VACANCY_DEFAULT_PAGE_SIZE,
  maxPageSize: 100,
} as const satisfies TQuerySpec;

/** The querystring keys the search takes besides the spec's filters (parsed by the route). */
export const VACANCY_CURSOR_PARAM = 'page[cursor]';
export const VACANCY_FACETS_PARAM = 'with_facets';

/** Facets counted over the matching vacancies (`with_facets=true`). */
export const VACANCY_FACETS = ['level_id', 'tag_id', 'kind', 'organization_type'] as const;
export type TVacancyFacet = (typeof VACANCY_FACETS)[number];
/**
 * Facet counts look at no more than this many matching vacancies (the newest): above it `capped` is
 * true and the counts are lower bounds. Counts are cached per tenant and filter set for
 * FACET_CACHE_SECONDS.
 */
export const FACET_SCAN_LIMIT = 10_000;
export const FACET_CACHE_SECONDS = 60;

export const ZFacetCount = z.object({ value: z.string(), count: z.number().int() });
export const ZVacancyFacets = z.object({
  level_id: z.array(ZFacetCount),
  tag_id: z.array(ZFacetCount),
  kind: z.array(ZFacetCount),
  organization_type: z.array(ZFacetCount),
  capped: z.boolean(),
});
export type TVacancyFacets = z.infer<typeof ZVacancyFacets>;

/** Where `filter[near]` resolved to (echoed, so the map can centre on it). */
export const ZResolvedNear = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** The place's name (a postcode names its place), or the coordinates as typed. */
  label: z.string(),
  kind: z.enum(['place', 'postcode', 'coordinates']),
  within_km: z.number(),
});
export type TResolvedNear = z.infer<typeof ZResolvedNear>;

export const ZVacancySearchMeta = z.object({
  /** Every matching vacancy, on every page. */
  total: z.number().int(),
  /** The cursor of the next page (also in links.next); null on the last page. */
  next_cursor: z.string().nullable(),
  sort: z.enum(VACANCY_SORTS),
  near: ZResolvedNear.nullable(),
  facets: ZVacancyFacets.optional(),
});
export type TVacancySearchMeta = z.infer<typeof ZVacancySearchMeta>;

/** A result: the vacancy, with its distance from `filter[near]` in `meta.distance_km` when given. */
export const ZVacancySearchResource = ZVacancyResource.extend({
  meta: z.object({ distance_km: z.number().nullable() }).optional(),
});
export type TVacancySearchResource = z.infer<typeof ZVacancySearchResource>;

export const ZVacancySearchCollection = zCollectionOf(ZVacancySearchResource).extend({
  meta: ZVacancySearchMeta,
});
export type TVacancySearchCollection = z.infer<typeof ZVacancySearchCollection>;

/** GET /api/v1/vacancies/markers: at most MAX_MARKERS (nearest first with a place, else newest). */
export const MAX_MARKERS = 5_000;

export const ZVacancyMarkerResource = ZResource.extend({
  type: z.literal('vacancy_marker'),
  attributes: z.object({ title: z.string(), lat: z.number(), lng: z.number() }),
});
export type TVacancyMarkerResource = z.infer<typeof ZVacancyMarkerResource>;

export const ZVacancyMarkerCollection = zCollectionOf(ZVacancyMarkerResource).extend({
  meta: z.object({
    /** Every matching vacancy with coordinates; more than data.length when capped. */
    total: z.number().int(),
    capped: z.boolean(),
    near: ZResolvedNear.nullable(),
  }),
});
export type TVacancyMarkerCollection = z.infer<typeof ZVacancyMarkerCollection>;

/** The search's querystring keys as the portal builds them (shareable URLs use the same names). */
export function vacancySearchParams(input: {
  search?: string;
  near?: string;
  withinKm?: number;
  filters?: Partial<Record<`${keyof typeof VACANCY_SEARCH_QUERY.filters}_${string}`, string | string[]>>;
  sort?: TVacancySort;
  pageSize?: number;
  cursor?: string;
  pageNumber?: number;
  withFacets?: boolean;
}): URLSearchParams {
  const p = new URLSearchParams();
  if (input.search) p.set('filter[search]', input.search);
  if (input.near) p.set('filter[near]', input.near);
  if (input.near && input.withinKm !== undefined) p.set('filter[within_km]', String(input.withinKm));
  for (const [key, value] of Object.entries(input.filters ?? {})) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    p.set(`filter[${key}]`, Array.isArray(value) ? value.join(',') : value);
  }
  if (input.sort) p.set('sort', input.sort);
  if (input.pageSize) p.set('page[size]', String(input.pageSize));
  if (input.cursor) p.set(VACANCY_CURSOR_PARAM, input.cursor);
  else if (input.pageNumber && input.pageNumber > 1) p.set('page[number]', String(input.pageNumber));
  if (input.withFacets) p.set(VACANCY_FACETS_PARAM, 'true');
  return p;
}
