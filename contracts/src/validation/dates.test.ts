import { describe, expect, it } from 'vitest';
import { zDate } from './dates.ts';

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
