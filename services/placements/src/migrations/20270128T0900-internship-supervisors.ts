import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issues #30 and #31: a supervisor without an account (name and address on the internship), the
 * school's approval of the supervisor's address (links go out only to the approved address), and who
 * decided an hours entry from where (the link's address and the client address).
 *
 * Internships running before this keep their links: the address they had is approved as it was,
 * unless it is the student's own (then the school approves someone else first).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table placements.internships
      add column supervisor_name text,
      add column supervisor_email text,
      add column supervisor_approved_email text,
      add column supervisor_approved_by uuid,
      add column supervisor_approved_at timestamptz`.execute(db);
    await sql`update placements.internships i
      set supervisor_approved_email = lower(coalesce(sup.email, i.contact_email)), supervisor_approved_at = now()
      from placements.internships j
      left join placements.users sup on sup.id = j.supervisor_id and not sup.deleted
      left join placements.users s on s.id = j.student_id
      where j.id = i.id and coalesce(sup.email, j.contact_email) is not null
        and lower(coalesce(sup.email, j.contact_email)) is distinct from lower(s.email)`.execute(db);
    await sql`alter table placements.hours_entries
      add column decided_by text,
      add column decided_from text`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table placements.hours_entries drop column decided_by, drop column decided_from`.execute(
      db,
    );
    await sql`alter table placements.internships drop column supervisor_name, drop column supervisor_email,
      drop column supervisor_approved_email, drop column supervisor_approved_by, drop column supervisor_approved_at`.execute(
      db,
    );
  },
};
export default migration;
