import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table identity.dev_mails (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      kind text not null,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      created_at timestamptz not null,
      seq bigserial not null
    )`.execute(db);
    await sql`create index dev_mails_to on identity.dev_mails (lower(to_address), seq)`.execute(db);
    await enableTenantRls(db, 'identity', 'dev_mails');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table identity.dev_mails`.execute(db);
  },
};

export default migration;
