import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Mails to a user that bounced hard or met a suppressed address (docs/decisions/mail-delivery.md): kept,
 * rendered, until the user's address changes, then sent to the new one. And `notifications.users` filled
 * from identity's users when that schema is in this database (an installation from before the read model:
 * its users' events were delivered before the consumer existed); later changes come as events.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table notifications.held_mails (
      delivery_id uuid primary key,
      tenant_id text not null,
      user_id uuid not null,
      address text not null,
      job jsonb not null,
      held_at timestamptz not null
    )`.execute(db);
    await sql`create index held_mails_user on notifications.held_mails (user_id)`.execute(db);
    await enableTenantRls(db, 'notifications', 'held_mails');
    const { rows } = await sql<{
      present: boolean;
    }>`select to_regclass('identity.users') is not null as present`.execute(db);
    if (rows[0]?.present)
      await sql`insert into notifications.users (id, tenant_id, email, first_name, locale, status, deleted, event_time)
        select id, tenant_id, email, first_name, locale, status, false, '-infinity'::timestamptz from identity.users
        on conflict (id) do nothing`.execute(db);
  },
};

export default migration;
