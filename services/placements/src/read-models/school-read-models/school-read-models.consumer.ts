import { sql, type Kysely } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import { ORGANIZATION_SNAPSHOT_EVENTS } from '@stageplein/kit/read-models/organizations-read-model';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { SCHEMA } from '../../database.ts';

export const SCHOOL_EVENTS = [
  'organizations.school_year.created',
  'organizations.internship_period.created',
  'organizations.internship_period.updated',
  'organizations.internship_period.archived',
  'organizations.group.created',
  'organizations.group.updated',
  'organizations.group.deleted',
  'organizations.group_membership.changed',
  'organizations.level.created',
  'organizations.level.updated',
  'organizations.level.deleted',
  'organizations.mentorship.added',
  'organizations.mentorship.removed',
] as const;

/**
 * Keeps placements' copies of organizations' school resources current (school years, internship
 * periods, groups and memberships, levels, mentorships; docs/decisions/internships.md), and each organization's website.
 * Idempotent per event id; every upsert keeps the newest `event_time`, so a late redelivery cannot go
 * back, and a deleted group or level stays as a tombstone.
 */
export function schoolReadModelsConsumer(db: Kysely<unknown>): TConsumer {
  return idempotentConsumer({
    db,
    schema: SCHEMA,
    group: `${SCHEMA}.school-read-models`,
    types: [...SCHOOL_EVENTS, ...ORGANIZATION_SNAPSHOT_EVENTS],
    async apply(trx, event) {
      const time = new Date(event.time);
      const tenant = event.tenant;
      switch (event.type) {
        case 'organizations.school_year.created': {
          // The event's subject is the school year's id (its payload has the calendar fields only).
          const y = EVENT_PAYLOADS['organizations.school_year.created'].parse(event.data);
          await sql`
            insert into placements.school_years (id, tenant_id, name, start_date, end_date, event_time)
            values (${event.subject}, ${tenant}, ${y.name}, ${y.start_date}, ${y.end_date}, ${time})
            on conflict (id) do update set name = excluded.name, start_date = excluded.start_date,
              end_date = excluded.end_date, event_time = excluded.event_time
            where placements.school_years.event_time <= excluded.event_time`.execute(trx);
          return;
        }
        case 'organizations.internship_period.created':
        case 'organizations.internship_period.updated':
        case 'organizations.internship_period.archived': {
          const p = EVENT_PAYLOADS['organizations.internship_period.updated'].parse(event.data);
          await sql`
            insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name,
              start_date, end_date, status, event_time)
            values (${p.internship_period_id}, ${tenant}, ${p.school_id}, ${p.school_year_id}, ${p.name},
              ${p.start_date}, ${p.end_date}, ${p.status}, ${time})
            on conflict (id) do update set school_year_id = excluded.school_year_id, name = excluded.name,
              start_date = excluded.start_date, end_date = excluded.end_date, status = excluded.status,
              event_time = excluded.event_time
            where placements.internship_periods.event_time <= excluded.event_time`.execute(trx);
          return;
        }
        case 'organizations.group.created':
        case 'organizations.group.updated':
        case 'organizations.group.deleted': {
          const g = EVENT_PAYLOADS['organizations.group.updated'].parse(event.data);
          const deleted = event.type === 'organizations.group.deleted';
          await sql`
            insert into placements.groups (id, tenant_id, school_id, school_year_id, level_id, name, deleted,
              event_time)
            values (${g.group_id}, ${tenant}, ${g.school_id}, ${g.school_year_id}, ${g.level_id}, ${g.name},
              ${deleted}, ${time})
            on conflict (id) do update set school_year_id = excluded.school_year_id,
              level_id = excluded.level_id, name = excluded.name, deleted = excluded.deleted,
              event_time = excluded.event_time
            where placements.groups.event_time <= excluded.event_time and not placements.groups.deleted`.execute(
            trx,
          );
          return;
        }
        case 'organizations.group_membership.changed': {
          const m = EVENT_PAYLOADS['organizations.group_membership.changed'].parse(event.data);
          await sql`
            insert into placements.group_memberships (school_id, student_id, tenant_id, group_id, event_time)
            values (${m.school_id}, ${m.student_id}, ${tenant}, ${m.group_id}, ${time})
            on conflict (school_id, student_id) do update set group_id = excluded.group_id,
              event_time = excluded.event_time
            where placements.group_memberships.event_time <= excluded.event_time`.execute(trx);
          return;
        }
        case 'organizations.level.created':
        case 'organizations.level.updated':
        case 'organizations.level.deleted': {
          const l = EVENT_PAYLOADS['organizations.level.updated'].parse(event.data);
          const deleted = event.type === 'organizations.level.deleted';
          await sql`
            insert into placements.levels (id, tenant_id, school_id, name, deleted, event_time)
            values (${l.level_id}, ${tenant}, ${l.school_id}, ${l.name}, ${deleted}, ${time})
            on conflict (id) do update set name = excluded.name, deleted = excluded.deleted,
              event_time = excluded.event_time
            where placements.levels.event_time <= excluded.event_time and not placements.levels.deleted`.execute(
            trx,
          );
          return;
        }
        case 'organizations.mentorship.added':
        case 'organizations.mentorship.removed': {
          const m = EVENT_PAYLOADS['organizations.mentorship.added'].parse(event.data);
          const removed = event.type === 'organizations.mentorship.removed';
          await sql`
            insert into placements.mentorships (id, tenant_id, school_id, mentor_id, student_id, removed,
              event_time)
            values (${m.mentorship_id}, ${tenant}, ${m.school_id}, ${m.mentor_id}, ${m.student_id},
              ${removed}, ${time})
            on conflict (id) do update set removed = excluded.removed, event_time = excluded.event_time
            where placements.mentorships.event_time <= excluded.event_time`.execute(trx);
          return;
        }
        default: {
          // Every organization snapshot event: its website, for the internship's organization include.
          const o = EVENT_PAYLOADS['organizations.organization.updated'].parse(event.data);
          await sql`
            insert into placements.organization_websites (id, tenant_id, website, event_time)
            values (${o.organization_id}, ${tenant}, ${o.website}, ${time})
            on conflict (id) do update set website = excluded.website, event_time = excluded.event_time
            where placements.organization_websites.event_time <= excluded.event_time`.execute(trx);
        }
      }
    },
  });
}
