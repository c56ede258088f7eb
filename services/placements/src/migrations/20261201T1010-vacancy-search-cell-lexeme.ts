import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Text and radius through one index (docs/decisions/vacancy-search.md, docs/benchmarks.md): the text
 * vector also holds the vacancy's grid cell as a lexeme (`_<cell>`; search words are letters and digits
 * only, so no typed word can match it), so a text search near a place intersects the text and the cells
 * inside the GIN index instead of reading every text match in the country and filtering the radius row
 * by row.
 */
const CELL = `(floor(latitude * 10 + 1e-9)::int + 900) * 3600 + floor(longitude * 10 + 1e-9)::int + 1800`;

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table placements.vacancies drop column search_vector`.execute(db);
    await sql`alter table placements.vacancies
      add column search_vector tsvector generated always as (
        setweight(to_tsvector('placements.dutch_unaccent', title), 'A') ||
        setweight(to_tsvector('placements.dutch_unaccent', coalesce(city, '')), 'B') ||
        setweight(to_tsvector('placements.dutch_unaccent', description_html), 'C') ||
        coalesce(('_' || ${sql.raw(CELL)})::tsvector, ''::tsvector)
      ) stored`.execute(db);
    await sql`create index vacancies_search on placements.vacancies using gin (search_vector)
      where status = 'published' and not hidden`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table placements.vacancies drop column search_vector`.execute(db);
    await sql`alter table placements.vacancies
      add column search_vector tsvector generated always as (
        setweight(to_tsvector('placements.dutch_unaccent', title), 'A') ||
        setweight(to_tsvector('placements.dutch_unaccent', coalesce(city, '')), 'B') ||
        setweight(to_tsvector('placements.dutch_unaccent', description_html), 'C')
      ) stored`.execute(db);
    await sql`create index vacancies_search on placements.vacancies using gin (search_vector)
      where status = 'published' and not hidden`.execute(db);
  },
};

export default migration;
