import type { TChangeActor } from '@stageplein/kit/auth/caller';
import { dutchDate, inScopeSchoolYearIds } from '@stageplein/contracts/domain/school-years';
import { isEndBeforeStart } from '@stageplein/contracts/validation/field-rules';
import {
  comparePeriods,
  currentPeriodOn,
  type TInternshipPeriodStatus,
  type TPeriodRef,
} from '@stageplein/contracts/organizations/internship-periods';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { listSchoolYears } from '../school-years/school-years.repository.ts';
import type { TCaller } from '../shared/caller.ts';
import { record } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import { currentSchool } from '../shared/school.ts';
import { insertPeriod, listPeriods, updatePeriod, type TPeriodRow } from './internship-periods.repository.ts';

export const periodRef = (p: TPeriodRow): TPeriodRef & { row: TPeriodRow } => ({
  id: p.id,
  status: p.status,
  schoolId: p.school_id,
  schoolYearId: p.school_year_id,
  startDate: p.start_date,
  endDate: p.end_date,
  name: p.name,
  row: p,
});

/** Sorted like contracts' `comparePeriods`, so server and front ends agree on "the first". */
export const sortPeriods = (rows: readonly TPeriodRow[]) =>
  rows
    .map(periodRef)
    .sort(comparePeriods)
    .map((r) => r.row);

/** Ids of the current and next school year (spec §4: only their periods are in scope). */
export async function inScopeYearIds(ctx: TCtx): Promise<string[]> {
  return inScopeSchoolYearIds(await listSchoolYears(ctx.db), dutchDate(ctx.now));
}

/**
 * `GET /internship_periods`: the in-scope periods of the caller (school users: their school's,
 * others: active ones; current and next school year), or every year of their school for its admins
 * when `allYears`.
 */
export async function periodsFor(ctx: TCtx, caller: TCaller, query: TJsonApiQuery, allYears: boolean) {
  const school = currentSchool(caller.current);
  const yearIds = allYears ? undefined : await inScopeYearIds(ctx);
  return sortPeriods(await listPeriods(ctx.db, { yearIds, schoolId: school?.id ?? null }, query));
}

/** Spec §4 current internship period: a student's from the server's rule, anyone else's the first in scope. */
export async function currentPeriodFor(ctx: TCtx, caller: TCaller): Promise<TPeriodRow | null> {
  const school = currentSchool(caller.current);
  const yearIds = await inScopeYearIds(ctx);
  if (caller.permissions.isStudent && school) {
    const own = await listPeriods(ctx.db, { yearIds, schoolId: school.id });
    return currentPeriodOn(own.map(periodRef), dutchDate(ctx.now))?.row ?? null;
  }
  return sortPeriods(await listPeriods(ctx.db, { yearIds, schoolId: school?.id ?? null }))[0] ?? null;
}

export interface TPeriodValues {
  name: string;
  start_date: string;
  end_date: string;
  school_year_id?: string | undefined;
  status: TInternshipPeriodStatus;
}

/** Dates in order and within the school year (by default the one containing the start date). */
async function resolveSchoolYear(ctx: TCtx, values: TPeriodValues): Promise<string> {
  if (isEndBeforeStart(values.start_date, values.end_date)) {
    throw new ApiError('invalid_date_range', {}, { pointer: '/data/attributes/end_date' });
  }
  const years = ctx.db
    .selectFrom('organizations.school_years')
    .select(['id', 'name', 'start_date', 'end_date']);
  const year = values.school_year_id
    ? await years.where('id', '=', values.school_year_id).executeTakeFirst()
    : await years
        .where('start_date', '<=', values.start_date)
        .where('end_date', '>=', values.start_date)
        .executeTakeFirst();
  if (!year) {
    const field = values.school_year_id ? 'school_year_id' : 'start_date';
    throw new ApiError('validation_failed', {}, { pointer: `/data/attributes/${field}` });
  }
  if (values.start_date < year.start_date || values.end_date > year.end_date) {
    const field = values.start_date < year.start_date ? 'start_date' : 'end_date';
    throw new ApiError(
      'period_outside_school_year',
      { school_year: year.name },
      { pointer: `/data/attributes/${field}` },
    );
  }
  return year.id;
}

const payload = (p: TPeriodRow) => ({
  internship_period_id: p.id,
  school_id: p.school_id,
  school_year_id: p.school_year_id,
  name: p.name,
  start_date: p.start_date,
  end_date: p.end_date,
  status: p.status,
});

export async function createPeriod(ctx: TCtx, caller: TChangeActor, schoolId: string, values: TPeriodValues) {
  const schoolYearId = await resolveSchoolYear(ctx, values);
  const period = await insertPeriod(ctx.db, {
    tenant_id: ctx.tenant.id,
    school_id: schoolId,
    school_year_id: schoolYearId,
    name: values.name,
    start_date: values.start_date,
    end_date: values.end_date,
    status: values.status,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  await record(
    ctx,
    caller,
    'organizations.internship_period.created',
    { type: 'internship_period', id: period.id },
    payload(period),
  );
  return period;
}

/** Edit or archive (status archived; `active` again restores it). */
export async function changePeriod(
  ctx: TCtx,
  caller: TChangeActor,
  period: TPeriodRow,
  changes: Partial<TPeriodValues>,
) {
  const values: TPeriodValues = {
    name: changes.name ?? period.name,
    start_date: changes.start_date ?? period.start_date,
    end_date: changes.end_date ?? period.end_date,
    status: changes.status ?? period.status,
    // New dates without a named year: the year follows the start date.
    school_year_id: changes.school_year_id ?? (changes.start_date ? undefined : period.school_year_id),
  };
  const schoolYearId = await resolveSchoolYear(ctx, values);
  const updated = await updatePeriod(ctx.db, period.id, {
    name: values.name,
    start_date: values.start_date,
    end_date: values.end_date,
    status: values.status,
    school_year_id: schoolYearId,
    updated_at: ctx.now,
  });
  const archived = period.status !== 'archived' && updated.status === 'archived';
  const type = archived
    ? 'organizations.internship_period.archived'
    : 'organizations.internship_period.updated';
  await record(ctx, caller, type, { type: 'internship_period', id: period.id }, payload(updated));
  return updated;
}
