import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Uploads of organization admins (vacancy images): `organization_id` names the organization whose admin
 * uploaded the file (only they and content editors see it); null is the tenant's (content editors').
 * The same bytes may now be an upload of the tenant and of several organizations, each its own row (so
 * one organization never gets another's upload back); the stored bytes stay one per tenant and hash.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table content.uploads add column organization_id uuid`.execute(db);
    await sql`alter table content.uploads drop constraint uploads_tenant_id_hash_key`.execute(db);
    await sql`create unique index uploads_owner_hash on content.uploads (tenant_id, hash, organization_id)
      nulls not distinct`.execute(db);
    await sql`create index uploads_organization on content.uploads (tenant_id, organization_id, created_at desc)
      where organization_id is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from content.uploads where organization_id is not null`.execute(db);
    await sql`drop index content.uploads_organization`.execute(db);
    await sql`drop index content.uploads_owner_hash`.execute(db);
    await sql`alter table content.uploads add constraint uploads_tenant_id_hash_key unique (tenant_id, hash)`.execute(
      db,
    );
    await sql`alter table content.uploads drop column organization_id`.execute(db);
  },
};

export default migration;
