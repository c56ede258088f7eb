import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Roster sources (docs/integrations/magister.md): a school's Magister connection (its secret sealed),
 * imports that report students who left the school, and the enrolment's `left_at`.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organizations.roster_connections (
      tenant_id text not null,
      school_id uuid not null references organizations.organizations (id) on delete cascade,
      kind text not null check (kind in ('magister')),
      base_url text not null,
      client_id text not null,
      secret_sealed text not null,
      nightly boolean not null default true,
      updated_by uuid not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (school_id, kind)
    )`.execute(db);
    await enableTenantRls(db, 'organizations', 'roster_connections');
    await sql`alter table organizations.imports add column left_rows int not null default 0`.execute(db);
    await sql`alter table organizations.import_rows drop constraint import_rows_status_check`.execute(db);
    await sql`alter table organizations.import_rows add constraint import_rows_status_check
      check (status in ('valid', 'invalid', 'created', 'updated', 'unchanged', 'failed', 'left'))`.execute(
      db,
    );
    await sql`alter table organizations.import_rows add column mentor text not null default ''`.execute(db);
    await sql`alter table organizations.student_enrolments add column left_at timestamptz`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table organizations.student_enrolments drop column left_at`.execute(db);
    await sql`alter table organizations.import_rows drop column mentor`.execute(db);
    await sql`delete from organizations.import_rows where status = 'left'`.execute(db);
    await sql`alter table organizations.import_rows drop constraint import_rows_status_check`.execute(db);
    await sql`alter table organizations.import_rows add constraint import_rows_status_check
      check (status in ('valid', 'invalid', 'created', 'updated', 'unchanged', 'failed'))`.execute(db);
    await sql`alter table organizations.imports drop column left_rows`.execute(db);
    await sql`drop table organizations.roster_connections`.execute(db);
  },
};
export default migration;
