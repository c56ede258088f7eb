import { describe, expect, it } from 'vitest';
import { hoursWeeksToLog } from './hours-due.ts';

// 2026-11-02 is a Monday; 2026-11-29 a Sunday.
const WINDOW = { start: '2026-11-04', end: '2027-01-31' };

describe('hoursWeeksToLog: the ended weeks without logged hours', () => {
  it('lists each ended week of the window without an entry, clipped to the window, oldest first', () => {
    // Today Wednesday 25 Nov: the weeks of 2, 9 and 16 Nov have ended; the week of 23 Nov runs.
    expect(hoursWeeksToLog(WINDOW, ['2026-11-10'], '2026-11-25', true)).toEqual([
      { starts_on: '2026-11-04', ends_on: '2026-11-08' },
      { starts_on: '2026-11-16', ends_on: '2026-11-22' },
    ]);
  });

  it('counts a week as logged by any entry in it, whatever its status', () => {
    expect(hoursWeeksToLog(WINDOW, ['2026-11-08', '2026-11-16', '2026-11-22'], '2026-11-25', true)).toEqual([
      { starts_on: '2026-11-09', ends_on: '2026-11-15' },
    ]);
  });

  it('a week is due from the Monday after it, not on its Sunday', () => {
    expect(hoursWeeksToLog(WINDOW, [], '2026-11-08', true)).toEqual([]);
    expect(hoursWeeksToLog(WINDOW, [], '2026-11-09', true)).toEqual([
      { starts_on: '2026-11-04', ends_on: '2026-11-08' },
    ]);
  });

  it('stops at the window’s end: the week it ends in is clipped, later weeks are not asked', () => {
    const short = { start: '2026-11-04', end: '2026-11-11' };
    expect(hoursWeeksToLog(short, [], '2027-02-10', true)).toEqual([
      { starts_on: '2026-11-04', ends_on: '2026-11-08' },
      { starts_on: '2026-11-09', ends_on: '2026-11-11' },
    ]);
  });

  it('asks nothing before the start, without a window, or when the student may not log', () => {
    expect(hoursWeeksToLog(WINDOW, [], '2026-11-01', true)).toEqual([]);
    expect(hoursWeeksToLog(null, [], '2026-12-25', true)).toEqual([]);
    expect(hoursWeeksToLog(WINDOW, [], '2026-12-25', false)).toEqual([]);
  });

  it('runs across a year’s end (Monday 28 Dec 2026 to Sunday 3 Jan 2027 is one week)', () => {
    const weeks = hoursWeeksToLog({ start: '2026-12-28', end: '2027-01-31' }, [], '2027-01-05', true);
    expect(weeks).toEqual([{ starts_on: '2026-12-28', ends_on: '2027-01-03' }]);
  });
});
