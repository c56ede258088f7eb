import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/** The internship events that carry its snapshot (the newest one is what the read model keeps). */
const INTERNSHIP_EVENTS = [
  'created',
  'updated',
  'accepted',
  'declined',
  'approved',
  'rejected',
  'activated',
  'completed',
  'withdrawn',
  'cancelled',
].map((verb) => `placements.internship.${verb}`);

/**
 * The in-app feed (one row per recipient of an event that tells people something), each person's
 * delivery preference per category, and the two read models that name recipients where an event names
 * only the internship (its parties) or the student (their mentors) (docs/decisions/notifications.md).
 * The read models are filled here from placements' and organizations' outboxes (kept after sending)
 * when those schemas are in this database, as the feed consumer would have left them; later events
 * reach them through that consumer.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table notifications.notifications (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      user_id uuid not null,
      event_id uuid not null,
      kind text not null,
      category text not null,
      params jsonb not null default '{}',
      subject_type text not null,
      subject_id text not null,
      link text,
      created_at timestamptz not null,
      read_at timestamptz,
      unique (tenant_id, event_id, user_id, kind)
    )`.execute(db);
    await sql`create index notifications_feed on notifications.notifications
      (tenant_id, user_id, created_at desc, id desc)`.execute(db);
    await sql`create index notifications_unread on notifications.notifications (tenant_id, user_id)
      where read_at is null`.execute(db);
    await enableTenantRls(db, 'notifications', 'notifications');

    await sql`create table notifications.preferences (
      tenant_id text not null,
      user_id uuid not null,
      category text not null,
      delivery text not null check (delivery in ('in_app', 'email', 'digest')),
      updated_at timestamptz not null,
      primary key (tenant_id, user_id, category)
    )`.execute(db);
    await enableTenantRls(db, 'notifications', 'preferences');

    await sql`create table notifications.internships (
      id uuid primary key,
      tenant_id text not null,
      student_id uuid not null,
      school_id uuid not null,
      organization_id uuid,
      contact_person_id uuid,
      title text not null,
      organization_name text,
      status text not null,
      updated_at timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'notifications', 'internships');

    await sql`create table notifications.mentorships (
      id uuid primary key,
      tenant_id text not null,
      school_id uuid not null,
      mentor_id uuid not null,
      student_id uuid not null
    )`.execute(db);
    await sql`create index mentorships_student on notifications.mentorships (tenant_id, student_id)`.execute(
      db,
    );
    await enableTenantRls(db, 'notifications', 'mentorships');

    const present = async (table: string) =>
      (await sql<{ present: boolean }>`select to_regclass(${table}) is not null as present`.execute(db))
        .rows[0]?.present;
    if (await present('placements.outbox'))
      await sql`insert into notifications.internships (id, tenant_id, student_id, school_id, organization_id,
          contact_person_id, title, organization_name, status, updated_at)
        select distinct on (e.aggregate_id)
          (d->>'internship_id')::uuid, e.tenant_id, (d->>'student_id')::uuid, (d->>'school_id')::uuid,
          (d->>'organization_id')::uuid, (d->>'contact_person_id')::uuid, d->>'title',
          d->>'organization_name', d->>'status', (d->>'updated_at')::timestamptz
        from placements.outbox e, lateral (select e.envelope->'data' as d) data
        where e.type = any(${INTERNSHIP_EVENTS})
        order by e.aggregate_id, e.seq desc`.execute(db);
    if (await present('organizations.outbox'))
      await sql`insert into notifications.mentorships (id, tenant_id, school_id, mentor_id, student_id)
        select (d->>'mentorship_id')::uuid, e.tenant_id, (d->>'school_id')::uuid, (d->>'mentor_id')::uuid,
          (d->>'student_id')::uuid
        from (
          select distinct on (e.envelope->'data'->>'mentorship_id') e.*
          from organizations.outbox e
          where e.type in ('organizations.mentorship.added', 'organizations.mentorship.removed')
          order by e.envelope->'data'->>'mentorship_id', e.seq desc
        ) e, lateral (select e.envelope->'data' as d) data
        where e.type = 'organizations.mentorship.added'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table notifications.mentorships`.execute(db);
    await sql`drop table notifications.internships`.execute(db);
    await sql`drop table notifications.preferences`.execute(db);
    await sql`drop table notifications.notifications`.execute(db);
  },
};

export default migration;
