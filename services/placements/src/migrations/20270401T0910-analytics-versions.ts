import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * A version per school of analytics' read models (and one per tenant for tenant-wide facts: the nil uuid), raised by the projection in the transaction of every
 * change it makes for that school (docs/decisions/analytics.md "Cached numbers"): the school view keeps
 * its computed numbers until the version or the school read models it joins move. An index lets the
 * newest group membership of a school be read from the index alone.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.analytics_school_versions (
      tenant_id text not null,
      school_id uuid not null,
      version bigint not null,
      primary key (tenant_id, school_id)
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'analytics_school_versions');
    await sql`create index analytics_memberships_time on placements.group_memberships (school_id, event_time)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index placements.analytics_memberships_time`.execute(db);
    await sql`drop table placements.analytics_school_versions`.execute(db);
  },
};

export default migration;
