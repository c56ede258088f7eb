/**
 * Hours that wait for the student (issue #30 item 2, docs/decisions/hours.md "Hours to log"): the
 * weeks of a running internship's sheet in which the student logged nothing. Pure and zod-free: the
 * placements service computes the student's queue with it (`GET /api/v1/hours/due`); the portal only
 * shows what the server counted.
 *
 * A week runs Monday to Sunday (Dutch weeks). A week is due once it has ended (its Sunday lies before
 * today) and it overlaps the schedule window (`scheduleWindow`: the internship's dates, else its
 * period's), clipped to that window; the running week is not due yet, its days can still be logged.
 * Only while the student may log (the sheet's `log` step: running, not locked, not signed off, no
 * paper total): a sheet the student can no longer change asks nothing of them.
 */

const DAY = 86_400_000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
/** Monday of the week of `day` (1970-01-01, day 0, was a Thursday). */
const mondayOf = (day: number) => day - ((day + 3) % 7);

/** One week of the sheet, clipped to the window (`YYYY-MM-DD`, both days included). */
export interface THoursWeek {
  starts_on: string;
  ends_on: string;
}

/** At most this many weeks are listed per internship (the count is always whole). */
export const HOURS_DUE_WEEKS_LISTED = 10;

/**
 * The ended weeks of `window` without a logged date (`logged`: the dates of the sheet's entries, any
 * status: a rejected entry was still logged, the supervisor's answer is not the student's delay),
 * oldest first. Empty when the student may not log or there is no window.
 */
export function hoursWeeksToLog(
  window: { start: string; end: string } | null,
  logged: readonly string[],
  today: string,
  mayLog: boolean,
): THoursWeek[] {
  if (!mayLog || !window) return [];
  const start = dayNumber(window.start);
  const end = dayNumber(window.end);
  const loggedDays = new Set(logged.map(dayNumber));
  // The last ended week: the one before today's.
  const lastMonday = mondayOf(dayNumber(today)) - 7;
  const weeks: THoursWeek[] = [];
  for (let monday = mondayOf(start); monday <= lastMonday && monday <= end; monday += 7) {
    const from = Math.max(monday, start);
    const to = Math.min(monday + 6, end);
    let any = false;
    for (let d = from; d <= to && !any; d++) any = loggedDays.has(d);
    if (!any) weeks.push({ starts_on: dateOf(from), ends_on: dateOf(to) });
  }
  return weeks;
}
