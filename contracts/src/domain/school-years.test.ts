import { describe, expect, it } from 'vitest';
import { dutchDate, schoolYearFlags, schoolYearOf } from './school-years.ts';

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
});
