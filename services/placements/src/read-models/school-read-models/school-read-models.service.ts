import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TCtx } from '../../shared/request.ts';
import { sql } from 'kysely';
import { dutchDate, schoolYearFlags } from '@stageplein/contracts/domain/school-years';
import { inScopePeriods, type TPeriodRef } from '@stageplein/contracts/organizations/internship-periods';
import type { TDb } from '../../database.ts';

/**
 * Spec §4's in-scope periods on placements' read models, by contracts' rules (the same ones the
 * screens and organizations' `GET /internship_periods` use): periods of the current or next school
 * year on `now`'s Dutch date; a School's users (`schoolId`: the current organization when it is a
 * School) see their School's periods, anyone else the active ones. Ids, in the periods' list order.
 */
export async function inScopePeriodIds(db: TDb, now: Date, schoolId: string | null): Promise<string[]> {
  return (await inScopePeriodRefs(db, now, schoolId)).map((p) => p.id);
}

/** The periods themselves (`inScopePeriodIds`), as contracts' rules take them. */
export async function inScopePeriodRefs(db: TDb, now: Date, schoolId: string | null): Promise<TPeriodRef[]> {
  const [years, periods] = await Promise.all([
    db.selectFrom('placements.school_years').select(['id', 'start_date', 'end_date']).execute(),
    db
      .selectFrom('placements.internship_periods')
      .select(['id', 'status', 'school_id', 'school_year_id', 'start_date', 'end_date', 'name'])
      .where('deleted', '=', false)
      .$if(schoolId !== null, (q) => q.where('school_id', '=', schoolId!))
      .execute(),
  ]);
  const schoolYears = schoolYearFlags(years, dutchDate(now)).map((y) => ({
    id: y.id,
    isCurrent: y.is_current,
    isNext: y.is_next,
  }));
  const refs = periods.map((p) => ({
    id: p.id,
    status: p.status,
    schoolId: p.school_id,
    schoolYearId: p.school_year_id,
    startDate: p.start_date,
    endDate: p.end_date,
    name: p.name,
  }));
  return inScopePeriods(refs, { schoolYears, schoolId });
}

/**
 * The school's students (identity's student roles on it), each with their group and its level; with
 * groups or levels given only those in one of the groups or in a group of one of the levels.
 */
export type TSchoolStudent = Awaited<ReturnType<typeof studentsOfSchool>>[number];

export async function studentsOfSchool(
  db: TDb,
  schoolId: string,
  filter: { groupIds: readonly string[]; levelIds: readonly string[]; studentId?: string },
) {
  const everyone = filter.groupIds.length === 0 && filter.levelIds.length === 0;
  const groupIds = sql`${sql.val(filter.groupIds)}::uuid[]`;
  const levelIds = sql`${sql.val(filter.levelIds)}::uuid[]`;
  const { rows } = await sql<{
    id: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    group_id: string | null;
    group_name: string | null;
    level_id: string | null;
  }>`
    select distinct on (r.user_id) r.user_id as id, u.first_name, u.last_name, u.email, g.id as group_id,
      g.name as group_name, g.level_id
    from placements.auth_roles r
    left join placements.users u on u.id = r.user_id and not u.deleted
    left join placements.group_memberships m on m.school_id = r.resource_id and m.student_id = r.user_id
    left join placements.groups g on g.id = m.group_id and not g.deleted
    where r.name = 'student' and r.resource_id = ${schoolId}
      and (u.id is null or u.status in ('active', 'invited'))
      ${filter.studentId ? sql`and r.user_id = ${filter.studentId}` : sql``}
      ${everyone ? sql`` : sql`and (g.id = any(${groupIds}) or g.level_id = any(${levelIds}))`}
    order by r.user_id`.execute(db);
  return rows.sort(
    (a, b) =>
      (a.last_name ?? '').localeCompare(b.last_name ?? '') ||
      (a.first_name ?? '').localeCompare(b.first_name ?? '') ||
      a.id.localeCompare(b.id),
  );
}

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
export async function applySchoolEvent(ctx: TCtx, event: TEventEnvelope): Promise<void> {
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
        where placements.school_years.event_time <= excluded.event_time`.execute(ctx.db);
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
        where placements.internship_periods.event_time <= excluded.event_time`.execute(ctx.db);
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
        ctx.db,
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
        where placements.group_memberships.event_time <= excluded.event_time`.execute(ctx.db);
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
        ctx.db,
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
        where placements.mentorships.event_time <= excluded.event_time`.execute(ctx.db);
      return;
    }
    default: {
      // Every organization snapshot event: its website, for the internship's organization include.
      const o = EVENT_PAYLOADS['organizations.organization.updated'].parse(event.data);
      await sql`
        insert into placements.organization_websites (id, tenant_id, website, event_time)
        values (${o.organization_id}, ${tenant}, ${o.website}, ${time})
        on conflict (id) do update set website = excluded.website, event_time = excluded.event_time
        where placements.organization_websites.event_time <= excluded.event_time`.execute(ctx.db);
    }
  }
}
