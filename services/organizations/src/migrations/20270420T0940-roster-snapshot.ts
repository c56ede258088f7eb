import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What the school's roster last said about each enrolled student, as an import applied it (email, names,
 * class mentor): a sync compares the roster against it and leaves unchanged students alone
 * (docs/decisions/workflows.md "Roster sources"). Null until an import applies the student.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table organizations.student_enrolments
      add column roster_email text, add column roster_first_name text, add column roster_last_name text,
      add column roster_mentor text`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table organizations.student_enrolments
      drop column roster_email, drop column roster_first_name, drop column roster_last_name,
      drop column roster_mentor`.execute(db);
  },
};
export default migration;
