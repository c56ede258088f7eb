// The search's SQL, as text with numbered parameters: the route runs it through Kysely's connection,
// the benchmark's bare Fastify + pg route runs the very same text (infra/bench/vacancy-search.servers.ts).
// Prepared (kit prepared-statements): parsing, rewriting (the tenant views) and planning the search
// cost about as much as running it.
import { VACANCY_KINDS } from '@stageplein/contracts/placements/vacancy-kinds';
import type { TVacancySort } from '@stageplein/contracts/placements/vacancy-search';
import { prepared } from '@stageplein/kit/db/prepared-statements';
import { cellsWithin, circleBox, type TBox } from '../geo/grid.ts';
import { IMAGE_JOIN_SQL, IMAGE_JOINED_COLUMNS_SQL } from '../read-models/index.ts';

/** A condition on the vacancy (`v`) or its organization (`o`, the read model) with its values. */
export interface TCondition {
  sql: string;
  values: unknown[];
  /** The same condition on a row of the bank's words (`t`), where it has the columns. */
  terms?: string;
  /** The levels a vacancy needs one of: with exactly one, the words' copy of that level holds the matches. */
  levels?: string[];
}

export interface TSearchPlan {
  conditions: TCondition[];
  /** Only published, visible vacancies (anonymous and most callers): the bank's words may narrow them. */
  publicOnly: boolean;
  /** Whether a condition reads `o` (the organization's type), so the join is needed. */
  joinsOrganization: boolean;
  text: { mode: 'fulltext'; tsquery: string; words: string } | { mode: 'similarity'; words: string } | null;
  near: { lat: number; lng: number; km: number } | null;
  sort: TVacancySort;
}

/** Builds `$n` placeholders while collecting their values. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /** A condition written with `?` for each of its values. */
  embed(c: TCondition): string {
    let i = 0;
    return c.sql.replace(/\?/g, () => this.add(c.values[i++]));
  }
}

const TSCONFIG = `'placements.dutch_unaccent'::regconfig`;

/** The level of the words' level-less copy (migration 20270114T0900-vacancy-terms-levels). */
export const NO_LEVEL = '00000000-0000-0000-0000-000000000000';

/** Great-circle distance in km between a row (`v` or `t`) and a point (the gazetteer's distanceKm in SQL). */
const distanceSql = (lat: string, lng: string, row = 'v') =>
  `(12742 * asin(least(1, sqrt(power(sin(radians(${row}.latitude - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${row}.latitude)) * power(sin(radians(${row}.longitude - ${lng}) / 2), 2)))))`;

/** The circle on a row (`v` or `t`): its distance, and its conditions (the box, then the distance). */
const circleSql = (p: Params, near: NonNullable<TSearchPlan['near']>, box: TBox, row = 'v') => {
  const distance = distanceSql(`${p.add(near.lat)}::float8`, `${p.add(near.lng)}::float8`, row);
  const conditions = [
    `${row}.latitude between ${p.add(box.minLat)} and ${p.add(box.maxLat)}`,
    `${row}.longitude between ${p.add(box.minLng)} and ${p.add(box.maxLng)}`,
    `${distance} <= ${p.add(near.km)}`,
  ];
  return { distance, conditions };
};

/**
 * Text near a place in the public bank, by its words (migration 20270110T1000-vacancy-terms): the
 * entries of the circle's cells that start with the query's longest stem (every match holds a word
 * with that prefix), narrowed by the conditions the words' rows carry. `distance` is a row's distance.
 */
function termsWhere(plan: TSearchPlan, p: Params, words: string, cells: number[], box: TBox) {
  const stem = `(select s from unnest(tsvector_to_array(to_tsvector(${TSCONFIG}, ${p.add(words)}))) s order by length(s) desc, s limit 1)`;
  // One level: its copy of the words holds exactly the matches, so its condition needs no check.
  // Otherwise the level-less copy, narrowed by every condition (20270114T0900-vacancy-terms-levels).
  const level = plan.conditions.find((c) => c.levels?.length === 1 && c.levels[0] !== NO_LEVEL);
  const narrowing = plan.conditions.flatMap((c) =>
    c.terms && c !== level ? [p.embed({ ...c, sql: c.terms })] : [],
  );
  narrowing.push(`t.level_id = ${p.add(level ? level.levels![0] : NO_LEVEL)}::uuid`);
  // The kind leads the key: without a kind filter, every kind (three short ranges per cell).
  if (!narrowing.some((c) => c.startsWith('t.kind')))
    narrowing.push(`t.kind = any(${p.add(VACANCY_KINDS)}::text[])`);
  const circle = circleSql(p, plan.near!, box, 't');
  return {
    where: `t.geo_cell = any(${p.add(cells)}::int[]) and t.term >= ${stem} and t.term < ${stem} || chr(1114111)
      and ${[...narrowing, ...circle.conditions].join(' and ')}`,
    distance: circle.distance,
  };
}

/** The words only narrow: every condition of the search is checked again on the vacancy itself. */
const byTermsSql = (plan: TSearchPlan, p: Params, words: string, cells: number[], box: TBox) =>
  `v.id in (select t.vacancy_id from placements.tenant_vacancy_terms t
      where ${termsWhere(plan, p, words, cells, box).where})`;

