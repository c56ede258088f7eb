import type { TQuerySpec } from '../jsonapi/jsonapi.ts';

/**
 * The search's parameters without zod (vacancy-search.ts re-exports them with the wire schemas), so
 * the portal's first download can use the contract's own choices and names instead of copies.
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
