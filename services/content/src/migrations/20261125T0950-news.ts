import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table content.news_articles (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      slug text not null,
      locale text not null check (locale in ('nl', 'en')),
      title text not null,
      date date not null,
      image_url text,
      author text,
      summary text,
      body jsonb not null,
      body_html text not null,
      status text not null check (status in ('draft', 'published')),
      published_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (tenant_id, slug)
    )`.execute(db);
    await sql`create index news_articles_list on content.news_articles (tenant_id, status, date desc, id)`.execute(
      db,
    );
    await enableTenantRls(db, 'content', 'news_articles');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table content.news_articles`.execute(db);
  },
};

export default migration;
