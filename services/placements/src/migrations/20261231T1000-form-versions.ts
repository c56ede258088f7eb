import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Content's published form versions that placements answers itself (evaluations, assignments), fed by
 * `content.form.version_published` (docs/decisions/forms.md). A version is frozen; `archived` follows
 * the form (`content.form.archived`): an archived form is no longer offered, its answers stay readable.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.form_versions (
      tenant_id text not null,
      form_id uuid not null,
      version integer not null check (version > 0),
      purpose text not null,
      definition jsonb not null,
      published_at timestamptz not null,
      primary key (tenant_id, form_id, version)
    )`.execute(db);
    await sql`create index form_versions_purpose on placements.form_versions (tenant_id, purpose, form_id, version desc)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'form_versions');

    await sql`create table placements.archived_forms (
      tenant_id text not null,
      form_id uuid not null,
      primary key (tenant_id, form_id)
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'archived_forms');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.archived_forms`.execute(db);
    await sql`drop table placements.form_versions`.execute(db);
  },
};

export default migration;
