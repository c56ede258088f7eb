import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table content.menus (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      slug text not null,
      created_at timestamptz not null,
      unique (tenant_id, slug)
    )`.execute(db);
    await sql`create table content.menu_items (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      menu_id uuid not null references content.menus (id) on delete cascade,
      parent_id uuid references content.menu_items (id) on delete cascade,
      link_type text not null check (link_type in ('content_page', 'system')),
      path text,
      system_page_id integer,
      title jsonb not null,
      position integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (parent_id is distinct from id),
      check ((link_type = 'content_page' and path is not null) or (link_type = 'system' and system_page_id is not null))
    )`.execute(db);
    await sql`create index menu_items_menu on content.menu_items (menu_id, position)`.execute(db);
    await sql`create index menu_items_parent on content.menu_items (parent_id)`.execute(db);
    await enableTenantRls(db, 'content', 'menus');
    await enableTenantRls(db, 'content', 'menu_items');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table content.menu_items`.execute(db);
    await sql`drop table content.menus`.execute(db);
  },
};

export default migration;
