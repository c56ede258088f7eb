import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Indexes for progress (stagevoortgang), measured with infra/bench/progress.bench.ts (a period of
 * 2,000 students × 30 entries): the mentors subquery looks mentorships up by school and student, which
 * `mentorships_mentor` (mentor first) cannot serve, so every row scanned the whole table (3.2 s of the
 * 3.8 s statement); the hours sums per internship read status and quarters, which the covering index
 * gives without visiting the table (index-only on a vacuumed table).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index mentorships_student on placements.mentorships (school_id, student_id) where not removed`.execute(
      db,
    );
    await sql`create index hours_entries_sums on placements.hours_entries (internship_id) include (status, quarters)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index placements.hours_entries_sums`.execute(db);
    await sql`drop index placements.mentorships_student`.execute(db);
  },
};

export default migration;
