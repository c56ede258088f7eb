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

/**
 * The last millisecond of a calendar date (YYYY-MM-DD) in the Netherlands: a deadline "20 December"
 * lasts until 23:59:59.999 there (22:59:59.999Z in winter, 21:59:59.999Z in summer), not until
 * midnight UTC at its start.
 */
export function endOfDutchDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const nextMidnightUtc = Date.UTC(year, month - 1, day + 1);
  // The Netherlands are one (CET) or two (CEST) hours ahead of UTC.
  for (const hours of [1, 2]) {
    const last = new Date(nextMidnightUtc - hours * 3_600_000 - 1);
    if (dutchDate(last) === date && dutchDate(new Date(last.getTime() + 1)) !== date) return last;
  }
  throw new Error(`no end of day for ${date}`);
}

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
