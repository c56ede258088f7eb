import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls, tenantReadView } from '@stageplein/kit/db/rls';

/**
 * The bank's text-near-a-place search by grid cell and word (docs/decisions/vacancy-search.md): one row
 * per word (lexeme of `search_vector`) of each published, visible vacancy with coordinates, keyed by
 * tenant, kind, cell and word, with the other columns the search filters on beside the key, so a search
 * reads only the index entries of its kinds and cells that start with its word (infra/bench/vacancy-search.bench.ts:
 * 4,619 entries for the benchmark's search, index-only, where one GIN scan intersected 25,033 text
 * matches with 37,270 rows of 48 cells).
 *
 * Kept by statement triggers on `placements.vacancies` in the writing transaction, so the words are
 * never behind the vacancy. A row of this table only narrows the search: every condition of the
 * search is checked again on the vacancy itself.
 */
/** The vacancy's columns a row of words depends on. */
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
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.vacancy_terms (
      tenant_id text not null,
      geo_cell int not null,
      term text collate "C" not null,
      vacancy_id uuid not null,
      kind text not null,
      level_ids uuid[] not null,
      latitude float8 not null,
      longitude float8 not null,
      primary key (tenant_id, kind, geo_cell, term, vacancy_id) include (level_ids, latitude, longitude)
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'vacancy_terms');
    await tenantReadView(db, 'placements.tenant_vacancy_terms', 'placements.vacancy_terms');

    // The words (cell lexemes left out) of the published, visible, placed vacancies among `rows`.
    const insertFrom = (rows: string) => `
      insert into placements.vacancy_terms (tenant_id, geo_cell, term, vacancy_id, kind, level_ids, latitude, longitude)
      select n.tenant_id, n.geo_cell, w.term, n.id, n.kind, n.level_ids, n.latitude, n.longitude
      from ${rows} n, unnest(tsvector_to_array(n.search_vector)) as w(term)
      where n.status = 'published' and not n.hidden and n.geo_cell is not null and w.term not like '\\_%'`;
    const deleteOf = (rows: string) => `
      delete from placements.vacancy_terms d using ${rows} o
      where d.tenant_id = o.tenant_id and d.kind = o.kind and d.geo_cell = o.geo_cell and d.vacancy_id = o.id
        and d.term = any(tsvector_to_array(o.search_vector))`;
    // An update rewrites the words of the rows whose search columns changed (not of a new closing date).
    const changed = (side: 'o' | 'n') => `(select ${side}.* from old_rows o join new_rows n on n.id = o.id
      where (${SEARCHED.map((c) => `o.${c}`)}) is distinct from (${SEARCHED.map((c) => `n.${c}`)}))`;
    await sql
      .raw(
        `create function placements.vacancy_terms_inserted() returns trigger language plpgsql as $$
        begin ${insertFrom('new_rows')}; return null; end $$;
      create function placements.vacancy_terms_updated() returns trigger language plpgsql as $$
        begin ${deleteOf(changed('o'))}; ${insertFrom(changed('n'))}; return null; end $$;
      create function placements.vacancy_terms_deleted() returns trigger language plpgsql as $$
        begin ${deleteOf('old_rows')}; return null; end $$;
      create trigger vacancy_terms_inserted after insert on placements.vacancies
        referencing new table as new_rows for each statement execute function placements.vacancy_terms_inserted();
      create trigger vacancy_terms_updated after update on placements.vacancies
        referencing old table as old_rows new table as new_rows for each statement execute function placements.vacancy_terms_updated();
      create trigger vacancy_terms_deleted after delete on placements.vacancies
        referencing old table as old_rows for each statement execute function placements.vacancy_terms_deleted();`,
      )
      .execute(db);
    await sql.raw(insertFrom('placements.vacancies')).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql
      .raw(
        `drop trigger vacancy_terms_inserted on placements.vacancies;
        drop trigger vacancy_terms_updated on placements.vacancies;
        drop trigger vacancy_terms_deleted on placements.vacancies;
        drop function placements.vacancy_terms_inserted();
        drop function placements.vacancy_terms_updated();
        drop function placements.vacancy_terms_deleted();
        drop view placements.tenant_vacancy_terms;
        drop table placements.vacancy_terms;`,
      )
      .execute(db);
  },
};

export default migration;
