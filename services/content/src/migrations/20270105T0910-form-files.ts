import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Files visitors upload on public forms (docs/decisions/forms.md "Files on public forms"): private to
 * the form (never at the public files address), each under a random storage key of its own, answering
 * at most one submission. Rows with no submission are removed after a day by the cleanup schedule.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table content.form_files (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      form_id uuid not null references content.forms (id) on delete cascade,
      form_version integer not null,
      field_id text not null,
      storage_key text not null,
      storage text not null check (storage in ('postgres', 'filesystem')),
      content_type text not null,
      byte_size integer not null,
      name text not null,
      submission_id uuid references content.form_submissions (id) on delete set null,
      created_at timestamptz not null,
      unique (tenant_id, storage_key)
    )`.execute(db);
    // The cleanup's search: files no submission took, oldest first.
    await sql`create index form_files_unused on content.form_files (tenant_id, created_at)
      where submission_id is null`.execute(db);
    await sql`create index form_files_submission on content.form_files (submission_id)`.execute(db);
    await enableTenantRls(db, 'content', 'form_files');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table content.form_files`.execute(db);
  },
};

export default migration;
