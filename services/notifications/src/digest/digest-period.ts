import { dutchDate } from '@stageplein/contracts/domain/school-years';

export type TDigestFrequency = 'daily' | 'weekly' | 'monthly';

/** A period whose digest is due: the frequency and the period's key (`daily:2026-11-30`, `weekly:2026-W49`, `monthly:2026-12`). */
export interface TDigestPeriod {
  frequency: TDigestFrequency;
  period: string;
}

/** ISO 8601 week of a calendar date (YYYY-MM-DD): `2026-W49`. */
export function isoWeek(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  const weekday = day.getUTCDay() || 7;
  // The week's Thursday decides its year.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * The digests due on the Dutch day of `at`: the day's every day, the week's on its Monday, the month's on
 * its 1st. A run on the same day (a retry, a second trigger) names the same periods, so what was sent for
 * them is not sent again.
 */
export function duePeriods(at: Date): TDigestPeriod[] {
  const date = dutchDate(at);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const periods: TDigestPeriod[] = [{ frequency: 'daily', period: `daily:${date}` }];
  if (new Date(Date.UTC(y, m - 1, d)).getUTCDay() === 1)
    periods.push({ frequency: 'weekly', period: `weekly:${isoWeek(date)}` });
  if (d === 1) periods.push({ frequency: 'monthly', period: `monthly:${date.slice(0, 7)}` });
  return periods;
}
