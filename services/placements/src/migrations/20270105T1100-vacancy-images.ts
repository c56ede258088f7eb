import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Vacancy images from content (issues #14, #15): `placements.images`, the read model of content's image
 * uploads and stock images (`content.upload.*`, `content.stock_image.*`), and the vacancy's chosen
 * upload with its own alt text. A deleted upload stays as a tombstone (`deleted`), so a late or
 * redelivered `created` does not bring it back.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.images (
      tenant_id text not null,
      upload_id uuid not null,
      hash text not null check (hash ~ '^[0-9a-f]{64}$'),
      organization_id uuid,
      stock_image_id uuid,
      stock_alt text,
      deleted boolean not null default false,
      primary key (tenant_id, upload_id)
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'images');

    await sql`alter table placements.vacancies add column image_upload_id uuid, add column image_alt text`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table placements.vacancies drop column image_upload_id, drop column image_alt`.execute(
      db,
    );
    await sql`drop table placements.images`.execute(db);
  },
};

export default migration;
