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
