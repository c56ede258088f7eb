import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A contract whose seal failed every automatic attempt (issue #34: "never stuck silently"):
 * `seal_state` `failed`, shown to the school's admins until a retry (theirs, or the workflow's a day
 * later) moves it back to `pending`.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table placements.contracts
      drop constraint contracts_seal_state_check,
      add constraint contracts_seal_state_check check (seal_state in ('pending', 'sealed', 'failed'))`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`update placements.contracts set seal_state = 'pending' where seal_state = 'failed'`.execute(db);
    await sql`alter table placements.contracts
      drop constraint contracts_seal_state_check,
      add constraint contracts_seal_state_check check (seal_state in ('pending', 'sealed'))`.execute(db);
  },
};
export default migration;
