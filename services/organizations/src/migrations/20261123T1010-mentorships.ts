import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organizations.mentorships (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      school_id uuid not null references organizations.organizations (id) on delete cascade,
      mentor_id uuid not null,
      student_id uuid not null,
      created_at timestamptz not null,
      unique (school_id, mentor_id, student_id),
      check (mentor_id <> student_id)
    )`.execute(db);
    await sql`create index mentorships_student on organizations.mentorships (student_id)`.execute(db);
    await sql`create index mentorships_mentor on organizations.mentorships (mentor_id)`.execute(db);
    await enableTenantRls(db, 'organizations', 'mentorships');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table organizations.mentorships`.execute(db);
  },
};

export default migration;
