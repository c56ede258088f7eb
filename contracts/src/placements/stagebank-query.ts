import {
  DEFAULT_WITHIN_KM,
  VACANCY_DEFAULT_PAGE_SIZE,
  VACANCY_PAGE_SIZES,
  VACANCY_SORTS,
  WITHIN_KM_CHOICES,
  vacancySearchParams,
} from './vacancy-search-params.ts';

/**
 * The internship bank's search as the page's URL keeps it (`/stagebank?q=zorg&near=Wijchen&km=25`),
 * so a search can be shared and the back button works. Short, readable keys in the page URL; the
 * API's own names (`filter[search]`, `filter[near]`, …) and choices are the contract's
 * (contracts/src/placements/vacancy-search-params.ts, zod-free for the first download).
 */

/** '' is the API's default order: relevance with a search, else distance with a place, else newest. */
export const SORTS = ['', ...VACANCY_SORTS] as const;
export type TSort = (typeof SORTS)[number];
export const RADII_KM = WITHIN_KM_CHOICES;
export const DEFAULT_RADIUS_KM = DEFAULT_WITHIN_KM;
export const PAGE_SIZES = VACANCY_PAGE_SIZES;
export const DEFAULT_PER_PAGE = VACANCY_DEFAULT_PAGE_SIZE;
export const VIEWS = ['list', 'map'] as const;
export type TView = (typeof VIEWS)[number];

export interface TStagebankQuery {
  /** Free text (`filter[search]`). */
  search: string;
  /** A place, a postcode or `lat,lng` (`filter[near]`); empty: anywhere. */
  near: string;
  /** Radius around `near` (`filter[within_km]`). */
  withinKm: number;
  kind: string;
  level: string;
  tag: string;
  /** At most this many hours a week; undefined: any. */
  maxHours: number | undefined;
  sort: TSort;
  perPage: number;
  page: number;
  /** What a phone shows: the list or the map (a desktop shows both). */
  view: TView;
}

export const DEFAULT_QUERY: TStagebankQuery = {
  search: '',
  near: '',
  withinKm: DEFAULT_RADIUS_KM,
  kind: '',
  level: '',
  tag: '',
  maxHours: undefined,
  sort: '',
  perPage: DEFAULT_PER_PAGE,
  page: 1,
  view: 'list',
};

/**
 * How many of the choices behind a phone's "Filters" button differ from the defaults (its label says
 * so): the radius, kind, level, tag, hours and sort.
 */
export function activeFilterCount(query: TStagebankQuery): number {
  return [
    query.withinKm !== DEFAULT_QUERY.withinKm,
    query.kind,
    query.level,
    query.tag,
    query.maxHours !== undefined,
    query.sort,
  ].filter(Boolean).length;
}

/** The phone's filters: the one element the "Filters" button opens (id shared by the served page). */
export const STAGEBANK_FILTERS_ID = 'stagebank-filters';

const KEYS = {
  search: 'q',
  near: 'near',
  withinKm: 'km',
  kind: 'kind',
  level: 'level',
  tag: 'tag',
  maxHours: 'hours',
  sort: 'sort',
  perPage: 'per_page',
  page: 'page',
  view: 'view',
} as const satisfies Record<keyof TStagebankQuery, string>;

const text = (value: string | null, max = 200) => (value ?? '').trim().slice(0, max);
const oneOf = <T extends string | number>(options: readonly T[], value: T, fallback: T): T =>
  options.includes(value) ? value : fallback;
const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d{1,6}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};

/** The search of a page URL; anything unknown or malformed falls back to the default. */
export function parseQuery(params: URLSearchParams): TStagebankQuery {
  const hours = positiveInt(params.get(KEYS.maxHours));
  return {
    search: text(params.get(KEYS.search)),
    near: text(params.get(KEYS.near), 100),
    withinKm: oneOf<number>(RADII_KM, positiveInt(params.get(KEYS.withinKm)) ?? 0, DEFAULT_RADIUS_KM),
    kind: text(params.get(KEYS.kind), 40),
    level: text(params.get(KEYS.level), 40),
    tag: text(params.get(KEYS.tag), 40),
    maxHours: hours !== undefined && hours <= 80 ? hours : undefined,
    sort: oneOf<string>(SORTS, params.get(KEYS.sort) ?? '', DEFAULT_QUERY.sort) as TSort,
    perPage: oneOf<number>(PAGE_SIZES, positiveInt(params.get(KEYS.perPage)) ?? 0, DEFAULT_PER_PAGE),
    page: positiveInt(params.get(KEYS.page)) ?? 1,
    view: oneOf<string>(VIEWS, params.get(KEYS.view) ?? '', DEFAULT_QUERY.view) as TView,
  };
}

