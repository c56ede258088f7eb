import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Internship contracts (issue #34, docs/decisions/internship-contracts.md): a school's contract templates
 * and their numbered versions (bodies nl/en as rich-text documents, company fields, signer order; a
 * published version never changes, which a trigger enforces), the contracts generated from them (text,
 * variables and signers frozen) and each contract's signers.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.contract_templates (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      school_id uuid not null,
      name text not null check (length(name) between 1 and 200),
      created_by uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
    await sql`create index contract_templates_school on placements.contract_templates (tenant_id, school_id)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'contract_templates');

    await sql`create table placements.contract_template_versions (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      template_id uuid not null references placements.contract_templates (id),
      version integer not null check (version >= 1),
      state text not null check (state in ('draft', 'published')),
      body_nl jsonb not null check (body_nl->>'type' = 'doc'),
      body_en jsonb not null check (body_en->>'type' = 'doc'),
      company_fields jsonb not null check (jsonb_typeof(company_fields) = 'array'),
      signers jsonb not null check (jsonb_typeof(signers) = 'array'),
      created_by uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      published_by uuid,
      published_at timestamptz,
      unique (template_id, version),
      check ((state = 'published') = (published_at is not null))
    )`.execute(db);
    await sql`create unique index contract_template_versions_one_draft on placements.contract_template_versions
      (template_id) where state = 'draft'`.execute(db);
    await enableTenantRls(db, 'placements', 'contract_template_versions');
    // A published version never changes and is never deleted: contracts were generated from it.
    await sql`create function placements.contract_template_version_frozen() returns trigger language plpgsql as $$
      begin
        raise exception 'contract template version % is published and cannot change', old.id
          using errcode = 'check_violation';
      end $$`.execute(db);
    await sql`create trigger contract_template_version_frozen before update or delete
      on placements.contract_template_versions
      for each row when (old.state = 'published') execute function placements.contract_template_version_frozen()`.execute(
      db,
    );

    await sql`create table placements.contracts (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      internship_id uuid not null references placements.internships (id),
      school_id uuid not null,
      organization_id uuid,
      student_id uuid not null,
      contact_person_id uuid,
      template_id uuid not null references placements.contract_templates (id),
      template_version_id uuid not null references placements.contract_template_versions (id),
      status text not null check (status in ('draft', 'company_fields', 'signing', 'signed', 'sealed', 'voided')),
      source text not null check (source in ('manual', 'phase')),
      student_birth_date date,
      variables jsonb not null check (jsonb_typeof(variables) = 'object'),
      company_fields jsonb not null check (jsonb_typeof(company_fields) = 'array'),
      company_values jsonb not null default '{}' check (jsonb_typeof(company_values) = 'object'),
      html_nl text not null,
      html_en text not null,
      void_reason text,
      voided_by uuid,
      voided_at timestamptz,
      created_by uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((status = 'voided') = (voided_at is not null and void_reason is not null))
    )`.execute(db);
    // One contract per internship that is not voided.
    await sql`create unique index contracts_one_open on placements.contracts (internship_id) where status <> 'voided'`.execute(
      db,
    );
    await sql`create index contracts_school on placements.contracts (tenant_id, school_id, created_at)`.execute(
      db,
    );
    await sql`create index contracts_organization on placements.contracts (tenant_id, organization_id)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'contracts');

    await sql`create table placements.contract_signers (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      contract_id uuid not null references placements.contracts (id) on delete cascade,
      role text not null check (role in ('student', 'parent_guardian', 'company', 'school_representative', 'mentor')),
      position integer not null check (position >= 1),
      user_id uuid,
      name text,
      email text,
      state text not null default 'pending' check (state in ('pending', 'signed')),
      signed_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (contract_id, role),
      check ((state = 'signed') = (signed_at is not null))
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'contract_signers');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.contract_signers`.execute(db);
    await sql`drop table placements.contracts`.execute(db);
    await sql`drop table placements.contract_template_versions`.execute(db);
    await sql`drop function placements.contract_template_version_frozen()`.execute(db);
    await sql`drop table placements.contract_templates`.execute(db);
  },
};

export default migration;
