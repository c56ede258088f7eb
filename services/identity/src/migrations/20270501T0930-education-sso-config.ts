import { sql, type Kysely, type Migration } from 'kysely';
import { APP_ROLE } from '@stageplein/kit/db/database';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Education single sign-on's configuration as data (issue #36 item 1): a school may have several BRIN
 * codes (their own table, unique per tenant; the school row keeps its provisioning choice), and a
 * tenant's registration at the federation (issuer, client id, the secret sealed) overrides the
 * installation's EDUCATION_SSO.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table identity.education_sso_school_brins (
      tenant_id text not null,
      brin text not null check (brin = upper(brin)),
      organization_id uuid not null,
      created_at timestamptz not null,
      primary key (tenant_id, brin),
      foreign key (tenant_id, organization_id)
        references identity.education_sso_schools (tenant_id, organization_id) on delete cascade
    )`.execute(db);
    await sql`create index education_sso_school_brins_school
      on identity.education_sso_school_brins (tenant_id, organization_id)`.execute(db);
    await enableTenantRls(db, 'identity', 'education_sso_school_brins');
    await sql`insert into identity.education_sso_school_brins (tenant_id, brin, organization_id, created_at)
      select tenant_id, upper(trim(brin)), organization_id, created_at from identity.education_sso_schools
      on conflict do nothing`.execute(db);
    await sql`alter table identity.education_sso_schools add column updated_by uuid`.execute(db);
    await sql`create or replace function identity.education_sso_foreign_brin(p_brin text)
      returns boolean
      language sql stable security definer
      set search_path = pg_catalog, identity
      as $$
        select exists (select 1 from identity.education_sso_school_brins b
          where b.brin = upper(trim(p_brin))
            and b.tenant_id is distinct from nullif(current_setting('app.tenant_id', true), ''))
      $$`.execute(db);
    await sql`alter table identity.education_sso_schools drop column brin`.execute(db);

    await sql`create table identity.education_sso_federations (
      tenant_id text primary key,
      issuer text not null,
      client_id text not null,
      secret_sealed text not null,
      updated_by uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'identity', 'education_sso_federations');
    await sql`revoke all on function identity.education_sso_foreign_brin(text) from public`.execute(db);
    await sql
      .raw(`grant execute on function identity.education_sso_foreign_brin(text) to ${APP_ROLE}`)
      .execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table identity.education_sso_federations`.execute(db);
    await sql`alter table identity.education_sso_schools add column brin text`.execute(db);
    await sql`update identity.education_sso_schools s set brin = (select min(b.brin)
      from identity.education_sso_school_brins b
      where b.tenant_id = s.tenant_id and b.organization_id = s.organization_id)`.execute(db);
    await sql`delete from identity.education_sso_schools where brin is null`.execute(db);
    await sql`alter table identity.education_sso_schools alter column brin set not null,
      add constraint education_sso_schools_tenant_id_brin_key unique (tenant_id, brin),
      drop column updated_by`.execute(db);
    await sql`create or replace function identity.education_sso_foreign_brin(p_brin text)
      returns boolean
      language sql stable security definer
      set search_path = pg_catalog, identity
      as $$
        select exists (select 1 from identity.education_sso_schools s
          where upper(s.brin) = upper(p_brin)
            and s.tenant_id is distinct from nullif(current_setting('app.tenant_id', true), ''))
      $$`.execute(db);
    await sql`drop table identity.education_sso_school_brins`.execute(db);
  },
};

export default migration;
