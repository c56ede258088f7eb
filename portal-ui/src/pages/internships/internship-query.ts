import type { TInternshipScope } from '@stageplein/contracts/placements/internship-policy';
import { LIST_INCLUDES } from './internship-api.ts';

/**
 * The `/internships` list's filters and paging, kept in the URL (`?period=…&status=…&page=2`) so a
 * filtered list can be shared, reloaded and gone back to; and what the list asks the API for. By
 * default the list keeps to spec §4's in-scope periods (current and next school year,
 * `filter[in_scope]=true`, the rule applied by the server); `?years=all` shows every school year.
 */
export interface TInternshipQuery {
  period: string;
  /** '' (current and next school year) or 'all'. */
  years: '' | 'all';
  status: string;
  organization: string;
  group: string;
  page: number;
  perPage: number;
}

export const PAGE_SIZES = [10, 25, 50] as const;
const DEFAULT_PER_PAGE = 25;

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export function queryFromSearch(search: URLSearchParams): TInternshipQuery {
  const perPage = positive(search.get('per_page'), DEFAULT_PER_PAGE);
  return {
    period: search.get('period') ?? '',
    years: search.get('years') === 'all' ? 'all' : '',
    status: search.get('status') ?? '',
    organization: search.get('organization') ?? '',
    group: search.get('group') ?? '',
    page: positive(search.get('page'), 1),
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
  };
}

/** The URL's search for a query: only what differs from the defaults. */
export function searchFromQuery(q: TInternshipQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.period) out.set('period', q.period);
  if (q.years) out.set('years', q.years);
  if (q.status) out.set('status', q.status);
  if (q.organization) out.set('organization', q.organization);
  if (q.group) out.set('group', q.group);
  if (q.page > 1) out.set('page', String(q.page));
  if (q.perPage !== DEFAULT_PER_PAGE) out.set('per_page', String(q.perPage));
  return out;
}

/** A changed filter starts again at page 1; paging keeps the filters. */
export function changeQuery(q: TInternshipQuery, change: Partial<TInternshipQuery>): TInternshipQuery {
  const filtersChanged = (['period', 'years', 'status', 'organization', 'group', 'perPage'] as const).some(
    (k) => k in change && change[k] !== q[k],
  );
  return { ...q, ...change, page: filtersChanged ? 1 : (change.page ?? q.page) };
}

export const hasFilters = (q: TInternshipQuery): boolean =>
  !!(q.period || q.years || q.status || q.organization || q.group);

/** `GET /api/v1/internships` parameters (contracts' INTERNSHIPS_QUERY names). */
export function apiParams(q: TInternshipQuery): URLSearchParams {
  const out = new URLSearchParams({ include: LIST_INCLUDES, sort: '-created_at' });
  if (q.period) out.set('filter[internship_period_id_eq]', q.period);
  if (!q.years) out.set('filter[in_scope]', 'true');
  if (q.status) out.set('filter[status_eq]', q.status);
  if (q.organization) out.set('filter[organization_id_eq]', q.organization);
  if (q.group) out.set('filter[group_id]', q.group);
  out.set('page[number]', String(q.page));
  out.set('page[size]', String(q.perPage));
  return out;
}

/** Whose list it is, for its intro and its filters: the first of the viewer's scopes (the policy's). */
export type TListViewer = 'school' | 'organization' | 'mentor' | 'student' | 'none';

export function listViewer(scopes: readonly TInternshipScope[]): TListViewer {
  const kinds = scopes.map((s) => s.kind);
  for (const kind of ['school', 'mentor', 'organization', 'student'] as const)
    if (kinds.includes(kind)) return kind;
  return 'none';
}

/** Filters that help the viewer: the school and mentors filter by group and organization. */
export function filtersFor(viewer: TListViewer): { organization: boolean; group: boolean } {
  const school = viewer === 'school' || viewer === 'mentor';
  return { organization: school, group: school };
}
