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

// Behind schedule is contracts' one rule (progress-rule.ts), shared with progress.

/**
 * The supervisor's mail: one per address and run. When any of the address's internships is due,
 * every internship of that address with pending entries goes in the same mail (its link is renewed),
 * so a supervisor of several internships hears once, and their links keep one rhythm.
 */
export function supervisorDigests<T extends { email: string; due: boolean }>(sheets: readonly T[]): T[][] {
  const byAddress = new Map<string, T[]>();
  for (const s of sheets) {
    const key = s.email.toLowerCase();
    byAddress.set(key, [...(byAddress.get(key) ?? []), s]);
  }
  return [...byAddress.values()].filter((group) => group.some((s) => s.due));
}

/** A mentor is warned at most once per N days: not when their last warning is newer than the cutoff. */
export const mentorWarningDue = (lastWarnedAt: Date | null, cutoff: Date): boolean =>
  !lastWarnedAt || lastWarnedAt < cutoff;
