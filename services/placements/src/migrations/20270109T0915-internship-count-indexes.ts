import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The total of `GET /api/v1/internships` counted from the index alone, measured with
 * infra/bench/internships.bench.ts (20,000 internships of one School): a School's count scanned the
 * whole table and paid the tenant policy's predicate (`current_setting` per row) on each of the 20,000
 * rows. With the tenant leading, the policy's predicate is an index condition, evaluated once; the
 * scope's columns make the count index-only (on a vacuumed table). The organization's index also holds
 * the school, which its count branch excludes (internships.sql.ts).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index internships_school_count on placements.internships (tenant_id, school_id)`.execute(
      db,
    );
    await sql`create index internships_organization_count on placements.internships (tenant_id, organization_id, school_id)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index placements.internships_organization_count`.execute(db);
    await sql`drop index placements.internships_school_count`.execute(db);
  },
};

export default migration;
