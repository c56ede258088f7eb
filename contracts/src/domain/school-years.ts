/** Dutch school years run from 1 August to 31 July. */
export interface TSchoolYearDates {
  name: string;
  start_date: string;
  end_date: string;
}

/** Calendar date (YYYY-MM-DD) of an instant in the Netherlands, where the schools are. */
export function dutchDate(at: Date): string {
  return DUTCH_DATE.format(at);
}
// Building a formatter is costly; one serves every call (en-CA formats as YYYY-MM-DD).
const DUTCH_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' });

/** The school year containing `date` (YYYY-MM-DD), shifted by `offset` years. */
export function schoolYearOf(date: string, offset = 0): TSchoolYearDates {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const startYear = (month >= 8 ? year : year - 1) + offset;
  return {
    name: `${startYear}-${startYear + 1}`,
    start_date: `${startYear}-08-01`,
    end_date: `${startYear + 1}-07-31`,
  };
}

/**
 * isCurrent: today lies within the year. isNext: the first year starting after today — the one a
 * school prepares internships for.
 */
export function schoolYearFlags<T extends { start_date: string; end_date: string }>(
  years: readonly T[],
  today: string,
): (T & { is_current: boolean; is_next: boolean })[] {
  const upcoming = years
    .filter((y) => y.start_date > today)
    .map((y) => y.start_date)
    .sort()[0];
  return years.map((y) => ({
    ...y,
    is_current: y.start_date <= today && today <= y.end_date,
    is_next: y.start_date === upcoming,
  }));
}

/**
 * Spec §4: only periods of the current or next school year count. The ids of those years among
 * `years` on `today` (YYYY-MM-DD, Dutch calendar date) — organizations' `GET /internship_periods` and
 * placements' `filter[in_scope]` both ask this.
 */
export function inScopeSchoolYearIds(
  years: readonly { id: string; start_date: string; end_date: string }[],
  today: string,
): string[] {
  return schoolYearFlags(years, today)
    .filter((y) => y.is_current || y.is_next)
    .map((y) => y.id);
}
