import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Mentors from the roster (docs/decisions/workflows.md "Roster sources"): the mentors an import's roster
 * names (address and name), the account each of a school's roster mentors resolved to (so an unchanged
 * roster asks identity nothing), which mentorships a roster made (only those does a sync remove), and the
 * import's mentor counts.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organizations.import_mentors (
      import_id uuid not null references organizations.imports (id) on delete cascade,
      tenant_id text not null,
      email text not null,
      name text not null,
      primary key (import_id, email)
    )`.execute(db);
    await enableTenantRls(db, 'organizations', 'import_mentors');
    await sql`create table organizations.roster_mentors (
      tenant_id text not null,
      school_id uuid not null references organizations.organizations (id) on delete cascade,
      email text not null,
      mentor_id uuid not null,
      created_at timestamptz not null,
      primary key (school_id, email)
    )`.execute(db);
    await sql`create index roster_mentors_mentor on organizations.roster_mentors (mentor_id)`.execute(db);
    await enableTenantRls(db, 'organizations', 'roster_mentors');
    await sql`alter table organizations.mentorships add column source text
      check (source in ('magister'))`.execute(db);
    await sql`alter table organizations.imports add column mentors_named int not null default 0,
      add column mentors_created int not null default 0, add column mentor_links_added int not null default 0,
      add column mentor_links_removed int not null default 0`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table organizations.imports drop column mentors_named, drop column mentors_created,
      drop column mentor_links_added, drop column mentor_links_removed`.execute(db);
    await sql`alter table organizations.mentorships drop column source`.execute(db);
    await sql`drop table organizations.roster_mentors`.execute(db);
    await sql`drop table organizations.import_mentors`.execute(db);
  },
};
export default migration;
