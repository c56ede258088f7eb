import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table content.pages (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      slug text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (tenant_id, slug)
    )`.execute(db);
    await sql`create table content.page_revisions (
      id uuid primary key default gen_random_uuid(),
      -- The order of saves (several may share a timestamp).
      seq bigint generated always as identity,
      tenant_id text not null,
      page_id uuid not null references content.pages (id) on delete cascade,
      locale text not null check (locale in ('nl', 'en')),
      title text not null,
      seo_description text,
      body jsonb not null,
      body_html text not null,
      author_id uuid,
      created_at timestamptz not null
    )`.execute(db);
    await sql`create index page_revisions_page on content.page_revisions (page_id, seq)`.execute(db);
    await sql`create table content.page_locales (
      tenant_id text not null,
      page_id uuid not null references content.pages (id) on delete cascade,
      locale text not null check (locale in ('nl', 'en')),
      draft_revision_id uuid not null references content.page_revisions (id),
      published_revision_id uuid references content.page_revisions (id),
      published_at timestamptz,
      primary key (page_id, locale)
    )`.execute(db);
    for (const table of ['pages', 'page_revisions', 'page_locales'])
      await enableTenantRls(db, 'content', table);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table content.page_locales`.execute(db);
    await sql`drop table content.page_revisions`.execute(db);
    await sql`drop table content.pages`.execute(db);
  },
};

export default migration;
