import { describe, expect, it } from 'vitest';
import { percentile } from './bench-lib.ts';

describe('percentile (nearest rank)', () => {
  it('is the smallest time that at least p % of the responses did not exceed', () => {
    const times = Array.from({ length: 100 }, (_, i) => 100 - i); // 1..100, unsorted
    expect(percentile(times, 95)).toBe(95);
    expect(percentile(times, 50)).toBe(50);
    expect(percentile(times, 100)).toBe(100);
    expect(percentile([7, 3, 5], 95)).toBe(7);
    expect(percentile([7, 3, 5], 1)).toBe(3);
    expect(percentile([], 95)).toBeNaN();
  });
});
