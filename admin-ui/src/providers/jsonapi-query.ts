import { camelCase, snakeCase } from '@stageplein/contracts/client/case-keys';
import { FILTER_PREDICATES, type TFilterPredicate } from '@stageplein/contracts/jsonapi/jsonapi';

/**
 * react-admin filters → Ransack-style JSON:API filters, and the same filters applied in memory for
 * collections the API answers whole (groups, levels, tags, periods, mentorships, school years).
 */

export type TWireFilters = Record<string, string | string[]>;

/** react-admin's full-text filter key; our APIs call that scope `search`. */
export const SEARCH_KEY = 'q';
export const SEARCH_SCOPE = 'search';

/** `organization_id_not_eq` → attribute + predicate (longest predicate first, as the server does). */
export function splitPredicate(name: string): { attribute: string; predicate: TFilterPredicate } | undefined {
  const predicates = [...FILTER_PREDICATES].sort((a, b) => b.length - a.length);
  for (const predicate of predicates) {
    const suffix = `_${predicate}`;
    if (name.endsWith(suffix) && name.length > suffix.length) {
      return { attribute: name.slice(0, -suffix.length), predicate };
    }
  }
  return undefined;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * `{ q: 'an', withRole: 'admin', status: ['active','invited'], organizationIdEq: 'x' }` →
 * `{ search: 'an', with_role: 'admin', status_in: ['active','invited'], organization_id_eq: 'x' }`.
 * Keys already ending in a predicate keep it; scopes are sent as named; other keys get `_eq`, or
 * `_in` for lists. Empty values are left out (a cleared filter input).
 */
export function toWireFilters(
  filter: Record<string, unknown> | undefined,
  scopes: readonly string[] = [],
): TWireFilters {
  const out: TWireFilters = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (isEmpty(value)) continue;
    const name = key === SEARCH_KEY ? SEARCH_SCOPE : snakeCase(key);
    const wire = Array.isArray(value) ? value.map(String) : value === null ? 'true' : String(value);
    if (scopes.includes(name) || name === SEARCH_SCOPE) {
      out[name] = wire;
    } else if (value === null) {
      out[`${name}_null`] = 'true';
    } else if (splitPredicate(name)) {
      out[name] = wire;
    } else {
      out[`${name}_${Array.isArray(value) ? 'in' : 'eq'}`] = wire;
    }
  }
  return out;
}

/** Dotted record paths (`profile.city`) as react-admin sources use them. */
export function valueAt(record: unknown, path: string): unknown {
  let node = record;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Every string (and number) value of a record, nested ones included, for the search scope. */
function searchableText(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (depth > 2 || value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === 'id' || k === 'relationships' ? [] : searchableText(v, depth + 1),
  );
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'nl', { numeric: true });
}

/** One wire filter tested against a flattened (camelCase) record. */
export function matchesFilter(
  record: Record<string, unknown>,
  name: string,
  value: string | string[],
): boolean {
  if (name === SEARCH_SCOPE) {
    const words = fold(String(value)).split(/\s+/).filter(Boolean);
    const text = fold(searchableText(record).join(' '));
    return words.every((w) => text.includes(w));
  }
  const split = splitPredicate(name);
  if (!split) return true;
  const actual = valueAt(record, camelCase(split.attribute));
  const values = Array.isArray(value) ? value : [value];
  const single = values[0] ?? '';
  switch (split.predicate) {
    case 'eq':
      return actual != null && String(actual) === single;
    case 'not_eq':
      return actual == null || String(actual) !== single;
    case 'in':
      return actual != null && values.includes(String(actual));
    case 'cont':
      return actual != null && fold(String(actual)).includes(fold(single));
    case 'gteq':
      return actual != null && compare(actual, single) >= 0;
    case 'lteq':
      return actual != null && compare(actual, single) <= 0;
    case 'null':
      return (actual == null) === (single === 'true' || single === '1');
  }
}

/** Sorted copy by a record path; missing values last, Dutch collation with numeric parts. */
export function sortRecords<R>(
  records: readonly R[],
  field: string | undefined,
  order: 'ASC' | 'DESC' = 'ASC',
): R[] {
  if (!field) return [...records];
  const direction = order === 'DESC' ? -1 : 1;
  return [...records].sort((a, b) => {
    const x = valueAt(a, field);
    const y = valueAt(b, field);
    if (x == null && y == null) return 0;
    if (x == null) return 1;
    if (y == null) return -1;
    return compare(x, y) * direction;
  });
}

/** The JSON:API `sort` value for a react-admin sort, when the API sorts by that field. */
export function wireSort(
  sort: { field?: string; order?: string } | undefined,
  sortable: readonly string[],
): string | undefined {
  if (!sort?.field) return undefined;
  const name = snakeCase(sort.field);
  if (!sortable.includes(name)) return undefined;
  return sort.order === 'DESC' ? `-${name}` : name;
}