/**
 * Whether the words alone find the matches (migration 20270113T0900-vacancy-terms-rank): one word, near
 * a place, in the public bank, every condition one that a row of words carries. The word is then
 * exactly the prefix range of its stem, a vacancy's distance is on its words, and its relevance is the
 * sum of its matching words' ranks (`ts_rank_cd` of a one-word prefix query, cover by cover). Only the
 * page's vacancies are read; the markers not even those (the words carry title and coordinates).
 */
export function termsDecide(plan: TSearchPlan): boolean {
  return (
    plan.publicOnly &&
    plan.near !== null &&
    plan.text?.mode === 'fulltext' &&
    !plan.text.words.includes(' ') &&
    plan.conditions.every((c) => c.terms !== undefined)
  );
}

/**
 * The matches from the words alone (see `termsDecide`): id, distance, and the sort key by relevance or
 * distance for a page, or the title and coordinates every copy carries for the map.
 */
function termsMatchesSql(plan: TSearchPlan, p: Params, columns: 'page' | 'marker'): string {
  const { lat, lng, km } = plan.near!;
  const { where, distance } = termsWhere(
    plan,
    p,
    plan.text!.words,
    cellsWithin(lat, lng, km),
    circleBox(lat, lng, km),
  );
  const key = plan.sort === 'relevance' ? 'sum(t.rank)::real' : `min(${distance})`;
  const selected =
    columns === 'page'
      ? `${key} as sort_key`
      : 'any_value(t.title) as title, any_value(t.latitude) as lat, any_value(t.longitude) as lng';
  return `select t.vacancy_id as id, ${selected}, min(${distance}) as distance
      from placements.tenant_vacancy_terms t
      where ${where}
      group by t.vacancy_id`;
}

function whereAndKeys(plan: TSearchPlan, p: Params) {
  const where = plan.conditions.map((c) => p.embed(c));
  let rank = 'null::real';
  const box = plan.near && circleBox(plan.near.lat, plan.near.lng, plan.near.km);
  const cells = plan.near && cellsWithin(plan.near.lat, plan.near.lng, plan.near.km);
  if (plan.text?.mode === 'fulltext') {
    // Subqueries, so a prepared statement's generic plan builds each query once, not once per row.
    const q = `(select to_tsquery(${TSCONFIG}, ${p.add(plan.text.tsquery)}))`;
    const byTerms = cells && plan.publicOnly;
    if (byTerms && box) where.push(byTermsSql(plan, p, plan.text.words, cells, box));
    // Otherwise, near a place, the cells are lexemes of the same vector: one GIN scan intersects text
    // and radius (an organization's own or a moderator's search).
    const near =
      cells && !byTerms ? ` && (select ${p.add(cells.map((c) => `_${c}`).join(' | '))}::tsquery)` : '';
    where.push(`v.search_vector @@ (${q}${near})`);
    rank = `ts_rank_cd(v.search_vector, ${q}, 1)`;
  } else if (plan.text?.mode === 'similarity') {
    const words = p.add(plan.text.words);
    where.push(`${words} <% v.title`);
    rank = `word_similarity(${words}, v.title)`;
  }
  let distance = 'null::float8';
  if (plan.near && box && cells) {
    if (plan.text?.mode !== 'fulltext') where.push(`v.geo_cell = any(${p.add(cells)}::int[])`);
    const circle = circleSql(p, plan.near, box);
    distance = circle.distance;
    where.push(...circle.conditions);
  }
  return { where: where.length ? where.join(' and ') : 'true', rank, distance };
}

/** The sort key of each sort and its direction; ties are broken by id in the same direction. */
const SORT_KEYS: Record<
  TVacancySort,
  { key: (k: { rank: string; distance: string }) => string; desc: boolean }
> = {
  relevance: { key: (k) => k.rank, desc: true },
  distance: { key: (k) => k.distance, desc: false },
  newest: { key: () => 'coalesce(v.published_at, v.created_at)', desc: true },
};

/**
 * The tenant's vacancies as a view that filters on the tenant itself (the tenant policy's predicate):
 * through the table, RLS keeps `@@` and `&&` out of index conditions and every search read the whole
 * tenant. The statement names the tenant too (a condition of every plan).
 */
const fromClause = (plan: TSearchPlan) =>
  `placements.tenant_vacancies v${plan.joinsOrganization ? ' join placements.organizations o on o.id = v.organization_id' : ''}`;

/** The vacancy columns of a result (the row the vacancies serializer takes), from `v`, `o` and `i` (`IMAGE_JOIN_SQL`). */
export const RESULT_COLUMNS = `v.id, v.tenant_id, v.organization_id, v.title, v.description, v.description_html,
  v.street, v.postcode, v.city, v.latitude, v.longitude, v.places, v.hours_per_week, v.starts_on, v.ends_on,
  v.internship_period_id, v.level_ids, v.tag_ids, v.kind, v.contact_person_id, v.image_url, v.image_upload_id, v.image_alt, v.status,
  v.published_at, v.closes_at, v.hidden, v.hidden_reason, v.hidden_by, v.created_by, v.created_at, v.updated_at,
  o.name as organization_name, ${IMAGE_JOINED_COLUMNS_SQL}`;

