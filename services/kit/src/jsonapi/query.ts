import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  FILTER_PREDICATES,
  type TFilter,
  type TFilterPredicate,
  type TJsonApiQuery,
  type TQuerySpec,
} from '@stageplein/contracts/jsonapi/jsonapi';
import { badRequest } from '../errors/api-error.ts';

// The spec of a collection route is declared in contracts (shared with the admin).
export type { TQuerySpec };

/** Query-string schema shared by JSON:API routes (documented in OpenAPI; parsed by `parseJsonApiQuery`). */
export const ZJsonApiQueryString = z
  .object({
    include: z.string().optional(),
    sort: z.string().optional(),
    'page[number]': z.string().optional(),
    'page[size]': z.string().optional(),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));

const list = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);

const single = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.at(-1) : v);

function positiveInt(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw badRequest(name);
  return Math.min(n, max);
}

/** Splits `organization_id_not_eq` into attribute and predicate; longest predicate first. */
export function splitFilterKey(key: string): { attribute: string; predicate: TFilterPredicate } | undefined {
  for (const predicate of FILTER_PREDICATES) {
    const suffix = `_${predicate}`;
    if (key.endsWith(suffix) && key.length > suffix.length) {
      return { attribute: key.slice(0, -suffix.length), predicate };
    }
  }
  return undefined;
}

function filterValue(predicate: TFilterPredicate, raw: string | string[], key: string): TFilter['value'] {
  if (predicate === 'in') return list(raw);
  const value = single(raw) ?? '';
  if (predicate === 'null') {
    if (!['true', 'false', '1', '0'].includes(value)) throw badRequest(`filter[${key}]`);
    return value === 'true' || value === '1';
  }
  return value;
}

export function parseJsonApiQuery(
  query: Record<string, string | string[] | undefined>,
  spec: TQuerySpec = {},
): TJsonApiQuery {
  const result: TJsonApiQuery = {
    include: list(query.include),
    fields: {},
    sort: [],
    page: { number: 1, size: spec.defaultPageSize ?? DEFAULT_PAGE_SIZE },
    filters: [],
    scopes: {},
  };
  for (const inc of result.include) {
    if (!spec.includes?.includes(inc)) throw badRequest('include', { value: inc });
  }
  for (const field of list(query.sort ?? spec.defaultSort)) {
    const descending = field.startsWith('-');
    const attribute = descending ? field.slice(1) : field;
    if (!spec.sorts?.includes(attribute)) throw badRequest('sort', { value: field });
    result.sort.push({ attribute, descending });
  }
  const maxPageSize = spec.maxPageSize ?? 100;
  result.page.number = positiveInt('page[number]', single(query['page[number]']), 1, Number.MAX_SAFE_INTEGER);
  result.page.size = positiveInt('page[size]', single(query['page[size]']), result.page.size, maxPageSize);

  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    const fields = /^fields\[(.+)\]$/.exec(key);
    if (fields) {
      const type = fields[1]!;
      const allowed = spec.fields?.[type];
      const names = list(raw);
      if (!allowed || names.some((n) => !allowed.includes(n))) throw badRequest(key);
      result.fields[type] = names;
      continue;
    }
    const filter = /^filter\[(.+)\]$/.exec(key);
    if (!filter) {
      if (['include', 'sort', 'page[number]', 'page[size]'].includes(key)) continue;
      throw badRequest(key);
    }
    const name = filter[1]!;
    if (spec.scopes?.includes(name)) {
      result.scopes[name] = single(raw) ?? '';
      continue;
    }
    const split = splitFilterKey(name);
    if (!split || !spec.filters?.[split.attribute]?.includes(split.predicate)) throw badRequest(key);
    result.filters.push({ ...split, value: filterValue(split.predicate, raw, name) });
  }
  return result;
}
