import { z } from 'zod';

/** The years a calendar date of this product can fall in; anything else is a typo or a probe. */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2200;

/** Whether an ISO `YYYY-MM-DD…` string names a year in the sane range. */
export function isSaneYear(iso: string): boolean {
  const year = Number(iso.slice(0, 4));
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
}

/**
 * A calendar date (`YYYY-MM-DD`) between DATE_YEAR_MIN and DATE_YEAR_MAX: every route's date field,
 * so `0000-01-01` is a 422 at the edge rather than a database error.
 */
export const zDate = () =>
  z.iso.date().refine(isSaneYear, {
    params: { i18nKey: 'validation.dateRange', i18nVars: { min: DATE_YEAR_MIN, max: DATE_YEAR_MAX } },
  });

const ZCalendarDate = z.iso.date();
const ZMoment = z.iso.datetime({ offset: true, local: true });

/**
 * The one parser of dates in query strings (filters): a day `YYYY-MM-DD`, or with `moment` also an
 * ISO 8601 date-time (`THH:MM[:SS[.s]]`, `Z` or `±HH:MM` optional), that names a real calendar day
 * between DATE_YEAR_MIN and DATE_YEAR_MAX. `2026-02-30`, `0000-01-01` or `T25:00` are a 400 at the
 * edge instead of a database error.
 */
export function isFilterDate(value: string, moment = false): boolean {
  const valid = ZCalendarDate.safeParse(value).success || (moment && ZMoment.safeParse(value).success);
  return valid && isSaneYear(value);
}
