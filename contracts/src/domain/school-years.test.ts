import { describe, expect, it } from 'vitest';
import {
  dutchDate,
  endOfDutchDay,
  inScopeSchoolYearIds,
  schoolYearFlags,
  schoolYearOf,
} from './school-years.ts';

describe('school years', () => {
  it('runs from 1 August to 31 July', () => {
    expect(schoolYearOf('2026-07-31')).toEqual({
      name: '2025-2026',
      start_date: '2025-08-01',
      end_date: '2026-07-31',
    });
    expect(schoolYearOf('2026-08-01')).toEqual({
      name: '2026-2027',
      start_date: '2026-08-01',
      end_date: '2027-07-31',
    });
    expect(schoolYearOf('2026-11-21', 1).name).toBe('2027-2028');
  });

  it('ends a Dutch day at midnight in the Netherlands, winter and summer time', () => {
    expect(endOfDutchDay('2026-12-20').toISOString()).toBe('2026-12-20T22:59:59.999Z');
    expect(endOfDutchDay('2027-06-01').toISOString()).toBe('2027-06-01T21:59:59.999Z');
    // The nights the clocks change: 23 hours (29 March 2026) and 25 hours (25 October 2026).
    expect(endOfDutchDay('2026-03-29').toISOString()).toBe('2026-03-29T21:59:59.999Z');
    expect(endOfDutchDay('2026-10-25').toISOString()).toBe('2026-10-25T22:59:59.999Z');
    expect(endOfDutchDay('2026-12-31').toISOString()).toBe('2026-12-31T22:59:59.999Z');
  });

  it('uses the Dutch calendar date', () => {
    expect(dutchDate(new Date('2026-07-31T22:30:00Z'))).toBe('2026-08-01');
  });

  it('flags the current and the next year', () => {
    const years = [
      schoolYearOf('2026-11-21', -1),
      schoolYearOf('2026-11-21'),
      schoolYearOf('2026-11-21', 1),
      schoolYearOf('2026-11-21', 2),
    ];
    const flags = schoolYearFlags(years, '2026-11-21').map((y) => [y.name, y.is_current, y.is_next]);
    expect(flags).toEqual([
      ['2025-2026', false, false],
      ['2026-2027', true, false],
      ['2027-2028', false, true],
      ['2028-2029', false, false],
    ]);
  });

  describe('in scope (spec §4): the current and the next school year', () => {
    // Written out by hand, not by schoolYearOf, so the rule is checked against the calendar.
    const years = [
      { id: 'y2425', start_date: '2024-08-01', end_date: '2025-07-31' },
      { id: 'y2526', start_date: '2025-08-01', end_date: '2026-07-31' },
      { id: 'y2627', start_date: '2026-08-01', end_date: '2027-07-31' },
      { id: 'y2728', start_date: '2027-08-01', end_date: '2028-07-31' },
    ];
    it.each([
      ['2025-11-27', ['y2526', 'y2627']],
      // The last day of a year: it is still current, the year starting tomorrow is next.
      ['2026-07-31', ['y2526', 'y2627']],
      // The first day of a year: the old one drops out, the year after becomes next.
      ['2026-08-01', ['y2627', 'y2728']],
      ['2027-12-31', ['y2728']],
      // Before every year: none is current, the first one is next.
      ['2024-01-15', ['y2425']],
      ['2029-01-01', []],
    ])('on %s: %j', (today, expected) => {
      expect(inScopeSchoolYearIds(years, today).sort()).toEqual(expected);
    });
    it('does not depend on the order of the years', () => {
      expect(inScopeSchoolYearIds([...years].reverse(), '2026-03-01').sort()).toEqual(['y2526', 'y2627']);
    });
  });
});
