import { CompiledQuery } from 'kysely';
import {
  FACET_CACHE_SECONDS,
  FACET_SCAN_LIMIT,
  MAX_MARKERS,
  VACANCY_FACETS,
  type TVacancyFacets,
} from '@stageplein/contracts/placements/vacancy-search';
import type { TDb } from '../database.ts';
import type { TVacancyRow } from '../vacancies/index.ts';
import { encodeCursor, type TParsedSearch } from './vacancy-search.plan.ts';
import {
  facetsSql,
  markersCountSql,
  markersSql,
  searchPageSql,
  type TSearchPlan,
} from './vacancy-search.sql.ts';

type TResultRow = TVacancyRow & { total: number; sort_key: string | null; distance: number | null };

const run = async <R>(db: TDb, q: { text: string; values: unknown[] }) =>
  (await db.executeQuery<R>(CompiledQuery.raw(q.text, q.values))).rows;

/** Full text first; when it finds nothing, the same words by trigram similarity to the title (typos). */
async function withTypoFallback<T extends { total: number }>(
  parsed: TParsedSearch,
  query: (plan: TSearchPlan) => Promise<T>,
): Promise<T> {
  const first = await query(parsed.plan);
  if (first.total > 0 || parsed.plan.text?.mode !== 'fulltext') return first;
  return query({ ...parsed.plan, text: { mode: 'similarity', words: parsed.words.join(' ') } });
}

export interface TSearchResult {
  rows: (TVacancyRow & { distance: number | null })[];
  total: number;
  nextCursor: string | null;
  facets?: TVacancyFacets;
}

/**
 * The statements of a plan, built once per plan object: a visitor's search is parsed once and its plan
 * kept (vacancy-search.routes.ts), so its statements are too; other plans are dropped with them.
 */
const pageStatements = new WeakMap<TSearchPlan, { text: string; values: unknown[] }>();
const markerStatements = new WeakMap<TSearchPlan, { text: string; values: unknown[] }>();

function once<K extends object, V>(memo: WeakMap<K, V>, key: K, build: () => V): V {
  let value = memo.get(key);
  if (value === undefined) {
    value = build();
    memo.set(key, value);
  }
  return value;
}

export async function searchVacancies(db: TDb, parsed: TParsedSearch): Promise<TSearchResult> {
  const { size, number } = parsed.query.page;
  const page = {
    size,
    offset: parsed.cursor ? 0 : (number - 1) * size,
    after: parsed.cursor && { key: parsed.cursor.key, id: parsed.cursor.id },
  };
  // The page is the parsed search's own, so a plan's statement is the same every time.
  const result = await withTypoFallback(parsed, async (plan) => {
    const rows = await run<TResultRow>(
      db,
      once(pageStatements, plan, () => searchPageSql(plan, page)),
    );
    return { total: rows[0]?.total ?? 0, rows: rows.filter((r) => r.id !== null) };
  });
  const last = result.rows.at(-1);
  const hasMore =
    last !== undefined && page.offset + result.rows.length < result.total && result.rows.length === size;
  const nextCursor =
    hasMore && last.sort_key !== null
      ? encodeCursor({ sort: parsed.plan.sort, key: last.sort_key, id: last.id })
      : null;
  return {
    rows: result.rows,
    total: result.total,
    nextCursor,
    ...(parsed.withFacets ? { facets: await withLabels(db, parsed.tenantId, await facets(db, parsed)) } : {}),
  };
}

/** Cached facet counts per filter set (in this process; a minute old at most). */
const facetCache = new Map<string, { at: number; facets: TVacancyFacets }>();
const FACET_CACHE_ENTRIES = 1000;

async function facets(db: TDb, parsed: TParsedSearch): Promise<TVacancyFacets> {
  const now = Date.now();
  const hit = facetCache.get(parsed.filterKey);
  if (hit && now - hit.at < FACET_CACHE_SECONDS * 1000) return hit.facets;
  const counted = await withTypoFallback(parsed, async (plan) => {
    const rows = await run<{ facet: string; value: string; count: number }>(
      db,
      facetsSql(plan, FACET_SCAN_LIMIT),
    );
    const result: TVacancyFacets = {
      level_id: [],
      tag_id: [],
      kind: [],
      organization_type: [],
      capped: false,
    };
    for (const r of rows) {
      if (r.facet === 'capped') result.capped = r.value === 'true';
      else if ((VACANCY_FACETS as readonly string[]).includes(r.facet))
        result[r.facet as keyof Omit<TVacancyFacets, 'capped'>].push({ value: r.value, count: r.count });
    }
    for (const f of VACANCY_FACETS)
      result[f].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    return { total: rows.length - 1, facets: result };
  });
  if (facetCache.size >= FACET_CACHE_ENTRIES) facetCache.delete(facetCache.keys().next().value!);
  facetCache.set(parsed.filterKey, { at: now, facets: counted.facets });
  return counted.facets;
}

/**
 * Names the level and tag facets from placements' read models of the school catalogue. Looked up on
 * every call (not cached with the counts), so a renamed tag shows its new name at once.
 */
async function withLabels(db: TDb, tenantId: string, counted: TVacancyFacets): Promise<TVacancyFacets> {
  const names = async (table: 'placements.levels' | 'placements.tags', ids: string[]) =>
    new Map(
      ids.length
        ? (
            await db
              .selectFrom(table)
              .select(['id', 'name'])
              .where('tenant_id', '=', tenantId)
              .where('id', 'in', ids)
              .execute()
          ).map((r) => [r.id, r.name])
        : [],
    );
  const levels = await names(
    'placements.levels',
    counted.level_id.map((f) => f.value),
  );
  const tags = await names(
    'placements.tags',
    counted.tag_id.map((f) => f.value),
  );
  return {
    ...counted,
    level_id: counted.level_id.map((f) => ({ ...f, label: levels.get(f.value) ?? null })),
    tag_id: counted.tag_id.map((f) => ({ ...f, label: tags.get(f.value) ?? null })),
  };
}

export interface TMarkersResult {
  markers: { id: string; title: string; lat: number; lng: number }[];
  total: number;
}

export async function vacancyMarkers(
  db: TDb,
  parsed: TParsedSearch,
  max = MAX_MARKERS,
): Promise<TMarkersResult> {
  return withTypoFallback(parsed, async (plan) => {
    // One more than shown tells whether there are more; only then are they counted.
    const rows = await run<{ id: string; title: string; lat: number; lng: number }>(
      db,
      max === MAX_MARKERS
        ? once(markerStatements, plan, () => markersSql(plan, max + 1))
        : markersSql(plan, max + 1),
    );
    if (rows.length <= max) return { total: rows.length, markers: rows };
    const [counted] = await run<{ total: number }>(db, markersCountSql(plan));
    return { total: counted!.total, markers: rows.slice(0, max) };
  });
}
