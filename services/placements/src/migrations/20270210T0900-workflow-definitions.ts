import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Workflow definitions (docs/decisions/phases.md): a school's definition per kind of internship, its
 * numbered versions (the phases as one jsonb document; a published version never changes, which a
 * trigger enforces), and the mentors a school admin granted the designer permission. Evaluation
 * templates gain the scope kind `phase`.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.workflow_definitions (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      school_id uuid not null,
      contract_type text not null check (contract_type in ('contract', 'hours')),
      name text not null check (length(name) between 1 and 200),
      is_default boolean not null default false,
      created_by uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
    await sql`create index workflow_definitions_school on placements.workflow_definitions (tenant_id, school_id)`.execute(
      db,
    );
    await sql`create unique index workflow_definitions_default on placements.workflow_definitions
      (tenant_id, school_id, contract_type) where is_default`.execute(db);
    await enableTenantRls(db, 'placements', 'workflow_definitions');

    await sql`create table placements.workflow_versions (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      definition_id uuid not null references placements.workflow_definitions (id),
      version integer not null check (version >= 1),
      state text not null check (state in ('draft', 'published')),
      phases jsonb not null check (jsonb_typeof(phases) = 'array'),
      created_by uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      published_by uuid,
      published_at timestamptz,
      unique (definition_id, version),
      check ((state = 'published') = (published_at is not null))
    )`.execute(db);
    await sql`create unique index workflow_versions_one_draft on placements.workflow_versions (definition_id)
      where state = 'draft'`.execute(db);
    await enableTenantRls(db, 'placements', 'workflow_versions');
    // A published version never changes and is never deleted: running internships interpret it.
    await sql`create function placements.workflow_version_frozen() returns trigger language plpgsql as $$
      begin
        raise exception 'workflow version % is published and cannot change', old.id
          using errcode = 'check_violation';
      end $$`.execute(db);
    await sql`create trigger workflow_version_frozen before update or delete on placements.workflow_versions
      for each row when (old.state = 'published') execute function placements.workflow_version_frozen()`.execute(
      db,
    );

    await sql`create table placements.workflow_designers (
      tenant_id text not null,
      school_id uuid not null,
      user_id uuid not null,
      granted_by uuid,
      created_at timestamptz not null,
      primary key (tenant_id, school_id, user_id)
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'workflow_designers');

    await sql`alter table placements.evaluation_templates
      drop constraint evaluation_templates_scope_kind_check,
      add constraint evaluation_templates_scope_kind_check check (scope_kind in ('internship_period', 'phase'))`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table placements.evaluation_templates
      drop constraint evaluation_templates_scope_kind_check,
      add constraint evaluation_templates_scope_kind_check check (scope_kind in ('internship_period'))`.execute(
      db,
    );
    await sql`drop table placements.workflow_designers`.execute(db);
    await sql`drop table placements.workflow_versions`.execute(db);
    await sql`drop function placements.workflow_version_frozen()`.execute(db);
    await sql`drop table placements.workflow_definitions`.execute(db);
  },
};

export default migration;
