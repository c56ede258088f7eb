import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The search columns of vacancies (docs/decisions/vacancy-search.md): a Dutch full-text vector that
 * ignores accents, a trigram index on the title for typos, and the integer grid cell of the radius
 * search (services/placements/src/geo/grid.ts computes the same cell), with the indexes of the public
 * list: published, visible vacancies only.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Both are trusted extensions: the schema owner may create them without being a superuser.
    await sql`create extension if not exists unaccent with schema public`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    // `dutch` with accents removed before stemming: "café" and "cafe", "België" and "Belgie" match.
    await sql`create text search configuration placements.dutch_unaccent (copy = pg_catalog.dutch)`.execute(
      db,
    );
    await sql`alter text search configuration placements.dutch_unaccent
      alter mapping for hword, hword_part, word with public.unaccent, dutch_stem`.execute(db);
    await sql`alter table placements.vacancies
      add column search_vector tsvector generated always as (
        setweight(to_tsvector('placements.dutch_unaccent', title), 'A') ||
        setweight(to_tsvector('placements.dutch_unaccent', coalesce(city, '')), 'B') ||
        setweight(to_tsvector('placements.dutch_unaccent', description_html), 'C')
      ) stored,
      add column geo_cell integer generated always as (
        (floor(latitude * 10 + 1e-9)::int + 900) * 3600 + floor(longitude * 10 + 1e-9)::int + 1800
      ) stored`.execute(db);
    const published = sql.raw(`where status = 'published' and not hidden`);
    await sql`create index vacancies_search on placements.vacancies using gin (search_vector) ${published}`.execute(
      db,
    );
    await sql`create index vacancies_title_trgm on placements.vacancies using gin (title public.gin_trgm_ops) ${published}`.execute(
      db,
    );
    await sql`create index vacancies_cell on placements.vacancies (tenant_id, geo_cell) ${published}`.execute(
      db,
    );
    await sql`create index vacancies_newest on placements.vacancies (tenant_id, coalesce(published_at, created_at) desc, id desc) ${published}`.execute(
      db,
    );
    await sql`create index vacancies_levels on placements.vacancies using gin (level_ids) ${published}`.execute(
      db,
    );
    await sql`create index vacancies_tags on placements.vacancies using gin (tag_ids) ${published}`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table placements.vacancies drop column search_vector, drop column geo_cell`.execute(db);
    await sql`drop text search configuration placements.dutch_unaccent`.execute(db);
  },
};

export default migration;
