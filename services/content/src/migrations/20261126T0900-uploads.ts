import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table content.uploads (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      hash text not null check (hash ~ '^[0-9a-f]{64}$'),
      kind text not null check (kind in ('image', 'pdf')),
      content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
      byte_size integer not null check (byte_size > 0),
      width integer,
      height integer,
      name text not null,
      storage text not null check (storage in ('postgres', 'filesystem')),
      uploaded_by text,
      created_at timestamptz not null,
      unique (tenant_id, hash)
    )`.execute(db);
    await sql`create index uploads_list on content.uploads (tenant_id, created_at desc, id)`.execute(db);
    await enableTenantRls(db, 'content', 'uploads');

    await sql`create table content.file_blobs (
      tenant_id text not null,
      hash text not null,
      bytes bytea not null,
      primary key (tenant_id, hash)
    )`.execute(db);
    await enableTenantRls(db, 'content', 'file_blobs');

    await sql`create table content.stock_images (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      upload_id uuid not null references content.uploads (id),
      title text not null,
      alt text not null,
      author text,
      license text not null,
      license_url text,
      source text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (tenant_id, upload_id)
    )`.execute(db);
    await sql`create index stock_images_list on content.stock_images (tenant_id, title, id)`.execute(db);
    await enableTenantRls(db, 'content', 'stock_images');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table content.stock_images`.execute(db);
    await sql`drop table content.file_blobs`.execute(db);
    await sql`drop table content.uploads`.execute(db);
  },
};

export default migration;
