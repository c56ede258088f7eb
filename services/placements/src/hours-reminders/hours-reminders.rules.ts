import type { THoursTotals } from '@stageplein/contracts/placements/hours';

/**
 * The selection rules of the daily hours reminders (docs/decisions/hours.md "Reminders"), free of the
 * database so they are tested on their own.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment N days before `now`: entries logged, and reminders sent, before it count as old. */
export const cutoffOf = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

export interface TSupervisorFacts {
  running: boolean;
  signedOff: boolean;
  paper: boolean;
  supervisorEmail: string | null;
  /** When the oldest still-pending entry was logged; null without pending entries. */
  oldestPendingAt: Date | null;
  /** When a confirmation link last went to the supervisor (by anyone, or a reminder). */
  linkSentAt: Date | null;
}

/**
 * The supervisor is reminded when an entry has waited more than N days and no link went to them in
 * those N days (a link sent by hand, or yesterday's reminder, counts): so a repeated run sends nothing,
 * and a supervisor hears at most once every N days per internship.
 */
export function supervisorReminderDue(f: TSupervisorFacts, cutoff: Date): boolean {
  if (!f.running || f.signedOff || f.paper || !f.supervisorEmail || !f.oldestPendingAt) return false;
  return f.oldestPendingAt < cutoff && (!f.linkSentAt || f.linkSentAt < cutoff);
}

/** Whole days from `from` to `to` (`YYYY-MM-DD`, calendar dates). */
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A student is behind below this share of the hours the calendar expects by now. */
export const BEHIND_SHARE = 0.8;

/**
 * The hours expected by `today`: the requirement spread evenly over the internship's calendar days
 * (start and end date inclusive), counted up to yesterday; null when the internship has no
 * requirement or no dates, or has not started.
 */
export function expectedHours(
  required: number | null,
  startDate: string | null,
  endDate: string | null,
  today: string,
): number | null {
  if (required === null || !startDate || !endDate || today <= startDate) return null;
  const total = daysBetween(startDate, endDate) + 1;
  if (total <= 0) return null;
  const elapsed = Math.min(total, daysBetween(startDate, today));
  return (required * elapsed) / total;
}

/**
 * Behind schedule: the hours logged (confirmed + pending, `hoursTotals`) are below BEHIND_SHARE of the
 * expected hours. Only running, unlocked internships whose requirement is not yet met are judged.
 */
export function behindSchedule(
  totals: Pick<THoursTotals, 'logged' | 'remaining'>,
  expected: number | null,
  state: { running: boolean; updatingAllowed: boolean; signedOff: boolean },
): boolean {
  if (expected === null || !state.running || !state.updatingAllowed || state.signedOff) return false;
  if (totals.remaining === 0) return false;
  return totals.logged < expected * BEHIND_SHARE;
}

/** A mentor is warned at most once per N days: not when their last warning is newer than the cutoff. */
export const mentorWarningDue = (lastWarnedAt: Date | null, cutoff: Date): boolean =>
  !lastWarnedAt || lastWarnedAt < cutoff;
