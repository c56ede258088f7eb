import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';
import { organizationsReadModelMigrationV1 } from '@stageplein/kit/migrations/organizations-read-model.v1';

/**
 * Identity keeps kit's organizations read model (`identity.organizations`, kit/read-models), like
 * placements and content, instead of its own copy: the table gets kit's columns (city, postcode,
 * coordinates besides name, type and status). The rows identity already has are kept, so every read
 * answers as before; the new consumer group (`identity.kit-organizations-read-model`) and the back-fill
 * (`npm run backfill -w @stageplein/identity`) fill the new columns from organizations' outbox. The old
 * group's processed-event ids go with the old table.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table identity.organizations rename to organizations_retired`.execute(db);
    await sql`alter index identity.organizations_pkey rename to organizations_retired_pkey`.execute(db);
    await organizationsReadModelMigrationV1('identity').up(db);
    await sql`insert into identity.organizations (id, tenant_id, organization_type, name, status, deleted, event_time)
      select id, tenant_id, organization_type, name, status, deleted, event_time
      from identity.organizations_retired`.execute(db);
    await sql`drop table identity.organizations_retired`.execute(db);
    await sql`delete from identity.processed_events where consumer = 'identity.organizations-read-model'`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table identity.organizations rename to organizations_kit`.execute(db);
    await sql`alter index identity.organizations_pkey rename to organizations_kit_pkey`.execute(db);
    await sql`create table identity.organizations (
      id uuid primary key,
      tenant_id text not null,
      organization_type text not null,
      name text not null,
      status text not null,
      deleted boolean not null default false,
      event_time timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'identity', 'organizations');
    await sql`insert into identity.organizations (id, tenant_id, organization_type, name, status, deleted, event_time)
      select id, tenant_id, organization_type, name, status, deleted, event_time
      from identity.organizations_kit`.execute(db);
    await sql`drop table identity.organizations_kit`.execute(db);
  },
};

export default migration;
