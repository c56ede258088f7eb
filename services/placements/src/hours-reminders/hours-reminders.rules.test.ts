import { describe, expect, it } from 'vitest';
import { hoursTotals } from '@stageplein/contracts/placements/hours';
import {
  behindSchedule,
  cutoffOf,
  expectedHours,
  mentorWarningDue,
  supervisorReminderDue,
  type TSupervisorFacts,
} from './hours-reminders.rules.ts';

const now = new Date('2026-11-23T06:00:00Z');
const cutoff = cutoffOf(now, 7);
const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 60 * 60 * 1000);

const facts = (over: Partial<TSupervisorFacts> = {}): TSupervisorFacts => ({
  running: true,
  signedOff: false,
  paper: false,
  supervisorEmail: 'bedrijf@stageplein.test',
  oldestPendingAt: daysAgo(8),
  linkSentAt: null,
  ...over,
});

describe('supervisor reminder', () => {
  it('is due for an entry pending more than N days when no link went in those days', () => {
    expect(cutoff.toISOString()).toBe('2026-11-16T06:00:00.000Z');
    expect(supervisorReminderDue(facts(), cutoff)).toBe(true);
    expect(supervisorReminderDue(facts({ linkSentAt: daysAgo(10) }), cutoff)).toBe(true);
  });

  it('waits while the oldest pending entry is N days old or younger', () => {
    expect(supervisorReminderDue(facts({ oldestPendingAt: daysAgo(7) }), cutoff)).toBe(false);
    expect(supervisorReminderDue(facts({ oldestPendingAt: daysAgo(1) }), cutoff)).toBe(false);
    expect(supervisorReminderDue(facts({ oldestPendingAt: null }), cutoff)).toBe(false);
  });

  it('sends nothing twice: a link in the last N days (a reminder this morning, or by hand) counts', () => {
    expect(supervisorReminderDue(facts({ linkSentAt: now }), cutoff)).toBe(false);
    expect(supervisorReminderDue(facts({ linkSentAt: daysAgo(6) }), cutoff)).toBe(false);
  });

  it('skips sheets that take no confirmation: not running, signed off, paper, no address', () => {
    expect(supervisorReminderDue(facts({ running: false }), cutoff)).toBe(false);
    expect(supervisorReminderDue(facts({ signedOff: true }), cutoff)).toBe(false);
    expect(supervisorReminderDue(facts({ paper: true }), cutoff)).toBe(false);
    expect(supervisorReminderDue(facts({ supervisorEmail: null }), cutoff)).toBe(false);
  });
});

describe('behind schedule', () => {
  // 1–10 November: 10 calendar days, 80 hours, so 8 hours a day.
  const running = { running: true, updatingAllowed: true, signedOff: false };

  it('expects the requirement spread over the calendar days, counted to yesterday', () => {
    expect(expectedHours(80, '2026-11-01', '2026-11-10', '2026-11-01')).toBeNull();
    expect(expectedHours(80, '2026-11-01', '2026-11-10', '2026-11-02')).toBe(8);
    expect(expectedHours(80, '2026-11-01', '2026-11-10', '2026-11-06')).toBe(40);
    expect(expectedHours(80, '2026-11-01', '2026-11-10', '2026-12-01')).toBe(80);
    expect(expectedHours(null, '2026-11-01', '2026-11-10', '2026-11-06')).toBeNull();
    expect(expectedHours(80, '2026-11-01', null, '2026-11-06')).toBeNull();
  });

  it('is behind below 80 % of the expected hours, counting pending hours as logged', () => {
    // Expected 40 by the 6th: 32 logged is on the line, 31.75 is behind.
    const at = (confirmed: number, pending: number) =>
      hoursTotals(
        [
          { quarters: confirmed * 4, status: 'confirmed' },
          { quarters: pending * 4, status: 'pending' },
        ],
        80,
      );
    expect(behindSchedule(at(20, 12), 40, running)).toBe(false);
    expect(behindSchedule(at(20, 11.75), 40, running)).toBe(true);
    expect(behindSchedule(at(0, 0), 40, running)).toBe(true);
  });

  it('judges only running, unlocked, not signed-off sheets whose requirement is still open', () => {
    const none = hoursTotals([], 80);
    expect(behindSchedule(none, null, running)).toBe(false);
    expect(behindSchedule(none, 40, { ...running, running: false })).toBe(false);
    expect(behindSchedule(none, 40, { ...running, updatingAllowed: false })).toBe(false);
    expect(behindSchedule(none, 40, { ...running, signedOff: true })).toBe(false);
    expect(behindSchedule(hoursTotals([], 80, 320), 40, running)).toBe(false);
  });
});

describe('mentor warning', () => {
  it('goes at most once per N days', () => {
    expect(mentorWarningDue(null, cutoff)).toBe(true);
    expect(mentorWarningDue(daysAgo(8), cutoff)).toBe(true);
    expect(mentorWarningDue(now, cutoff)).toBe(false);
    expect(mentorWarningDue(daysAgo(3), cutoff)).toBe(false);
  });
});
