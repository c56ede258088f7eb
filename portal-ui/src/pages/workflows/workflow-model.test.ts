import { describe, expect, it } from 'vitest';
import {
  TASK_KIND_ACTORS,
  validateWorkflowDefinition,
  type TWorkflowSwitches,
} from '@stageplein/contracts/phases/workflow-rules';
import {
  blankPhase,
  blankTask,
  deadlineForm,
  deadlineOf,
  deadlineSummaryKey,
  issuesOfPhase,
  movePhase,
  newId,
  phaseIndexOf,
  samplePeriod,
  suggestedStatus,
  taskIndexOf,
  wholeNumber,
  withKind,
} from './workflow-model.ts';

const HOURS: TWorkflowSwitches = {
  traineeship: false,
  usesHours: true,
  evaluationForms: true,
  legacyEvaluationForm: false,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the designer model', () => {
  it('makes uuid v4 ids, different each time', () => {
    const a = newId();
    expect(a).toMatch(UUID);
    expect(newId()).not.toBe(a);
    expect(newId((b) => b.fill(0))).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('moves one phase and keeps the others in order', () => {
    expect(movePhase(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(movePhase(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(movePhase(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('suggests the last status for a new phase, preparing for the first', () => {
    expect(suggestedStatus([])).toBe('preparing');
    expect(suggestedStatus([blankPhase({ nl: 'Uren', en: '' }, 'running')])).toBe('running');
  });

  it('a new task is a valid required checklist item for the student, in contracts’ rules', () => {
    const task = blankTask({ nl: 'Gesprek plannen', en: '' }, HOURS);
    expect(task).toMatchObject({ kind: 'checklist', actor: 'student', required: true, deadline: null });
    const phase = { ...blankPhase({ nl: 'Start', en: '' }, 'preparing'), tasks: [task] };
    expect(validateWorkflowDefinition({ contract_type: 'hours', phases: [phase] }, HOURS)).toEqual([]);
  });

  it('a changed kind keeps an actor who can do it, else takes the first who can, and drops other settings', () => {
    const task = { ...blankTask({ nl: 'x', en: '' }, HOURS), hours_target: 40 };
    expect(withKind(task, 'evaluation').actor).toBe('student');
    const assignment = withKind(task, 'assignment');
    expect(assignment.actor).toBe(TASK_KIND_ACTORS.assignment[0]);
    expect(assignment.hours_target).toBeNull();
    expect(withKind(task, 'hours').hours_target).toBe(40);
  });

  it('reads and writes deadlines: days after the phase start, before or after a date of the internship', () => {
    expect(deadlineForm(null).from).toBe('none');
    expect(deadlineOf({ from: 'none', days: 3, direction: 'after' })).toBeNull();
    expect(deadlineOf({ from: 'phase_start', days: 3, direction: 'before' })).toEqual({
      from: 'phase_start',
      days: 3,
    });
    expect(deadlineOf({ from: 'period_end', days: 7, direction: 'before' })).toEqual({
      from: 'period_end',
      days: -7,
    });
    expect(deadlineForm({ from: 'period_end', days: -7 })).toEqual({
      from: 'period_end',
      days: 7,
      direction: 'before',
    });
    expect(deadlineSummaryKey({ from: 'period_start', days: -2 })).toEqual({
      key: 'deadlineSummary.period_start_before',
      days: 2,
    });
    expect(deadlineSummaryKey({ from: 'phase_start', days: 3 })).toEqual({
      key: 'deadlineSummary.phase_start',
      days: 3,
    });
  });

  it('reads whole numbers as people type them', () => {
    expect(wholeNumber(' 3 ')).toBe(3);
    expect(wholeNumber('')).toBeNull();
    expect(wholeNumber('2,5')).toBe(2);
    expect(wholeNumber('drie')).toBeNull();
  });

  it('places validation issues in their phase and task', () => {
    const issue = {
      code: 'workflow_deadline_missing' as const,
      pointer: '/phases/2/tasks/1/escalation',
      vars: {},
    };
    expect(phaseIndexOf(issue)).toBe(2);
    expect(taskIndexOf(issue)).toBe(1);
    expect(phaseIndexOf({ pointer: '/phases' })).toBeUndefined();
    expect(phaseIndexOf({ pointer: '/phases/1' })).toBe(1);
    expect(issuesOfPhase([issue, { ...issue, pointer: '/phases/0/status' }], 0)).toHaveLength(1);
  });

  it('samples an internship from the next Monday, twenty weeks to a Friday', () => {
    // Sunday 29 November 2026.
    expect(samplePeriod(new Date('2026-11-29T10:00:00Z'))).toEqual({
      start_date: '2026-11-30',
      end_date: '2027-04-16',
    });
    // A Monday starts the week after.
    expect(samplePeriod(new Date('2026-11-30T10:00:00Z')).start_date).toBe('2026-12-07');
  });
});
