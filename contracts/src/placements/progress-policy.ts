/**
 * Internship progress rules (stagevoortgang, issue #17 item 4, docs/decisions/progress.md). Pure and
 * without zod so the portal's progress screens import it cheaply. The hours figures themselves come
 * from hours-policy's `hoursTotals`; this file only adds the "behind schedule" rule.
 */

const DAY = 86_400_000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);

/**
 * The share of the period that has elapsed on `today` (all `YYYY-MM-DD`), 0–1: nothing before the
 * start date, everything from the end date on, counted in whole days with both ends included.
 */
export function elapsedShare(start: string, end: string, today: string): number {
  const s = dayNumber(start);
  const e = dayNumber(end);
  const t = dayNumber(today);
  if (t < s) return 0;
  if (t >= e) return 1;
  return (t - s + 1) / (e - s + 1);
}

/**
 * Behind schedule: the internship has required hours and its confirmed hours are below the share of
 * them that the elapsed part of the period asks for (`confirmed < required × elapsedShare`). Without a
 * requirement nobody is behind; before the period starts nobody is behind.
 */
export function behindSchedule(
  confirmed: number,
  required: number | null,
  period: { start_date: string; end_date: string },
  today: string,
): boolean {
  if (required === null) return false;
  return confirmed < required * elapsedShare(period.start_date, period.end_date, today);
}

/** The columns of the CSV export, in order (names in Dutch: the school's spreadsheet). */
export const PROGRESS_CSV_COLUMNS = [
  'leerling',
  'groep',
  'niveau',
  'mentor',
  'stageplek',
  'status',
  'uren_gelogd',
  'uren_bevestigd',
  'uren_vereist',
  'procent',
  'achter_op_schema',
] as const;
