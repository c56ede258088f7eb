import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BEHIND_TOLERANCE,
  behindSchedule,
  elapsedShare,
  expectedHours,
  scheduleWindow,
  type TScheduleFacts,
} from './progress-rule.ts';

const period = { start_date: '2026-11-01', end_date: '2026-11-30' };

/** A running, unlocked internship of the November period with 40 required hours and its own start. */
const facts = (over: Partial<TScheduleFacts> = {}): TScheduleFacts => ({
  status: 'active',
  required: 40,
  logged: 0,
  updatingAllowed: true,
  signedOff: false,
  start_date: '2026-11-01',
  end_date: null,
  period,
  ...over,
});

describe('the behind-schedule rule (hand-computed)', () => {
  it('counts whole days up to yesterday, both ends of the window included', () => {
    const share = (today: string) => elapsedShare(period.start_date, period.end_date, today);
    expect(share('2026-10-31')).toBe(0);
    expect(share('2026-11-01')).toBe(0); // the first day is still running
    expect(share('2026-11-02')).toBeCloseTo(1 / 30, 12);
    expect(share('2026-11-21')).toBeCloseTo(20 / 30, 12);
    expect(share('2026-11-30')).toBeCloseTo(29 / 30, 12);
    expect(share('2026-12-01')).toBe(1);
    expect(elapsedShare('2026-11-30', '2026-11-01', '2026-11-15')).toBe(0); // reversed dates
  });

  it('takes the internship’s own dates, each falling back to the period’s', () => {
    expect(scheduleWindow(facts())).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(scheduleWindow(facts({ start_date: '2026-11-11', end_date: '2026-12-10' }))).toEqual({
      start: '2026-11-11',
      end: '2026-12-10',
    });
    expect(scheduleWindow(facts({ start_date: null, end_date: null, period: null }))).toBeNull();
  });

  it('is behind below 80 % of the evenly spread requirement, counting logged hours', () => {
    // 21 November: 20 of 30 days passed → 40 × 20/30 = 26.67 expected; 80 % of it = 21.33.
    expect(expectedHours(facts(), '2026-11-21')).toBeCloseTo(80 / 3, 10);
    expect(behindSchedule(facts({ logged: 21.25 }), '2026-11-21')).toBe(true);
    expect(behindSchedule(facts({ logged: 21.5 }), '2026-11-21')).toBe(false);
    // Own window 11–20 November (10 days), 15 November: 4 days passed → 40 × 0.4 = 16; 80 % = 12.8.
    const own = { start_date: '2026-11-11', end_date: '2026-11-20' };
    expect(behindSchedule(facts({ ...own, logged: 12.75 }), '2026-11-15')).toBe(true);
    expect(behindSchedule(facts({ ...own, logged: 13 }), '2026-11-15')).toBe(false);
    // After the window: 80 % of the whole requirement (32), and never once it is met.
    expect(behindSchedule(facts({ logged: 31.75 }), '2027-01-10')).toBe(true);
    expect(behindSchedule(facts({ logged: 32 }), '2027-01-10')).toBe(false);
  });

  it('judges only internships whose student can still log hours against a requirement', () => {
    const late = '2026-11-29';
    expect(behindSchedule(facts(), late)).toBe(true);
    expect(behindSchedule(facts({ required: null }), late)).toBe(false);
    expect(behindSchedule(facts({ required: 0 }), late)).toBe(false);
    expect(behindSchedule(facts({ status: 'submitted' }), late)).toBe(false);
    expect(behindSchedule(facts({ status: 'cancelled' }), late)).toBe(false);
    expect(behindSchedule(facts({ status: 'completed' }), late)).toBe(true);
    expect(behindSchedule(facts({ updatingAllowed: false }), late)).toBe(false);
    expect(behindSchedule(facts({ signedOff: true }), late)).toBe(false);
    expect(behindSchedule(facts({ start_date: null, period: null }), late)).toBe(false);
    expect(behindSchedule(facts(), '2026-11-01')).toBe(false); // nothing expected on the first day
  });
});

const day = fc
  .integer({ min: 0, max: 800 })
  .map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
const quarters = (max: number) => fc.integer({ min: 0, max: max * 4 }).map((q) => q / 4);

describe('the behind-schedule rule (properties)', () => {
  it('the elapsed share stays in 0…1 and never shrinks as days pass', () => {
    fc.assert(
      fc.property(day, day, day, day, (a, b, t1, t2) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const [early, late] = t1 <= t2 ? [t1, t2] : [t2, t1];
        const s1 = elapsedShare(start, end, early);
        const s2 = elapsedShare(start, end, late);
        return s1 >= 0 && s2 <= 1 && s1 <= s2;
      }),
    );
  });

  it('more logged hours never make a student behind; meeting the requirement never is', () => {
    fc.assert(
      fc.property(
        day,
        day,
        day,
        quarters(400),
        quarters(50),
        quarters(400),
        (a, b, today, required, more, logged) => {
          const [start_date, end_date] = a <= b ? [a, b] : [b, a];
          const f = facts({ start_date, end_date, required, logged });
          // Behind with more hours implies behind with fewer.
          if (behindSchedule({ ...f, logged: logged + more }, today))
            expect(behindSchedule(f, today)).toBe(true);
          expect(behindSchedule({ ...f, logged: required }, today)).toBe(false);
        },
      ),
    );
  });

  it('behind means exactly: logged below the tolerance of the expected hours', () => {
    fc.assert(
      fc.property(day, day, day, quarters(400), quarters(400), (a, b, today, required, logged) => {
        const [start_date, end_date] = a <= b ? [a, b] : [b, a];
        const f = facts({ start_date, end_date, required, logged });
        const expected = expectedHours(f, today);
        const want = expected !== null && logged < required && logged < expected * BEHIND_TOLERANCE;
        expect(behindSchedule(f, today)).toBe(want);
      }),
    );
  });
});
