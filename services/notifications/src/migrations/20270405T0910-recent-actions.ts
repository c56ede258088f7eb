import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Recent actions (docs/decisions/notifications.md "Recent actions"): one row per domain event that is
 * an action on an internship, with the internship's student, school and organization, so each person's
 * scope (their own, their school's, their organization's) is one indexed range. Kept by the
 * recent-actions consumer from the events notifications already reads.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table notifications.recent_actions (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      event_id uuid not null,
      kind text not null,
      action_group text not null,
      params jsonb not null default '{}',
      subject_type text not null,
      subject_id text not null,
      link text,
      student_id uuid not null,
      school_id uuid not null,
      organization_id uuid,
      actor_id uuid,
      occurred_at timestamptz not null,
      unique (tenant_id, event_id)
    )`.execute(db);
    for (const column of ['student_id', 'school_id', 'organization_id', 'actor_id'])
      await sql`create index ${sql.raw(`recent_actions_${column}`)} on notifications.recent_actions
        (tenant_id, ${sql.ref(column)}, occurred_at desc, id desc)`.execute(db);
    await enableTenantRls(db, 'notifications', 'recent_actions');
  },
};

export default migration;
