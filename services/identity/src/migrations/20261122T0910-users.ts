import { sql, type Kysely, type Migration } from 'kysely';
import { CURRENT_TENANT } from '@stageplein/kit/db/rls';
import { APP_ROLE } from '@stageplein/kit/db/database';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table identity.users (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      email text not null,
      first_name text,
      last_name text,
      gender text check (gender in ('male', 'female', 'other')),
      status text not null check (status in ('active', 'invited', 'inactive', 'archived')),
      locale text not null default 'nl' check (locale in ('nl', 'en')),
      phone_number text,
      settings jsonb not null default '{"email_notifications": true}',
      periodic_mail_frequency text not null default 'weekly'
        check (periodic_mail_frequency in ('never', 'daily', 'weekly', 'monthly')),
      encrypted_password text,
      confirmed_at timestamptz,
      confirmation_token_hash text unique,
      confirmation_sent_at timestamptz,
      reset_password_token_hash text unique,
      reset_password_sent_at timestamptz,
      deletion_token_hash text unique,
      deletion_requested_at timestamptz,
      failed_attempts int not null default 0,
      locked_at timestamptz,
      sign_in_count int not null default 0,
      last_sign_in_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
    // One account per email address across all tenants: a user belongs to one tenant (spec §8 "wrong center").
    await sql`create unique index users_email on identity.users (lower(email))`.execute(db);
    await sql`create index users_tenant_name on identity.users (tenant_id, last_name, first_name)`.execute(
      db,
    );

    const owner = (await sql<{ name: string }>`select current_user as name`.execute(db)).rows[0]!.name;
    await sql`alter table identity.users enable row level security`.execute(db);
    await sql`alter table identity.users force row level security`.execute(db);
    // Tenant isolation as everywhere; the owner may look across tenants only inside the security-definer
    // function below (the app role never can).
    await sql
      .raw(
        `create policy tenant_isolation on identity.users
          using (tenant_id = ${CURRENT_TENANT} or current_user = '${owner.replaceAll("'", "''")}')
          with check (tenant_id = ${CURRENT_TENANT} or current_user = '${owner.replaceAll("'", "''")}')`,
      )
      .execute(db);

    // Spec §8: signing in on another tenant's site must say "wrong center". The app role cannot see other
    // tenants' users, so this narrow function answers just that: the home tenant and password hash of an
    // email that lives in another tenant (the caller then checks the password before saying so).
    await sql`create function identity.foreign_account(p_email text)
      returns table (tenant_id text, encrypted_password text)
      language sql stable security definer
      set search_path = pg_catalog, identity
      as $$
        select u.tenant_id, u.encrypted_password from identity.users u
        where lower(u.email) = lower(p_email)
          and u.tenant_id is distinct from nullif(current_setting('app.tenant_id', true), '')
      $$`.execute(db);
    await sql`revoke all on function identity.foreign_account(text) from public`.execute(db);
    await sql.raw(`grant execute on function identity.foreign_account(text) to ${APP_ROLE}`).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop function identity.foreign_account(text)`.execute(db);
    await sql`drop table identity.users`.execute(db);
  },
};

export default migration;
