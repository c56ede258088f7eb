import { describe, expect, it } from 'vitest';
import { deadlineDate, formatDeadline, rankedChoices, slotsOf, takenPlaces } from './allocation-model.ts';

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

  it('takes the last day to choose as a date', () => {
    expect(deadlineDate('')).toBeNull();
    expect(deadlineDate('nonsense')).toBeNull();
    expect(deadlineDate('2027-13-45')).toBeNull();
    expect(deadlineDate('2026-12-20')).toBe('2026-12-20');
  });

  it('shows a deadline in Dutch time on any device', () => {
    // The end of 20 December in the Netherlands is 22:59 UTC: still 20 December, 23:59.
    expect(formatDeadline('2026-12-20T22:59:59.999Z', 'nl')).toMatch(/^20 december 2026.*23:59$/);
  });
});