/** The page URL's parameters for a search: only what differs from the default, in a fixed order. */
export function formatQuery(query: TStagebankQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(KEYS) as (keyof TStagebankQuery)[]) {
    const value = query[key];
    if (value === undefined || value === '' || value === DEFAULT_QUERY[key]) continue;
    // The radius means nothing without a place.
    if (key === 'withinKm' && !query.near) continue;
    params.set(KEYS[key], String(value));
  }
  return params;
}

/**
 * A change of the search: a new filter starts again at page 1 (the old page number would point
 * into another result), a new page size too; the view and the page itself are kept as asked.
 */
export function updateQuery(query: TStagebankQuery, change: Partial<TStagebankQuery>): TStagebankQuery {
  const next = { ...query, ...change };
  const onlyPaging = Object.keys(change).every((k) => k === 'page' || k === 'view');
  if (!onlyPaging && change.page === undefined) next.page = 1;
  // Distance needs a place, relevance a search text; without them the API's default order.
  if (!next.near && next.sort === 'distance') next.sort = '';
  if (!next.search && next.sort === 'relevance') next.sort = '';
  return next;
}

/**
 * The search API's parameters (`GET /api/v1/vacancies`), built by the contract; `withFacets`: with the
 * level and tag counts of the matches (`meta.facets`, for the dropdowns).
 */
export function toApiParams(query: TStagebankQuery, withFacets = false): URLSearchParams {
  return vacancySearchParams({
    search: query.search,
    near: query.near,
    withinKm: query.withinKm,
    filters: {
      ...(query.kind && { kind_eq: query.kind }),
      ...(query.level && { level_id_eq: query.level }),
      ...(query.tag && { tag_id_eq: query.tag }),
      ...(query.maxHours !== undefined && { hours_per_week_lteq: String(query.maxHours) }),
    },
    sort: query.sort || undefined,
    pageSize: query.perPage,
    pageNumber: query.page,
    withFacets,
  });
}

/** The markers call: the same filters, no paging or sorting (the map shows every match). */
export function toMarkerParams(query: TStagebankQuery): URLSearchParams {
  const params = toApiParams(query);
  for (const key of ['sort', 'page[size]', 'page[number]']) params.delete(key);
  return params;
}

/**
 * The choices of a level or tag dropdown: the named values of the matches by name (Dutch order), each
 * with its count; the chosen one always stays (as `chosen` when the matches no longer name it).
 */
export function facetChoices(
  facets: readonly { value: string; count: number; label: string | null }[],
  selected: string,
  chosen: string,
): { value: string; label: string; count: number | undefined }[] {
  const named = facets
    .filter((f) => f.label !== null)
    .map((f) => ({ value: f.value, label: f.label!, count: f.count as number | undefined }))
    .sort(
      (a, b) => a.label.localeCompare(b.label, 'nl', { numeric: true }) || a.value.localeCompare(b.value),
    );
  if (selected && !named.some((f) => f.value === selected))
    named.unshift({ value: selected, label: chosen, count: undefined });
  return named;
}

/** The zoom that shows a radius around a place on a phone-to-desktop sized map. */
export function zoomForRadius(km: number | undefined): number {
  if (!km) return 8;
  if (km <= 5) return 12;
  if (km <= 10) return 11;
  if (km <= 25) return 10;
  if (km <= 50) return 9;
  return 8;
}

/**
 * What the gateway serves of `/stagebank?…` (contracts/content/prerender.ts): the page's search and the
 * API parameters the page asks with (its query key); nothing for `view=map`, where a phone shows only
 * the map, which renders in the browser.
 */
export function servedVacancySearch(
  search: string,
): { kind: 'vacancy-search'; query: TStagebankQuery; params: string } | undefined {
  const query = parseQuery(new URLSearchParams(search));
  return query.view === 'map'
    ? undefined
    : { kind: 'vacancy-search', query, params: toApiParams(query, true).toString() };
}
