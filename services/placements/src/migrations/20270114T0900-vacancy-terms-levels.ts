import { sql, type Kysely, type Migration } from 'kysely';
import { tenantReadView } from '@stageplein/kit/db/rls';

/**
 * The bank's words (20270110T1000-vacancy-terms, ranked by 20270113T0900-vacancy-terms-rank) once per
 * level: a vacancy's words are copied for each of its levels and once for none (`level_id` is then the
 * nil uuid), and the level leads the key after the kind. A search for one level reads only that level's
 * copy, any other search the level-less one, where `level_ids` still narrows. Every copy also carries
 * the title, so the map's markers come from the words alone (docs/decisions/vacancy-search.md,
 * "A copy per level").
 */

/** The level of the copy every search without exactly one level reads. */
const NO_LEVEL = `'00000000-0000-0000-0000-000000000000'::uuid`;

/** A word as a tsquery of exactly that lexeme (quoted, so no parsing or stemming applies). */
const LEXEME_QUERY = `('''' || replace(replace(w.term, '\\', '\\\\'), '''', '''''') || '''')::tsquery`;

/** The copies a vacancy's words have: each distinct level and none. */
const LEVELS_OF = (row: string) => `array(select distinct l from unnest(${NO_LEVEL} || ${row}.level_ids) l)`;

/** The words of `rows` (published, visible, placed), ranked, once per copy. */
const insertFrom = (rows: string) => `
  insert into placements.vacancy_terms
    (tenant_id, kind, level_id, geo_cell, term, vacancy_id, level_ids, latitude, longitude, rank, title)
  select n.tenant_id, n.kind, l.level_id, n.geo_cell, w.term, n.id, n.level_ids, n.latitude, n.longitude, w.rank, n.title
  from ${rows} n
  cross join lateral (select w.term, ts_rank_cd(n.search_vector, ${LEXEME_QUERY}, 1) as rank
    from unnest(tsvector_to_array(n.search_vector)) as w(term) where w.term not like '\\_%') w
  cross join lateral unnest(${LEVELS_OF('n')}) as l(level_id)
  where n.status = 'published' and not n.hidden and n.geo_cell is not null`;

/** The columns whose change rewrites a vacancy's words: 20270110T1000-vacancy-terms' and the title. */
const SEARCHED = [
  'tenant_id',
  'search_vector',
  'geo_cell',
  'kind',
  'level_ids',
  'latitude',
  'longitude',
  'status',
  'hidden',
  'title',
];
const changed = (side: 'o' | 'n') => `(select ${side}.* from old_rows o join new_rows n on n.id = o.id
  where (${SEARCHED.map((c) => `o.${c}`)}) is distinct from (${SEARCHED.map((c) => `n.${c}`)}))`;
// The level in the condition, so every copy is found by its key.
const deleteOf = (rows: string) => `
  delete from placements.vacancy_terms d using ${rows} o
  where d.tenant_id = o.tenant_id and d.kind = o.kind and d.level_id = any(${LEVELS_OF('o')})
    and d.geo_cell = o.geo_cell and d.vacancy_id = o.id and d.term = any(tsvector_to_array(o.search_vector))`;

// 20270113T0900-vacancy-terms-rank's functions, for the down (migrations are frozen snapshots).
const RANKED_INSERT = (rows: string) => `
  insert into placements.vacancy_terms (tenant_id, geo_cell, term, vacancy_id, kind, level_ids, latitude, longitude, rank)
  select n.tenant_id, n.geo_cell, w.term, n.id, n.kind, n.level_ids, n.latitude, n.longitude, ts_rank_cd(n.search_vector, ${LEXEME_QUERY}, 1)
  from ${rows} n, unnest(tsvector_to_array(n.search_vector)) as w(term)
  where n.status = 'published' and not n.hidden and n.geo_cell is not null and w.term not like '\\_%'`;
const RANKED_SEARCHED = SEARCHED.filter((c) => c !== 'title');
const rankedChanged = (side: 'o' | 'n') => `(select ${side}.* from old_rows o join new_rows n on n.id = o.id
  where (${RANKED_SEARCHED.map((c) => `o.${c}`)}) is distinct from (${RANKED_SEARCHED.map((c) => `n.${c}`)}))`;
const RANKED_DELETE = (rows: string) => `
  delete from placements.vacancy_terms d using ${rows} o
  where d.tenant_id = o.tenant_id and d.kind = o.kind and d.geo_cell = o.geo_cell and d.vacancy_id = o.id
    and d.term = any(tsvector_to_array(o.search_vector))`;

const triggerFunctions = (
  insert: (rows: string) => string,
  remove: (rows: string) => string,
  changedRows: (side: 'o' | 'n') => string,
) => `
  create or replace function placements.vacancy_terms_inserted() returns trigger language plpgsql as $$
    begin ${insert('new_rows')}; return null; end $$;
  create or replace function placements.vacancy_terms_updated() returns trigger language plpgsql as $$
    begin ${remove(changedRows('o'))}; ${insert(changedRows('n'))}; return null; end $$;
  create or replace function placements.vacancy_terms_deleted() returns trigger language plpgsql as $$
    begin ${remove('old_rows')}; return null; end $$;`;

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Rebuilt from the vacancies: every row gains a level and a title, and most gain copies.
    await sql`truncate placements.vacancy_terms`.execute(db);
    await sql
      .raw(
        `alter table placements.vacancy_terms drop constraint vacancy_terms_pkey,
          add column level_id uuid not null, add column title text not null,
          add primary key (tenant_id, kind, level_id, geo_cell, term, vacancy_id)
            include (level_ids, latitude, longitude, rank, title)`,
      )
      .execute(db);
    await sql.raw(triggerFunctions(insertFrom, deleteOf, changed)).execute(db);
    await sql.raw(insertFrom('placements.vacancies')).execute(db);
    // The view lists the table's columns as they were when it was made.
    await tenantReadView(db, 'placements.tenant_vacancy_terms', 'placements.vacancy_terms');
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(triggerFunctions(RANKED_INSERT, RANKED_DELETE, rankedChanged)).execute(db);
    await sql`drop view placements.tenant_vacancy_terms`.execute(db);
    await sql.raw(`delete from placements.vacancy_terms where level_id <> ${NO_LEVEL}`).execute(db);
    await sql
      .raw(
        `alter table placements.vacancy_terms drop constraint vacancy_terms_pkey,
          drop column level_id, drop column title,
          add primary key (tenant_id, kind, geo_cell, term, vacancy_id) include (level_ids, latitude, longitude, rank)`,
      )
      .execute(db);
    await tenantReadView(db, 'placements.tenant_vacancy_terms', 'placements.vacancy_terms');
  },
};

export default migration;
