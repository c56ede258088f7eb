import { describe, expect, it } from 'vitest';
import {
  currentInternshipPeriod,
  currentPeriodOn,
  inScopePeriods,
  type TPeriodRef,
  type TSchoolYearRef,
} from './internship-periods.ts';

const YEARS: TSchoolYearRef[] = [
  { id: 'prev', isCurrent: false, isNext: false },
  { id: 'cur', isCurrent: true, isNext: false },
  { id: 'next', isCurrent: false, isNext: true },
];

const p = (
  id: string,
  schoolId: string,
  schoolYearId: string,
  status: string,
  startDate: string,
  endDate: string,
) => ({ id, schoolId, schoolYearId, status, startDate, endDate, name: id }) satisfies TPeriodRef;

const PERIODS = [
  p('a-cur-active', 'A', 'cur', 'active', '2026-09-01', '2027-01-31'),
  p('a-cur-archived', 'A', 'cur', 'archived', '2026-08-15', '2026-08-31'),
  p('a-prev-active', 'A', 'prev', 'active', '2025-09-01', '2026-01-31'),
  p('a-next-active', 'A', 'next', 'active', '2027-09-01', '2028-01-31'),
  p('b-cur-active', 'B', 'cur', 'active', '2027-02-01', '2027-06-30'),
  p('b-cur-archived', 'B', 'cur', 'archived', '2026-09-01', '2026-12-31'),
];

const ids = (list: readonly TPeriodRef[]) => list.map((x) => x.id);

describe('inScopePeriods (spec §4)', () => {
  it('a school user sees the school’s own periods of the current and next year, archived included', () => {
    expect(ids(inScopePeriods(PERIODS, { schoolYears: YEARS, schoolId: 'A' }))).toEqual([
      'a-cur-archived',
      'a-cur-active',
      'a-next-active',
    ]);
  });

  it('others see active periods of every school, current and next year only', () => {
    expect(ids(inScopePeriods(PERIODS, { schoolYears: YEARS }))).toEqual([
      'a-cur-active',
      'b-cur-active',
      'a-next-active',
    ]);
    expect(ids(inScopePeriods(PERIODS, { schoolYears: YEARS, schoolId: null }))).toEqual(
      ids(inScopePeriods(PERIODS, { schoolYears: YEARS })),
    );
  });

  it('counts nothing without a current or next school year', () => {
    expect(
      inScopePeriods(PERIODS, { schoolYears: [{ id: 'cur', isCurrent: false, isNext: false }] }),
    ).toEqual([]);
  });
});

describe('current period', () => {
  const a = PERIODS.filter((x) => x.schoolId === 'A');

  it('for a student: the active period running today', () => {
    expect(currentPeriodOn(a, '2026-11-21')?.id).toBe('a-cur-active');
    // Archived periods never count, even when running.
    expect(currentPeriodOn(a, '2026-08-20')?.id).toBe('a-cur-active');
  });

  it('else the next one to start, else the one that ended last', () => {
    expect(currentPeriodOn(a, '2027-03-01')?.id).toBe('a-next-active');
    expect(currentPeriodOn(a, '2029-01-01')?.id).toBe('a-next-active');
    expect(currentPeriodOn([], '2026-11-21')).toBeUndefined();
  });

  it('prefers the latest started of overlapping running periods', () => {
    const overlap = [
      p('long', 'A', 'cur', 'active', '2026-09-01', '2027-06-30'),
      p('short', 'A', 'cur', 'active', '2026-11-01', '2026-11-30'),
    ];
    expect(currentPeriodOn(overlap, '2026-11-21')?.id).toBe('short');
  });

  it('students take the server’s period; everyone else the first in scope', () => {
    const inScope = inScopePeriods(PERIODS, { schoolYears: YEARS });
    const server = PERIODS[0]!;
    expect(currentInternshipPeriod({ isStudent: true, serverCurrent: server, inScope })?.id).toBe(server.id);
    expect(currentInternshipPeriod({ isStudent: true, serverCurrent: null, inScope })).toBeUndefined();
    expect(currentInternshipPeriod({ isStudent: false, serverCurrent: server, inScope })?.id).toBe(
      'a-cur-active',
    );
    expect(currentInternshipPeriod({ isStudent: false, serverCurrent: null, inScope: [] })).toBeUndefined();
  });
});
