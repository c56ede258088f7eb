import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';
import { organizationsReadModelMigrationV1 } from '@stageplein/kit/migrations/organizations-read-model.v1';

/** The retired consumer group of content's own read model (its processed events go with its table). */
const RETIRED_GROUP = 'content.organizations-read-model';

/**
 * Content keeps kit's organizations read model (issue #32 item 3) instead of its own: its own table
 * (type and status only) is retired, kit's takes its name, and is filled here from organizations'
 * outbox (kept after sending) when that schema is in this database — the newest snapshot event of
 * each organization, as kit's consumer would have left it. This SQL is the consumer's frozen twin (a
 * migration must not change with kit); the test checks both agree. Events after it arrive through the
 * consumer's new group (a new Kafka group starts at the earliest offset, so the distributed profile
 * replays them as well; the read model keeps the newest event either way).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`drop table content.organizations`.execute(db);
    await sql`delete from content.processed_events where consumer = ${RETIRED_GROUP}`.execute(db);
    await organizationsReadModelMigrationV1('content').up(db);
    const { rows } = await sql<{
      present: boolean;
    }>`select to_regclass('organizations.outbox') is not null as present`.execute(db);
    if (!rows[0]?.present) return;
    await sql`insert into content.organizations (id, tenant_id, organization_type, name, status, city,
        postcode, latitude, longitude, deleted, event_time)
      select distinct on (e.envelope->'data'->>'organization_id')
        (e.envelope->'data'->>'organization_id')::uuid, e.tenant_id,
        e.envelope->'data'->>'organization_type', e.envelope->'data'->>'name',
        e.envelope->'data'->>'status', e.envelope->'data'->>'city', e.envelope->'data'->>'postcode',
        (e.envelope->'data'->>'latitude')::double precision,
        (e.envelope->'data'->>'longitude')::double precision,
        e.type = 'organizations.organization.deleted', (e.envelope->>'time')::timestamptz
      from organizations.outbox e
      where e.type in ('organizations.organization.created', 'organizations.organization.signed_up',
        'organizations.organization.updated', 'organizations.organization.approved',
        'organizations.organization.denied', 'organizations.organization.archived',
        'organizations.organization.reopened', 'organizations.organization.moved',
        'organizations.organization.deleted')
      order by e.envelope->'data'->>'organization_id', (e.envelope->>'time')::timestamptz desc, e.seq desc`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table content.organizations rename to organizations_kit`.execute(db);
    await sql`create table content.organizations (
      id uuid primary key,
      tenant_id text not null,
      type text not null,
      status text not null,
      updated_at timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'content', 'organizations');
    await sql`insert into content.organizations (id, tenant_id, type, status, updated_at)
      select id, tenant_id, organization_type, status, event_time from content.organizations_kit
      where not deleted`.execute(db);
    await sql`drop table content.organizations_kit`.execute(db);
  },
};

export default migration;
