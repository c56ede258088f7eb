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
