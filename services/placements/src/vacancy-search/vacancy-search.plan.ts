// From the querystring to a search plan (pure): the filters of VACANCY_SEARCH_QUERY as SQL conditions,
// the text as a Dutch prefix query, filter[near] through the gazetteer, the sort and the cursor.
import type { TFilter, TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import {
  DEFAULT_WITHIN_KM,
  MAX_WITHIN_KM,
  VACANCY_CURSOR_PARAM,
  VACANCY_FACETS_PARAM,
  VACANCY_SEARCH_QUERY,
  type TResolvedNear,
  type TVacancySort,
} from '@stageplein/contracts/placements/vacancy-search';
import { isFilterDate } from '@stageplein/contracts/validation/dates';
import { ApiError, badRequest } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery } from '@stageplein/kit/jsonapi/query';
import { isCoordinates, resolveNear } from '../geo/gazetteer.ts';
import type { TCondition, TSearchPlan } from './vacancy-search.sql.ts';

/** Whose vacancies a caller may list besides the public ones (vacancy-policy in contracts decides). */
export type TVisibility =
  { kind: 'public' } | { kind: 'organization'; organizationId: string } | { kind: 'moderator' };

export interface TParsedSearch {
  query: TJsonApiQuery;
  plan: TSearchPlan;
  near: TResolvedNear | null;
  /** The words typed, for the typo fallback. */
  words: string[];
  cursor: TCursor | null;
  withFacets: boolean;
  /** Whose catalogue names the level and tag facets. */
  tenantId: string;
  /** The filter set without page and sort: the key of cached facet counts. */
  filterKey: string;
}

