import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table identity.passwordless_tokens (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      user_id uuid not null references identity.users (id) on delete cascade,
      token_hash text not null unique,
      code_hash text not null,
      expires_at timestamptz not null,
      attempts int not null default 0,
      used_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);
    await sql`create index passwordless_tokens_user on identity.passwordless_tokens (user_id, created_at)`.execute(
      db,
    );
    await enableTenantRls(db, 'identity', 'passwordless_tokens');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table identity.passwordless_tokens`.execute(db);
  },
};

export default migration;
