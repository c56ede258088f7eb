import { describe, expect, it } from 'vitest';
import { deadlineIso, rankedChoices, slotsOf, takenPlaces } from './allocation-model.ts';

describe('allocation screens model', () => {
  it('submits the filled slots in order and refuses a repeated vacancy', () => {
    expect(rankedChoices(['a', '', 'b'])).toEqual(['a', 'b']);
    expect(rankedChoices(['', '', ''])).toEqual([]);
    expect(rankedChoices(['a', 'a', ''])).toBe('duplicate');
  });

  it('fills three slots from a saved ranking', () => {
    expect(slotsOf(['x'])).toEqual(['x', '', '']);
    expect(slotsOf(null)).toEqual(['', '', '']);
  });

  it('counts the places the proposal takes per vacancy', () => {
    expect(takenPlaces([{ vacancyId: 'v' }, { vacancyId: 'v' }, { vacancyId: null }])).toEqual(
      new Map([['v', 2]]),
    );
  });

  it('turns a local deadline into an ISO time', () => {
    expect(deadlineIso('')).toBeNull();
    expect(deadlineIso('nonsense')).toBeNull();
    expect(deadlineIso('2027-01-15T17:00')).toMatch(/^2027-01-15T\d\d:00:00\.000Z$/);
  });
});
