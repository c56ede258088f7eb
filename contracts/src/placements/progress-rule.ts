/**
 * The one "behind schedule" rule (issue #17, docs/decisions/progress.md "Behind schedule"): progress's
 * flag and filter (`/stagevoortgang/{period}`, its CSV) and the mentor's daily warning
 * (services/placements/src/hours/hours-reminders) both call `behindSchedule`, so a student the warning
 * names is the student the list flags. Pure and zod-free: the portal's explanation page imports it.
 */
import { HOURS_RUNNING_STATUSES } from './hours-policy.ts';
import type { TInternshipStatus } from './internships.ts';

/** A student is behind below this share of the hours the calendar expects by now. */
export const BEHIND_TOLERANCE = 0.8;

const DAY = 86_400_000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);

/**
 * The share of `start … end` (both `YYYY-MM-DD`, both days included) that lies before `today`: whole
 * days up to yesterday, so a day's hours can still be logged that evening. 0 until the start date
 * has passed, 1 once the end date has.
 */
export function elapsedShare(start: string, end: string, today: string): number {
  const s = dayNumber(start);
  const e = dayNumber(end);
  const t = dayNumber(today);
  if (e < s || t <= s) return 0;
  if (t > e) return 1;
  return (t - s) / (e - s + 1);
}

/** What the rule needs of one internship; `period` supplies the dates the internship lacks. */
export interface TScheduleFacts {
  status: TInternshipStatus;
  /** The required hours (internship's own, else the period's default); null: none set. */
  required: number | null;
  /** Confirmed + pending hours (hours-policy's `logged`; a paper total counts as confirmed). */
  logged: number;
  updatingAllowed: boolean;
  signedOff: boolean;
  start_date: string | null;
  end_date: string | null;
  period: { start_date: string; end_date: string } | null;
}

/** The schedule's window: the internship's own dates, each falling back to its period's. */
export function scheduleWindow(f: Pick<TScheduleFacts, 'start_date' | 'end_date' | 'period'>) {
  const start = f.start_date ?? f.period?.start_date ?? null;
  const end = f.end_date ?? f.period?.end_date ?? null;
  return start && end ? { start, end } : null;
}

/**
 * The hours the calendar expects by `today`: the requirement spread evenly over the window's days,
 * counted up to yesterday. Null when the internship is not judged: no requirement, no window, or the
 * student can no longer log (not running, locked, signed off).
 */
export function expectedHours(f: TScheduleFacts, today: string): number | null {
  if (f.required === null || f.required <= 0) return null;
  if (!HOURS_RUNNING_STATUSES.includes(f.status) || !f.updatingAllowed || f.signedOff) return null;
  const window = scheduleWindow(f);
  if (!window) return null;
  return f.required * elapsedShare(window.start, window.end, today);
}

/**
 * Behind schedule: the internship is judged (`expectedHours`), its requirement is not met, and the
 * logged hours are below BEHIND_TOLERANCE of the expected hours. Logged, not confirmed: hours waiting
 * for the supervisor are the supervisor's delay (they get their own reminder), not the student's.
 */
export function behindSchedule(f: TScheduleFacts, today: string): boolean {
  const expected = expectedHours(f, today);
  if (expected === null || f.logged >= f.required!) return false;
  return f.logged < expected * BEHIND_TOLERANCE;
}
