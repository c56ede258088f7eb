import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Whom requested mail goes to (docs/decisions/mail-requests.md): each user's address, name, language and
 * status from identity's `user.*` events. A deleted user stays as a tombstone, so a late `updated`
 * cannot bring them back.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table notifications.users (
      id uuid primary key,
      tenant_id text not null,
      email text not null,
      first_name text,
      locale text not null,
      status text not null,
      deleted boolean not null default false,
      event_time timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'notifications', 'users');
  },
};

export default migration;
