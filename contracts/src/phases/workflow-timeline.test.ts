import { describe, expect, it } from 'vitest';
import { addDays, previewTimeline } from './workflow-timeline.ts';
import type { TWorkflowPhase, TWorkflowTask } from './workflow-rules.ts';

const task = (id: string, over: Partial<TWorkflowTask> = {}): TWorkflowTask => ({
  id,
  title: { nl: id, en: id },
  description: { nl: '', en: '' },
  actor: 'student',
  kind: 'checklist',
  required: true,
  evaluation_template_id: null,
  assignment_id: null,
  hours_target: null,
  deadline: null,
  reminder_days: [],
  escalation: { mentor_after_days: null, school_admin_after_days: null },
  ...over,
});
const phase = (id: string, tasks: TWorkflowTask[], over: Partial<TWorkflowPhase> = {}): TWorkflowPhase => ({
  id,
  name: { nl: id, en: id },
  status: 'preparing',
  completion: 'all_required',
  tasks,
  ...over,
});
const PERIOD = { start_date: '2027-02-01', end_date: '2027-06-30' };

describe('previewTimeline', () => {
  it('adds calendar days in UTC, across months, leap days and DST changes', () => {
    expect(addDays('2027-01-31', 1)).toBe('2027-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('dates phases one after another, tasks by their deadline, reminders and escalations', () => {
    const timeline = previewTimeline(
      {
        phases: [
          phase('a', [
            task('a1', {
              deadline: { from: 'phase_start', days: 7 },
              reminder_days: [0, 2],
              escalation: { mentor_after_days: 3, school_admin_after_days: 10 },
            }),
            // Optional: does not hold the phase up.
            task('a2', { required: false, deadline: { from: 'phase_start', days: 30 } }),
          ]),
          phase('b', [task('b1', { deadline: { from: 'phase_start', days: 3 } })], { status: 'running' }),
          phase('c', [task('c1', { deadline: { from: 'period_end', days: 14 } }), task('c2')]),
          phase('d', [], { status: 'finished', completion: 'manual' }),
        ],
      },
      PERIOD,
    );
    expect(timeline.map((p) => [p.id, p.starts_on, p.ends_on])).toEqual([
      ['a', '2027-02-01', '2027-02-08'],
      ['b', '2027-02-08', '2027-02-11'],
      ['c', '2027-02-11', '2027-07-14'],
      ['d', '2027-07-14', '2027-07-14'],
    ]);
    expect(timeline[0]?.tasks[0]).toMatchObject({
      due_on: '2027-02-08',
      reminders_on: ['2027-02-06', '2027-02-08'],
      escalations: [
        { to: 'mentor', on: '2027-02-11' },
        { to: 'school_admin', on: '2027-02-18' },
      ],
    });
    expect(timeline[0]?.tasks[1]?.due_on).toBe('2027-03-03');
    expect(timeline[2]?.tasks[1]).toMatchObject({ due_on: null, reminders_on: [], escalations: [] });
  });

  it('never ends a phase before it starts; `any` waits for its latest task', () => {
    const timeline = previewTimeline(
      {
        phases: [
          phase('a', [task('a1', { deadline: { from: 'phase_start', days: 20 } })]),
          phase('b', [task('b1', { deadline: { from: 'period_start', days: -5 } })]),
          phase('c', [task('c1', { required: false, deadline: { from: 'phase_start', days: 4 } })], {
            completion: 'any',
          }),
        ],
      },
      PERIOD,
    );
    expect(timeline.map((p) => [p.starts_on, p.ends_on])).toEqual([
      ['2027-02-01', '2027-02-21'],
      ['2027-02-21', '2027-02-21'],
      ['2027-02-21', '2027-02-25'],
    ]);
    expect(timeline[1]?.tasks[0]?.due_on).toBe('2027-01-27');
  });
});
