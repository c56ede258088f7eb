import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';
import { fileBlobsMigrationV1 } from '@stageplein/kit/migrations/file-blobs.v1';

/**
 * Conversations (docs/decisions/conversations.md): a thread per internship (its parties come from the
 * internships read model, never stored here) or a direct one between two people (`direct_members`);
 * messages, their attachments (bytes in the object store: `file_blobs` for the PostgreSQL adapter), each
 * person's read state per conversation, and the names people are shown by (identity's user events;
 * filled from identity's users when that schema is in this database).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table notifications.conversations (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      kind text not null check (kind in ('internship', 'direct')),
      internship_id uuid,
      direct_key text,
      created_at timestamptz not null,
      last_message_at timestamptz,
      check ((kind = 'internship') = (internship_id is not null)),
      check ((kind = 'direct') = (direct_key is not null)),
      unique (tenant_id, internship_id),
      unique (tenant_id, direct_key)
    )`.execute(db);
    await enableTenantRls(db, 'notifications', 'conversations');

    await sql`create table notifications.direct_members (
      conversation_id uuid not null references notifications.conversations (id) on delete cascade,
      tenant_id text not null,
      user_id uuid not null,
      primary key (conversation_id, user_id)
    )`.execute(db);
    await sql`create index direct_members_user on notifications.direct_members (tenant_id, user_id)`.execute(
      db,
    );
    await enableTenantRls(db, 'notifications', 'direct_members');

    await sql`create table notifications.messages (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      conversation_id uuid not null references notifications.conversations (id) on delete cascade,
      author_id uuid not null,
      author_name text not null,
      body text not null,
      internal boolean not null default false,
      -- Milliseconds, as JavaScript's dates carry them: read state compares against a message's time.
      created_at timestamptz(3) not null default clock_timestamp()
    )`.execute(db);
    await sql`create index messages_conversation on notifications.messages
      (tenant_id, conversation_id, created_at desc, id desc)`.execute(db);
    await enableTenantRls(db, 'notifications', 'messages');

    await sql`create table notifications.message_attachments (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      message_id uuid not null references notifications.messages (id) on delete cascade,
      file_name text not null,
      content_type text not null,
      size integer not null,
      hash text not null check (hash ~ '^[0-9a-f]{64}$'),
      storage text not null check (storage in ('postgres', 'filesystem', 's3'))
    )`.execute(db);
    await sql`create index message_attachments_message on notifications.message_attachments (message_id)`.execute(
      db,
    );
    await enableTenantRls(db, 'notifications', 'message_attachments');
    await fileBlobsMigrationV1('notifications').up(db);

    await sql`create table notifications.conversation_reads (
      conversation_id uuid not null references notifications.conversations (id) on delete cascade,
      tenant_id text not null,
      user_id uuid not null,
      last_read_at timestamptz not null,
      primary key (conversation_id, user_id)
    )`.execute(db);
    await enableTenantRls(db, 'notifications', 'conversation_reads');

    await sql`create table notifications.people (
      id uuid primary key,
      tenant_id text not null,
      first_name text,
      last_name text,
      email text not null,
      deleted boolean not null default false,
      event_time timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'notifications', 'people');
    const { rows } = await sql<{
      present: boolean;
    }>`select to_regclass('identity.users') is not null as present`.execute(db);
    if (rows[0]?.present)
      await sql`insert into notifications.people (id, tenant_id, first_name, last_name, email, deleted, event_time)
        select id, tenant_id, first_name, last_name, email, false, '-infinity'::timestamptz from identity.users
        on conflict (id) do nothing`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'people',
      'conversation_reads',
      'file_blobs',
      'message_attachments',
      'messages',
      'direct_members',
      'conversations',
    ])
      await sql.raw(`drop table notifications.${table}`).execute(db);
  },
};

export default migration;
