import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organizations.imports (
      id uuid primary key,
      tenant_id text not null,
      school_id uuid not null references organizations.organizations (id) on delete cascade,
      kind text not null default 'students_csv',
      workflow_id text not null unique,
      file_name text not null,
      file_size int not null,
      file_sha256 text not null,
      create_missing_groups boolean not null default false,
      locale text not null default 'nl',
      status text not null check (status in ('pending', 'running', 'completed', 'cancelling', 'cancelled', 'failed')),
      total_rows int not null default 0,
      valid_rows int not null default 0,
      invalid_rows int not null default 0,
      created_rows int not null default 0,
      updated_rows int not null default 0,
      unchanged_rows int not null default 0,
      failed_rows int not null default 0,
      processed_rows int not null default 0,
      batch_count int not null default 0,
      parse_ms int,
      failure text,
      created_by uuid not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      started_at timestamptz,
      finished_at timestamptz
    )`.execute(db);
    await sql`create index imports_school on organizations.imports (school_id, created_at desc)`.execute(db);
    await enableTenantRls(db, 'organizations', 'imports');
    await sql`create table organizations.import_files (
      import_id uuid primary key references organizations.imports (id) on delete cascade,
      tenant_id text not null,
      content bytea not null
    )`.execute(db);
    await enableTenantRls(db, 'organizations', 'import_files');
    await sql`create table organizations.import_rows (
      import_id uuid not null references organizations.imports (id) on delete cascade,
      tenant_id text not null,
      row_number int not null,
      batch int,
      status text not null check (status in ('valid', 'invalid', 'created', 'updated', 'unchanged', 'failed')),
      first_name text not null,
      last_name text not null,
      email text not null,
      student_number text not null,
      group_name text not null,
      level_name text not null,
      errors jsonb not null default '[]',
      user_id uuid,
      primary key (import_id, row_number)
    )`.execute(db);
    await sql`create index import_rows_batch on organizations.import_rows (import_id, batch)`.execute(db);
    // Which email a student was imported with (the student-number check of the next import).
    await sql`create index import_rows_user on organizations.import_rows (user_id) where user_id is not null`.execute(
      db,
    );
    await enableTenantRls(db, 'organizations', 'import_rows');
    await sql`create table organizations.student_enrolments (
      tenant_id text not null,
      school_id uuid not null references organizations.organizations (id) on delete cascade,
      student_id uuid not null,
      student_number text not null,
      level_id uuid references organizations.levels (id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (school_id, student_id),
      unique (school_id, student_number)
    )`.execute(db);
    await enableTenantRls(db, 'organizations', 'student_enrolments');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table organizations.student_enrolments`.execute(db);
    await sql`drop table organizations.import_rows`.execute(db);
    await sql`drop table organizations.import_files`.execute(db);
    await sql`drop table organizations.imports`.execute(db);
  },
};

export default migration;
