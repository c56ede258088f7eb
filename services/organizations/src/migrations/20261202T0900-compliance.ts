import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/** Compliance gating (docs/decisions/compliance.md): documents, required kinds, the last announced state. */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const kinds = sql.raw(`('vog', 'liability_insurance', 'code_of_conduct')`);
    await sql`create table organizations.compliance_documents (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      organization_id uuid not null references organizations.organizations (id) on delete cascade,
      kind text not null check (kind in ${kinds}),
      reference text,
      note text,
      issued_on date not null,
      expires_on date,
      reminded_for date,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (expires_on is null or expires_on >= issued_on)
    )`.execute(db);
    await sql`create index compliance_documents_organization on organizations.compliance_documents (organization_id, kind)`.execute(
      db,
    );
    await sql`create index compliance_documents_expiry on organizations.compliance_documents (tenant_id, expires_on)`.execute(
      db,
    );
    await enableTenantRls(db, 'organizations', 'compliance_documents');

    await sql`create table organizations.compliance_requirements (
      tenant_id text not null,
      organization_id uuid not null references organizations.organizations (id) on delete cascade,
      kind text not null check (kind in ${kinds}),
      created_at timestamptz not null,
      primary key (organization_id, kind)
    )`.execute(db);
    await sql`create index compliance_requirements_tenant on organizations.compliance_requirements (tenant_id)`.execute(
      db,
    );
    await enableTenantRls(db, 'organizations', 'compliance_requirements');

    await sql`create table organizations.compliance_states (
      organization_id uuid primary key references organizations.organizations (id) on delete cascade,
      tenant_id text not null,
      may_publish boolean not null,
      state jsonb not null,
      computed_on date not null,
      updated_at timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'organizations', 'compliance_states');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table organizations.compliance_states`.execute(db);
    await sql`drop table organizations.compliance_requirements`.execute(db);
    await sql`drop table organizations.compliance_documents`.execute(db);
  },
};

export default migration;
