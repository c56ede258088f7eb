import { describe, expect, it } from 'vitest';
import { duePeriods, isoWeek } from './digest-period.ts';

describe('digest periods', () => {
  it('names ISO weeks, the year of their Thursday', () => {
    expect(isoWeek('2026-11-30')).toBe('2026-W49');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
    expect(isoWeek('2025-12-29')).toBe('2026-W01');
  });

  it('is daily every day, weekly on Mondays, monthly on the 1st, by the Dutch date', () => {
    // Sunday 29 November 2026, 12:00 Dutch time: only the day's.
    expect(duePeriods(new Date('2026-11-29T11:00:00Z'))).toEqual([
      { frequency: 'daily', period: 'daily:2026-11-29' },
    ]);
    // 23:30 UTC on Sunday is 00:30 on Monday 30 November in the Netherlands.
    expect(duePeriods(new Date('2026-11-29T23:30:00Z'))).toEqual([
      { frequency: 'daily', period: 'daily:2026-11-30' },
      { frequency: 'weekly', period: 'weekly:2026-W49' },
    ]);
    // Tuesday 1 December: the day's and the month's.
    expect(duePeriods(new Date('2026-12-01T07:00:00Z'))).toEqual([
      { frequency: 'daily', period: 'daily:2026-12-01' },
      { frequency: 'monthly', period: 'monthly:2026-12' },
    ]);
    // Monday 1 February 2027: all three.
    expect(duePeriods(new Date('2027-02-01T07:00:00Z')).map((p) => p.period)).toEqual([
      'daily:2027-02-01',
      'weekly:2027-W05',
      'monthly:2027-02',
    ]);
  });
});
