import { describe, expect, it } from 'vitest';
import {
  completesBySubmission,
  mayResendPhaseTaskLink,
  migrationTarget,
  mayCompletePhaseByHand,
  mayCompletePhaseTask,
  phaseActorsOf,
  phaseComplete,
  phaseTaskDueAt,
  phaseTaskEscalations,
  phaseTaskReminders,
} from './phase-run-policy.ts';

const start = new Date('2027-03-01T09:30:00.000Z');
const period = { start_date: '2027-02-01', end_date: '2027-06-30' };
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('phase-run policy', () => {
  it('dates a deadline from the phase start or a date of the internship', () => {
    expect(iso(phaseTaskDueAt({ from: 'phase_start', days: 3 }, start, period))).toBe(
      '2027-03-04T09:30:00.000Z',
    );
    expect(iso(phaseTaskDueAt({ from: 'period_end', days: -7 }, start, period))).toBe(
      '2027-06-23T17:00:00.000Z',
    );
    expect(iso(phaseTaskDueAt({ from: 'period_start', days: 0 }, start, period))).toBe(
      '2027-02-01T17:00:00.000Z',
    );
    expect(
      phaseTaskDueAt({ from: 'period_end', days: 0 }, start, { start_date: null, end_date: null }),
    ).toBeNull();
    expect(phaseTaskDueAt(null, start, period)).toBeNull();
  });

  it('reminds before the deadline, in order, once per day given, never before the phase started', () => {
    const due = new Date('2027-03-04T09:30:00.000Z');
    expect(phaseTaskReminders(due, [1, 2, 2, 0], start).map(iso)).toEqual([
      '2027-03-02T09:30:00.000Z',
      '2027-03-03T09:30:00.000Z',
      '2027-03-04T09:30:00.000Z',
    ]);
    expect(phaseTaskReminders(due, [5], start)).toEqual([]);
    expect(phaseTaskReminders(null, [1], start)).toEqual([]);
  });

  it('escalates to the mentor, then the school admin, after the deadline', () => {
    const due = new Date('2027-03-04T09:30:00.000Z');
    expect(
      phaseTaskEscalations(due, { mentor_after_days: 1, school_admin_after_days: 3 }).map((e) => [
        e.level,
        iso(e.at),
      ]),
    ).toEqual([
      [1, '2027-03-05T09:30:00.000Z'],
      [2, '2027-03-07T09:30:00.000Z'],
    ]);
    expect(
      phaseTaskEscalations(due, { mentor_after_days: null, school_admin_after_days: 2 }).map((e) => e.level),
    ).toEqual([2]);
    expect(phaseTaskEscalations(null, { mentor_after_days: 1, school_admin_after_days: 3 })).toEqual([]);
  });

  it('lets the actor complete a task, and those it escalated to; refuses anyone else', () => {
    const task = { actor: 'student' as const, escalation_level: 0 };
    expect(mayCompletePhaseTask(['student'], task)).toBe(true);
    expect(mayCompletePhaseTask(['mentor'], task)).toBe(false);
    expect(mayCompletePhaseTask(['school_admin'], task)).toBe(false);
    expect(mayCompletePhaseTask(['mentor'], { ...task, escalation_level: 1 })).toBe(true);
    expect(mayCompletePhaseTask(['school_admin'], { ...task, escalation_level: 1 })).toBe(false);
    expect(mayCompletePhaseTask(['school_admin'], { ...task, escalation_level: 2 })).toBe(true);
    expect(mayCompletePhaseTask(['organization_contact'], { ...task, escalation_level: 2 })).toBe(false);
    expect(mayCompletePhaseByHand(['mentor'])).toBe(true);
    expect(mayCompletePhaseByHand(['student', 'organization_contact'])).toBe(false);
  });

  it('maps the internship parties to task actors', () => {
    expect(phaseActorsOf(['student', 'mentor', 'school', 'organization'])).toEqual([
      'student',
      'mentor',
      'school_admin',
      'organization_contact',
    ]);
  });

  it('completes a phase by its rule', () => {
    const done = { required: true, state: 'done' as const };
    const open = { required: true, state: 'open' as const };
    const optional = { required: false, state: 'open' as const };
    expect(phaseComplete('all_required', [done, optional])).toBe(true);
    expect(phaseComplete('all_required', [done, open])).toBe(false);
    expect(phaseComplete('all_required', [optional])).toBe(true);
    expect(phaseComplete('any', [open, { required: false, state: 'done' }])).toBe(true);
    expect(phaseComplete('any', [open])).toBe(false);
    expect(phaseComplete('any', [])).toBe(true);
    expect(phaseComplete('manual', [done])).toBe(false);
  });

  it('maps a migrated run to the same phase id of the target version, or nowhere', () => {
    const target = [{ id: 'a' }, { id: 'c' }, { id: 'b' }];
    expect(migrationTarget('b', target)).toEqual({ phase: { id: 'b' }, position: 2 });
    expect(migrationTarget('x', target)).toBeNull();
    expect(migrationTarget(null, target)).toBeNull();
  });

  it('completes evaluations and assignments only by sending them; staff re-send the supervisor’s links', () => {
    expect(['evaluation', 'assignment', 'checklist'].map(completesBySubmission)).toEqual([true, true, false]);
    const approval = { actor: 'supervisor' as const, kind: 'approval' };
    expect(mayResendPhaseTaskLink(['mentor'], approval)).toBe(true);
    expect(mayResendPhaseTaskLink(['school_admin'], approval)).toBe(true);
    expect(mayResendPhaseTaskLink(['student', 'organization_contact'], approval)).toBe(false);
    expect(mayResendPhaseTaskLink(['mentor'], { ...approval, kind: 'evaluation' })).toBe(false);
    expect(mayResendPhaseTaskLink(['mentor'], { actor: 'student', kind: 'checklist' })).toBe(false);
  });
});
