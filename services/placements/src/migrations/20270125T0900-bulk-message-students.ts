import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Bulk messages to students without an internship yet (issue #30): a delivery may stand for a student
 * chosen by group, level or period instead of an internship (`internship_id` null), and the message
 * counts the students chosen that way.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table placements.bulk_message_deliveries alter column internship_id drop not null`.execute(
      db,
    );
    await sql`alter table placements.bulk_messages add column student_count integer not null default 0`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from placements.bulk_message_deliveries where internship_id is null`.execute(db);
    await sql`alter table placements.bulk_message_deliveries alter column internship_id set not null`.execute(
      db,
    );
    await sql`alter table placements.bulk_messages drop column student_count`.execute(db);
  },
};

export default migration;
