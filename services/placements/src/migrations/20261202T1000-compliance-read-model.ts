import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Whether each organization may publish (organizations' `organizations.compliance.changed`), for the
 * publish gate (docs/decisions/compliance.md). `event_time`: a late redelivery cannot go back.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.organization_compliance (
      organization_id uuid primary key,
      tenant_id text not null,
      may_publish boolean not null,
      blocking_kinds text[] not null,
      event_time timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'organization_compliance');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.organization_compliance`.execute(db);
  },
};

export default migration;
