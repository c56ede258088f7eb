import { sql, type Kysely, type Migration } from 'kysely';
import { tenantReadView } from '@stageplein/kit/db/rls';

/**
 * Each row of the bank's words (20270110T1000-vacancy-terms) carries the word's share of the vacancy's
 * relevance: `ts_rank_cd(search_vector, 'word', 1)`. For a one-word search the relevance of a vacancy,
 * `ts_rank_cd(search_vector, 'word:*', 1)`, is the sum of those shares over its words with that prefix
 * (each occurrence is a cover of its own, weighed by its class and the vector's length), so such a
 * search near a place is answered from the words alone and reads only its page's vacancies
 * (docs/decisions/vacancy-search.md, "Relevance from the words").
 */

/** A word as a tsquery of exactly that lexeme (quoted, so no parsing or stemming applies). */
const LEXEME_QUERY = `('''' || replace(replace(w.term, '\\', '\\\\'), '''', '''''') || '''')::tsquery`;

/** The insert of the words of `rows` (published, visible, placed), with or without their rank. */
const insertFrom = (rows: string, rank: boolean) => `
  insert into placements.vacancy_terms (tenant_id, geo_cell, term, vacancy_id, kind, level_ids, latitude, longitude${rank ? ', rank' : ''})
  select n.tenant_id, n.geo_cell, w.term, n.id, n.kind, n.level_ids, n.latitude, n.longitude${rank ? `, ts_rank_cd(n.search_vector, ${LEXEME_QUERY}, 1)` : ''}
  from ${rows} n, unnest(tsvector_to_array(n.search_vector)) as w(term)
  where n.status = 'published' and not n.hidden and n.geo_cell is not null and w.term not like '\\_%'`;

/** The columns whose change rewrites a vacancy's words (as in 20270110T1000-vacancy-terms). */
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
];
const changed = (side: 'o' | 'n') => `(select ${side}.* from old_rows o join new_rows n on n.id = o.id
  where (${SEARCHED.map((c) => `o.${c}`)}) is distinct from (${SEARCHED.map((c) => `n.${c}`)}))`;
const deleteOf = (rows: string) => `
  delete from placements.vacancy_terms d using ${rows} o
  where d.tenant_id = o.tenant_id and d.kind = o.kind and d.geo_cell = o.geo_cell and d.vacancy_id = o.id
    and d.term = any(tsvector_to_array(o.search_vector))`;

const triggerFunctions = (rank: boolean) => `
  create or replace function placements.vacancy_terms_inserted() returns trigger language plpgsql as $$
    begin ${insertFrom('new_rows', rank)}; return null; end $$;
  create or replace function placements.vacancy_terms_updated() returns trigger language plpgsql as $$
    begin ${deleteOf(changed('o'))}; ${insertFrom(changed('n'), rank)}; return null; end $$;`;

const primaryKey = (include: string) => `
  alter table placements.vacancy_terms drop constraint vacancy_terms_pkey,
    add primary key (tenant_id, kind, geo_cell, term, vacancy_id) include (${include})`;

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table placements.vacancy_terms add column rank real`.execute(db);
    await sql
      .raw(
        `update placements.vacancy_terms w set rank = ts_rank_cd(v.search_vector, ${LEXEME_QUERY}, 1)
        from placements.vacancies v where v.id = w.vacancy_id`,
      )
      .execute(db);
    await sql`alter table placements.vacancy_terms alter column rank set not null`.execute(db);
    // Beside the key, so the search stays an index-only scan.
    await sql.raw(primaryKey('level_ids, latitude, longitude, rank')).execute(db);
    await sql.raw(triggerFunctions(true)).execute(db);
    // The view lists the table's columns as they were when it was made.
    await tenantReadView(db, 'placements.tenant_vacancy_terms', 'placements.vacancy_terms');
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(triggerFunctions(false)).execute(db);
    await sql`drop view placements.tenant_vacancy_terms`.execute(db);
    await sql.raw(primaryKey('level_ids, latitude, longitude')).execute(db);
    await sql`alter table placements.vacancy_terms drop column rank`.execute(db);
    await tenantReadView(db, 'placements.tenant_vacancy_terms', 'placements.vacancy_terms');
  },
};

export default migration;
