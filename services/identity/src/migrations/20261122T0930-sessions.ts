import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table identity.sessions (
      client text primary key,
      seq bigserial not null,
      tenant_id text not null,
      user_id uuid not null references identity.users (id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      impersonator_id uuid,
      created_at timestamptz not null
    )`.execute(db);
    await sql`create index sessions_user on identity.sessions (user_id, seq)`.execute(db);
    await enableTenantRls(db, 'identity', 'sessions');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table identity.sessions`.execute(db);
  },
};

export default migration;
