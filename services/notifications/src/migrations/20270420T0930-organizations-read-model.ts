import { sql, type Kysely, type Migration } from 'kysely';
import { organizationsReadModelMigrationV1 } from '@stageplein/kit/migrations/organizations-read-model.v1';

/**
 * Kit's organizations read model (`notifications.organizations`): who may edit the tenant's mail
 * templates depends on the current organization's status (contracts' `editsMailTemplates`), which only
 * organizations' events tell. Filled here from organizations' outbox (kept after sending) when that
 * schema is in this database, the newest snapshot of each organization, as kit's consumer would leave it
 * (the SQL of content's migration 20270202T0910); later events arrive through the consumer, whose new
 * group starts at the earliest offset on Kafka.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await organizationsReadModelMigrationV1('notifications').up(db);
    const { rows } = await sql<{
      present: boolean;
    }>`select to_regclass('organizations.outbox') is not null as present`.execute(db);
    if (!rows[0]?.present) return;
    await sql`insert into notifications.organizations (id, tenant_id, organization_type, name, status, city,
        postcode, latitude, longitude, deleted, event_time)
      select distinct on (d->>'organization_id')
        (d->>'organization_id')::uuid, e.tenant_id, d->>'organization_type', d->>'name', d->>'status',
        d->>'city', d->>'postcode', (d->>'latitude')::double precision, (d->>'longitude')::double precision,
        e.type = 'organizations.organization.deleted', (e.envelope->>'time')::timestamptz
      from organizations.outbox e, lateral (select e.envelope->'data' as d) data
      where e.type in ('organizations.organization.created', 'organizations.organization.signed_up',
        'organizations.organization.updated', 'organizations.organization.approved',
        'organizations.organization.denied', 'organizations.organization.archived',
        'organizations.organization.reopened', 'organizations.organization.moved',
        'organizations.organization.deleted')
      order by d->>'organization_id', (e.envelope->>'time')::timestamptz desc, e.seq desc`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table notifications.organizations`.execute(db);
  },
};

export default migration;
