import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Forms (issue #18, docs/decisions/forms.md): a form's draft definition, its frozen published versions,
 * and the submissions, each naming the version it answered.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table content.forms (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      purpose text not null check (purpose in ('general', 'contact')),
      status text not null check (status in ('draft', 'published', 'archived')),
      definition jsonb not null,
      definition_updated_at timestamptz not null,
      public_token text,
      published_version integer,
      published_at timestamptz,
      notify_email text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (tenant_id, public_token)
    )`.execute(db);
    // One contact form per tenant (its public token is `contact`).
    await sql`create unique index forms_one_contact on content.forms (tenant_id) where purpose = 'contact'`.execute(
      db,
    );
    await sql`create index forms_list on content.forms (tenant_id, status, updated_at desc, id)`.execute(db);
    await enableTenantRls(db, 'content', 'forms');

    await sql`create table content.form_versions (
      tenant_id text not null,
      form_id uuid not null references content.forms (id) on delete cascade,
      version integer not null check (version > 0),
      definition jsonb not null,
      published_at timestamptz not null,
      primary key (form_id, version)
    )`.execute(db);
    await enableTenantRls(db, 'content', 'form_versions');

    await sql`create table content.form_submissions (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      form_id uuid not null,
      form_version integer not null,
      answers jsonb not null,
      locale text not null check (locale in ('nl', 'en')),
      created_at timestamptz not null,
      foreign key (form_id, form_version) references content.form_versions (form_id, version) on delete cascade
    )`.execute(db);
    await sql`create index form_submissions_list on content.form_submissions (form_id, created_at desc, id)`.execute(
      db,
    );
    await enableTenantRls(db, 'content', 'form_submissions');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table content.form_submissions`.execute(db);
    await sql`drop table content.form_versions`.execute(db);
    await sql`drop table content.forms`.execute(db);
  },
};

export default migration;