/**
 * One page and the total in one statement: the matches (ids and sort keys) once, their count, and the
 * page after the keyset (or at the offset) joined to its rows. A count row comes back even when the page
 * is empty (its vacancy columns are null then).
 */
export function searchPageSql(
  plan: TSearchPlan,
  page: { size: number; offset: number; after: { key: string | number; id: string } | null },
): { text: string; values: unknown[] } {
  const p = new Params();
  const sort = SORT_KEYS[plan.sort];
  const dir = sort.desc ? 'desc' : 'asc';
  let matches: string;
  // Newest first needs the vacancies' dates: through the vacancies.
  if (termsDecide(plan) && plan.sort !== 'newest') matches = termsMatchesSql(plan, p, 'page');
  else {
    const { where, rank, distance } = whereAndKeys(plan, p);
    matches = `select v.id, ${sort.key({ rank, distance })} as sort_key, ${distance} as distance
      from ${fromClause(plan)}
      where ${where}`;
  }
  const keyCast = plan.sort === 'newest' ? 'timestamptz' : plan.sort === 'relevance' ? 'real' : 'float8';
  const after = page.after
    ? `where (m.sort_key, m.id) ${sort.desc ? '<' : '>'} (${p.add(page.after.key)}::${keyCast}, ${p.add(page.after.id)}::uuid)`
    : '';
  const text = `
    with matches as materialized (
      ${matches}
    ), page as (
      select m.* from matches m ${after}
      order by m.sort_key ${dir}, m.id ${dir}
      limit ${p.add(page.size)} offset ${p.add(page.offset)}
    )
    select t.total, r.*
    from (select count(*)::int as total from matches) t
    left join lateral (
      select p.sort_key::text as sort_key, p.distance, ${RESULT_COLUMNS}
      from page p
      join placements.vacancies v on v.id = p.id
      left join placements.organizations o on o.id = v.organization_id
      ${IMAGE_JOIN_SQL}
      order by p.sort_key ${dir}, p.id ${dir}
    ) r on true`;
  return prepared({ text, values: p.values });
}

/**
 * Markers: every match with coordinates, up to `limit`, nearest first with a place, else newest. The
 * coordinates as reals: about a metre, all a map pin needs, in half the characters of a float8.
 */
export function markersSql(plan: TSearchPlan, limit: number): { text: string; values: unknown[] } {
  const p = new Params();
  if (termsDecide(plan)) {
    const text = `
      select m.id, m.title, m.lat::real as lat, m.lng::real as lng
      from (${termsMatchesSql(plan, p, 'marker')}) m
      order by m.distance asc, m.id
      limit ${p.add(limit)}`;
    return prepared({ text, values: p.values });
  }
  const { where, distance } = whereAndKeys(plan, p);
  const order = plan.near
    ? `${distance} asc, v.id`
    : 'coalesce(v.published_at, v.created_at) desc, v.id desc';
  const text = `
    select v.id, v.title, v.latitude::real as lat, v.longitude::real as lng
    from ${fromClause(plan)}
    where ${where} and v.latitude is not null
    order by ${order}
    limit ${p.add(limit)}`;
  return prepared({ text, values: p.values });
}

/** How many matches have coordinates: the markers' total when there are more than they show. */
export function markersCountSql(plan: TSearchPlan): { text: string; values: unknown[] } {
  const p = new Params();
  if (termsDecide(plan))
    return prepared({
      text: `select count(*)::int as total from (${termsMatchesSql(plan, p, 'marker')}) m`,
      values: p.values,
    });
  const { where } = whereAndKeys(plan, p);
  const text = `select count(*)::int as total from ${fromClause(plan)} where ${where} and v.latitude is not null`;
  return prepared({ text, values: p.values });
}

/**
 * Facet counts over the newest `scanLimit` matches: each level and tag (arrays unnested), each kind and
 * each organization type, with whether the scan hit its limit.
 */
export function facetsSql(plan: TSearchPlan, scanLimit: number): { text: string; values: unknown[] } {
  const p = new Params();
  const { where } = whereAndKeys(plan, p);
  const text = `
    with scanned as materialized (
      select v.level_ids, v.tag_ids, v.kind, v.organization_id
      from ${fromClause(plan)}
      where ${where}
      order by coalesce(v.published_at, v.created_at) desc
      limit ${p.add(scanLimit + 1)}
    ), capped as (select * from scanned limit ${p.add(scanLimit)})
    select 'level_id' as facet, unnest(level_ids)::text as value, count(*)::int as count from capped group by 2
    union all select 'tag_id', unnest(tag_ids)::text, count(*)::int from capped group by 2
    union all select 'kind', kind, count(*)::int from capped group by 2
    union all select 'organization_type', o.organization_type, count(*)::int
      from capped c join placements.organizations o on o.id = c.organization_id group by 2
    union all select 'capped', ((select count(*) from scanned) > ${p.add(scanLimit)})::text, 0`;
  return prepared({ text, values: p.values });
}
