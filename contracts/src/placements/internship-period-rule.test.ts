import { describe, expect, it } from 'vitest';
import type { TPeriodRef } from '../organizations/internship-periods.ts';
import { internshipPeriodChoice, PERIOD_NEEDED_STATUSES } from './internship-period-rule.ts';

const p = (id: string, startDate: string, endDate: string, status = 'active') =>
  ({ id, schoolId: 'S', schoolYearId: 'y', status, startDate, endDate, name: id }) satisfies TPeriodRef;

// A school's seeded shape: two periods this year, one next year, and an archived one.
const P1 = p('p1', '2026-09-01', '2027-01-31');
const P2 = p('p2', '2027-02-01', '2027-06-30');
const NEXT = p('next', '2027-09-01', '2028-01-31');
const OLD = p('archived', '2026-08-15', '2026-12-31', 'archived');
const ALL = [NEXT, OLD, P2, P1];
const TODAY = '2026-11-29';

const choice = (periods: TPeriodRef[], startDate: string | null) => {
  const c = internshipPeriodChoice(periods, { startDate }, TODAY);
  return { choices: c.choices.map((x) => x.id), suggested: c.suggested?.id, unambiguous: c.unambiguous };
};

describe('internshipPeriodChoice', () => {
  it('the one active period holding the start date is unambiguous', () => {
    expect(choice(ALL, '2026-12-14')).toEqual({
      choices: ['p1', 'p2', 'next'],
      suggested: 'p1',
      unambiguous: true,
    });
    expect(choice(ALL, '2027-02-01').suggested).toBe('p2');
    expect(choice(ALL, '2027-01-31')).toMatchObject({ suggested: 'p1', unambiguous: true });
  });

  it('without dates several periods fit: suggested by the current-period rule, not unambiguous', () => {
    expect(choice(ALL, null)).toEqual({ choices: ['p1', 'p2', 'next'], suggested: 'p1', unambiguous: false });
    // A school with a single active period: it is the one.
    expect(choice([P2, OLD], null)).toEqual({ choices: ['p2'], suggested: 'p2', unambiguous: true });
  });

  it('overlapping periods holding the start are ambiguous; the latest started is suggested', () => {
    const short = p('short', '2026-11-01', '2026-12-31');
    expect(choice([P1, short], '2026-12-01')).toMatchObject({ suggested: 'short', unambiguous: false });
  });

  it('a start date outside every period is ambiguous; the next to start after it is suggested', () => {
    expect(choice(ALL, '2027-07-15')).toMatchObject({ suggested: 'next', unambiguous: false });
    expect(choice(ALL, '2028-06-01')).toMatchObject({ suggested: 'next', unambiguous: false });
  });

  it('offers nothing without active periods', () => {
    expect(choice([OLD], '2026-09-01')).toEqual({ choices: [], suggested: undefined, unambiguous: false });
  });

  it('approved and later internships need one', () => {
    expect([...PERIOD_NEEDED_STATUSES].sort()).toEqual(['active', 'approved', 'completed']);
  });
});
