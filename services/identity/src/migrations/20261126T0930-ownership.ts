import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Issue #12: a role offered to an existing account (an organization's signup naming it as first admin)
 * waits here until the account accepts the mailed single-use link; and a changed e-mail address waits
 * in `unconfirmed_email` until the new address confirms it.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table identity.role_invitations (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      user_id uuid not null references identity.users (id) on delete cascade,
      name text not null,
      resource_type text not null,
      resource_id uuid not null,
      token_hash text not null unique,
      created_at timestamptz not null
    )`.execute(db);
    await sql`create index role_invitations_user on identity.role_invitations (user_id)`.execute(db);
    await enableTenantRls(db, 'identity', 'role_invitations');
    await sql`alter table identity.users add column unconfirmed_email text`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table identity.users drop column unconfirmed_email`.execute(db);
    await sql`drop table identity.role_invitations`.execute(db);
  },
};

export default migration;
