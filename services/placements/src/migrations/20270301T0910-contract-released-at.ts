import { sql, type Kysely, type Migration } from 'kysely';

/**
 * When a contract was sent out (released): a student sees a voided contract only when it had been sent
 * (contracts' `studentSeesContract`). Contracts voided before this column existed count as never sent.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table placements.contracts add column released_at timestamptz`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table placements.contracts drop column released_at`.execute(db);
  },
};
export default migration;
