import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Organizations' tags (the school catalogue beside levels), fed by organizations.tag.* events: the
 * internship bank names its tag facet with them (docs/decisions/vacancy-search.md). `event_time`: a late
 * redelivery cannot go back; a deleted tag stays as a tombstone (vacancies may still carry its id).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.tags (
      id uuid primary key,
      tenant_id text not null,
      school_id uuid not null,
      name text not null,
      deleted boolean not null default false,
      event_time timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'tags');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.tags`.execute(db);
  },
};

export default migration;
