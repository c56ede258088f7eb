import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * The periodic mail (docs/decisions/notifications.md "Digest"): each person's `periodic_mail_frequency`
 * beside their address (from identity's user events; filled from identity's users when that schema is in
 * this database), when a notification went into a digest, one row per person and period sent (a re-run
 * of the period sends nothing twice), and the open tasks a digest lists (phase tasks reminded and not
 * done, hours waiting for confirmation), kept from placements' events.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table notifications.users add column periodic_mail_frequency text not null default 'weekly'
      check (periodic_mail_frequency in ('never', 'daily', 'weekly', 'monthly'))`.execute(db);
    const { rows } = await sql<{
      present: boolean;
    }>`select to_regclass('identity.users') is not null as present`.execute(db);
    if (rows[0]?.present)
      await sql`update notifications.users n set periodic_mail_frequency = u.periodic_mail_frequency
        from identity.users u where u.id = n.id`.execute(db);

    await sql`alter table notifications.notifications add column digested_at timestamptz`.execute(db);
    await sql`create index notifications_undigested on notifications.notifications (tenant_id, user_id)
      where read_at is null and digested_at is null`.execute(db);

    await sql`create table notifications.digests (
      tenant_id text not null,
      user_id uuid not null,
      period text not null,
      notifications integer not null,
      tasks integer not null,
      sent boolean not null,
      created_at timestamptz not null,
      primary key (tenant_id, user_id, period)
    )`.execute(db);
    await enableTenantRls(db, 'notifications', 'digests');

    await sql`create table notifications.open_tasks (
      tenant_id text not null,
      user_id uuid not null,
      key text not null,
      kind text not null check (kind in ('phase_task', 'hours_to_confirm')),
      internship_id uuid not null,
      title text not null,
      due_at timestamptz,
      count integer not null default 1,
      updated_at timestamptz not null,
      primary key (tenant_id, user_id, key)
    )`.execute(db);
    await sql`create index open_tasks_internship on notifications.open_tasks (tenant_id, internship_id)`.execute(
      db,
    );
    await enableTenantRls(db, 'notifications', 'open_tasks');
  },
};

export default migration;