export interface TCursor {
  sort: TVacancySort;
  key: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_WORDS = 8;

/** Words of the search text: letters and digits only (so they are safe in a tsquery), lower case. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/** Every word as a prefix ("stage" finds "stageplaats"), all of them required. */
export const prefixTsquery = (words: string[]) => words.map((w) => `${w}:*`).join(' & ');

export const encodeCursor = (c: TCursor) =>
  Buffer.from(JSON.stringify([c.sort, c.key, c.id])).toString('base64url');

export function decodeCursor(raw: string, sort: TVacancySort): TCursor {
  try {
    const [s, key, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (s === sort && typeof key === 'string' && key.length < 100 && typeof id === 'string' && UUID.test(id))
      return { sort, key, id };
  } catch {
    // falls through to the 400 below
  }
  throw badRequest(VACANCY_CURSOR_PARAM);
}

const values = (f: TFilter) => (Array.isArray(f.value) ? f.value : [String(f.value)]);

function checked(f: TFilter, valid: RegExp | ((v: string) => boolean)): string[] {
  const vs = values(f);
  const ok = typeof valid === 'function' ? valid : (v: string) => valid.test(v);
  if (vs.length === 0 || vs.length > 100 || !vs.every(ok))
    throw badRequest(`filter[${f.attribute}_${f.predicate}]`);
  return vs;
}

const COMPARE = { gteq: '>=', lteq: '<=' } as const;

/** One filter as a condition; every value is checked first, so none reaches SQL as a cast error. */
function filterCondition(f: TFilter): TCondition {
  const compare = (column: string, valid: RegExp | ((v: string) => boolean), cast: string) => {
    const [v] = checked(f, valid);
    return { sql: `${column} ${COMPARE[f.predicate as 'gteq' | 'lteq']} ?::${cast}`, values: [v] };
  };
  switch (f.attribute) {
    case 'level_id': {
      const levels = checked(f, UUID);
      return { sql: 'v.level_ids && ?::uuid[]', terms: 't.level_ids && ?::uuid[]', values: [levels], levels };
    }
    case 'tag_id':
      return { sql: 'v.tag_ids && ?::uuid[]', values: [checked(f, UUID)] };
    case 'organization_id':
      return { sql: 'v.organization_id = any(?::uuid[])', values: [checked(f, UUID)] };
    case 'internship_period_id':
      return { sql: 'v.internship_period_id = any(?::uuid[])', values: [checked(f, UUID)] };
    case 'kind':
      return {
        sql: 'v.kind = any(?::text[])',
        terms: 't.kind = any(?::text[])',
        values: [checked(f, /^[a-z_]{1,40}$/)],
      };
    case 'organization_type':
      return { sql: 'o.organization_type = any(?::text[])', values: [checked(f, /^[A-Za-z]{1,40}$/)] };
    case 'status':
      return { sql: 'v.status = any(?::text[])', values: [checked(f, /^[a-z]{1,20}$/)] };
    case 'hours_per_week':
      return compare('v.hours_per_week', /^\d{1,2}(\.\d+)?$/, 'float8');
    case 'starts_on':
      return compare('v.starts_on', (v) => isFilterDate(v), 'date');
    case 'ends_on':
      return compare('v.ends_on', (v) => isFilterDate(v), 'date');
    case 'published_at':
      return compare('v.published_at', (v) => isFilterDate(v, true), 'timestamptz');
    default:
      throw badRequest(`filter[${f.attribute}_${f.predicate}]`);
  }
}

/** Who sees what: the public list, an organization's own (any status), or a moderator's (everything). */
function visibilityCondition(visibility: TVisibility): TCondition[] {
  switch (visibility.kind) {
    case 'public':
      // Literally the partial indexes' predicate, so the planner can use them.
      // A row of the bank's words is one of a published, visible vacancy.
      return [{ sql: `v.status = 'published' and not v.hidden`, terms: 'true', values: [] }];
    case 'organization':
      return [{ sql: 'v.organization_id = ?::uuid', values: [visibility.organizationId] }];
    case 'moderator':
      return [];
  }
}

export function parseSearch(
  raw: Record<string, string | string[] | undefined>,
  tenantId: string,
  visibility: (filters: TFilter[]) => TVisibility,
  /** Organizations whose vacancies the caller's school paused for its students (shared/organization-pauses.ts). */
  pausedOrganizations: readonly string[] = [],
): TParsedSearch {
  const { [VACANCY_CURSOR_PARAM]: cursorRaw, [VACANCY_FACETS_PARAM]: facetsRaw, ...rest } = raw;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v.at(-1) : v);
  const query = parseJsonApiQuery(rest, VACANCY_SEARCH_QUERY);

  const text = (query.scopes.search ?? '').trim();
  if (text.length > 200) throw badRequest('filter[search]');
  const words = searchWords(text);

  let near: TResolvedNear | null = null;
  if (query.scopes.within_km !== undefined && query.scopes.near === undefined)
    throw badRequest('filter[within_km]');
  if (query.scopes.near !== undefined) {
    const km = query.scopes.within_km === undefined ? DEFAULT_WITHIN_KM : Number(query.scopes.within_km);
    if (!Number.isFinite(km) || km <= 0 || km > MAX_WITHIN_KM) throw badRequest('filter[within_km]');
    if (query.scopes.near.length > 100) throw badRequest('filter[near]');
    const point = resolveNear(query.scopes.near);
    // A name or postcode the gazetteer does not know is said as such (the bank shows it beside its
    // field); coordinates outside the area served stay a malformed parameter.
    if (!point)
      throw isCoordinates(query.scopes.near)
        ? badRequest('filter[near]')
        : new ApiError('unknown_place', { place: query.scopes.near }, { parameter: 'filter[near]' });
    near = { latitude: point.lat, longitude: point.lng, label: point.label, kind: point.kind, within_km: km };
  }

  if (query.sort.some((s) => s.descending)) throw badRequest('sort');
  const requested = query.sort[0]?.attribute as TVacancySort | undefined;
  if (requested === 'relevance' && !words.length) throw badRequest('sort');
  if (requested === 'distance' && !near) throw badRequest('sort');
  const sort: TVacancySort = requested ?? (words.length ? 'relevance' : near ? 'distance' : 'newest');

  const cursorText = one(cursorRaw);
  const cursor = cursorText ? decodeCursor(cursorText, sort) : null;
  if (cursor && one(rest['page[number]']) !== undefined) throw badRequest('page[number]');
  const facets = one(facetsRaw);
  if (facets !== undefined && facets !== 'true' && facets !== 'false') throw badRequest(VACANCY_FACETS_PARAM);

  const seen = visibility(query.filters);
  const conditions = [
    { sql: 'v.tenant_id = ?', terms: 't.tenant_id = ?', values: [tenantId] },
    ...visibilityCondition(seen),
    ...query.filters.map(filterCondition),
    // No copy on the bank's words: a paused school's search reads the vacancies themselves.
    ...(pausedOrganizations.length
      ? [{ sql: 'v.organization_id <> all(?::uuid[])', values: [[...pausedOrganizations]] }]
      : []),
  ];
  const plan: TSearchPlan = {
    conditions,
    publicOnly: seen.kind === 'public',
    joinsOrganization: query.filters.some((f) => f.attribute === 'organization_type'),
    text: words.length ? { mode: 'fulltext', tsquery: prefixTsquery(words), words: words.join(' ') } : null,
    near: near && { lat: near.latitude, lng: near.longitude, km: near.within_km },
    sort,
  };
  const filterKey = JSON.stringify([conditions, plan.text, plan.near]);
  return { query, plan, near, words, cursor, withFacets: facets === 'true', tenantId, filterKey };
}
