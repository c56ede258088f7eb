import { describe, expect, it } from 'vitest';
import { behindSchedule, elapsedShare } from './progress-policy.ts';

const period = { start_date: '2026-11-01', end_date: '2026-11-30' };

describe('progress policy', () => {
  it('counts the elapsed share in whole days, both ends included', () => {
    expect(elapsedShare(period.start_date, period.end_date, '2026-10-31')).toBe(0);
    expect(elapsedShare(period.start_date, period.end_date, '2026-11-01')).toBeCloseTo(1 / 30, 12);
    expect(elapsedShare(period.start_date, period.end_date, '2026-11-21')).toBeCloseTo(0.7, 12);
    expect(elapsedShare(period.start_date, period.end_date, '2026-11-30')).toBe(1);
    expect(elapsedShare(period.start_date, period.end_date, '2027-02-01')).toBe(1);
  });

  it('is behind when confirmed hours are below the required share so far', () => {
    expect(behindSchedule(27.75, 40, period, '2026-11-21')).toBe(true); // needs 28
    expect(behindSchedule(28, 40, period, '2026-11-21')).toBe(false);
    expect(behindSchedule(0, 40, period, '2026-10-15')).toBe(false); // not started
    expect(behindSchedule(0, null, period, '2026-11-30')).toBe(false); // no requirement
    expect(behindSchedule(39.75, 40, period, '2026-12-01')).toBe(true); // period over, short
  });
});
