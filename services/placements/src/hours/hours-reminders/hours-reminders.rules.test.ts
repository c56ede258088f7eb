import { describe, expect, it } from 'vitest';
import {
  cutoffOf,
  mentorWarningDue,
  supervisorDigests,
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

describe('supervisor digests', () => {
  const sheet = (email: string, id: string, due: boolean) => ({ email, id, due });

  it('groups by address (case-insensitive) and keeps only addresses with something due', () => {
    const groups = supervisorDigests([
      sheet('Piet@bedrijf.test', 'a', true),
      sheet('piet@bedrijf.test', 'b', false),
      sheet('anna@zorg.test', 'c', false),
      sheet('kees@bouw.test', 'd', true),
    ]);
    expect(groups.map((g) => g.map((s) => s.id))).toEqual([['a', 'b'], ['d']]);
  });

  it('sends nothing when nothing is due', () => {
    expect(supervisorDigests([sheet('piet@bedrijf.test', 'a', false)])).toEqual([]);
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
