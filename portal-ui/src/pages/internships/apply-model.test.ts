import { describe, expect, it } from 'vitest';
import { placesLeftOf } from './apply-model.ts';

describe('the places left on a vacancy', () => {
  it('reads the vacancy’s places_left and full, and nothing when it does not say', () => {
    expect(placesLeftOf({ placesLeft: 2, full: false } as object)).toBe(2);
    expect(placesLeftOf({ placesLeft: 0, full: true } as object)).toBe(0);
    expect(placesLeftOf({ full: true } as object)).toBe(0);
    expect(placesLeftOf({})).toBeUndefined();
  });
});
