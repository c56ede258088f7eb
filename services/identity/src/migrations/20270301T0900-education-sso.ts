import { sql, type Kysely, type Migration } from 'kysely';
import { APP_ROLE } from '@stageplein/kit/db/database';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Education single sign-on (issue #36 item 1): the schools recognised by their BRIN (with the school's
 * choice whether unknown students get an account), the federation identities linked to accounts, and
 * the sign-ins under way (state, nonce and PKCE verifier, bound to the browser; used once).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table identity.education_sso_schools (
      tenant_id text not null,
      organization_id uuid not null,
      brin text not null,
      provision_students boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (tenant_id, organization_id),
      unique (tenant_id, brin)
    )`.execute(db);
    await enableTenantRls(db, 'identity', 'education_sso_schools');

    await sql`create table identity.education_sso_identities (
      tenant_id text not null,
      subject text not null,
      user_id uuid not null references identity.users (id) on delete cascade,
      organization_id uuid not null,
      real_id text,
      eck_id text,
      affiliation text not null,
      created_at timestamptz not null,
      last_sign_in_at timestamptz,
      primary key (tenant_id, subject),
      unique (user_id)
    )`.execute(db);
    await enableTenantRls(db, 'identity', 'education_sso_identities');

    await sql`create table identity.education_sso_flows (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      state text not null unique,
      browser_hash text not null,
      nonce text not null,
      code_verifier text not null,
      redirect_url text not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      link_token_hash text unique,
      link_claims jsonb,
      link_organization_id uuid,
      link_expires_at timestamptz,
      linked_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'identity', 'education_sso_flows');

    // Spec §8 "wrong website": the app role cannot see other tenants' schools, so this narrow function
    // answers only whether a BRIN belongs to a school of another tenant.
    await sql`create function identity.education_sso_foreign_brin(p_brin text)
      returns boolean
      language sql stable security definer
      set search_path = pg_catalog, identity
      as $$
        select exists (select 1 from identity.education_sso_schools s
          where upper(s.brin) = upper(p_brin)
            and s.tenant_id is distinct from nullif(current_setting('app.tenant_id', true), ''))
      $$`.execute(db);
    await sql`revoke all on function identity.education_sso_foreign_brin(text) from public`.execute(db);
    await sql
      .raw(`grant execute on function identity.education_sso_foreign_brin(text) to ${APP_ROLE}`)
      .execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop function identity.education_sso_foreign_brin(text)`.execute(db);
    await sql`drop table identity.education_sso_flows`.execute(db);
    await sql`drop table identity.education_sso_identities`.execute(db);
    await sql`drop table identity.education_sso_schools`.execute(db);
  },
};

export default migration;
