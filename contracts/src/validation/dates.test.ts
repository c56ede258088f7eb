import { describe, expect, it } from 'vitest';
import { isFilterDate, zDate } from './dates.ts';

describe('zDate', () => {
  it.each(['0000-01-01', '1899-12-31', '2201-01-01', '9999-12-31'])('refuses %s', (d) => {
    expect(zDate().safeParse(d).success).toBe(false);
  });
  it.each(['1900-01-01', '2026-08-01', '2200-12-31'])('takes %s', (d) => {
    expect(zDate().safeParse(d).success).toBe(true);
  });
  it('still refuses what is no date', () => {
    expect(zDate().safeParse('2026-02-30').success).toBe(false);
  });
});

describe('isFilterDate (issue #31.4: impossible dates in filters were a 500)', () => {
  it.each([
    '2026-02-30',
    '2025-02-29',
    '0000-01-01',
    '1899-12-31',
    '2201-01-01',
    '2026-13-01',
    '2026-1-1',
    'x',
    '',
  ])('refuses the day %s', (d) => expect(isFilterDate(d)).toBe(false));
  it.each([
    '0000-01-01T00:00:00Z',
    '2026-02-30T10:00:00Z',
    '2026-01-01T25:00:00Z',
    '2026-01-01T10:60',
    '2026-01-01 10:00',
  ])('refuses the moment %s', (d) => expect(isFilterDate(d, true)).toBe(false));
  it('takes real days, and moments only where asked', () => {
    expect(isFilterDate('2024-02-29')).toBe(true);
    expect(isFilterDate('2026-08-01T10:00:00Z')).toBe(false);
    for (const m of ['2026-08-01', '2026-08-01T10:00', '2026-08-01T10:00:00.5Z', '2026-08-01T10:00:00+02:00'])
      expect(isFilterDate(m, true)).toBe(true);
  });
});
