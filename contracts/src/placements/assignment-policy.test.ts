import { describe, expect, it } from 'vitest';
import { derivePermissions } from '../identity/permissions.ts';
import {
  assignmentActionsFor,
  completionOf,
  inSelection,
  isOverdue,
  linkExpiry,
  mayManageAssignments,
  mayTakeAssignmentAction,
  selectionIsEmpty,
  supervisorKey,
  taskAnswerable,
} from './assignment-policy.ts';

const SCHOOL = { id: 's', type: 'School' as const, status: 'approved' as const };
const permissionsOf = (
  name: 'admin' | 'mentor' | 'student',
  type: 'School' | 'Provider' | 'VolunteerCenter',
) => derivePermissions([{ name, resourceType: type, resourceId: 's' }], { id: 's', type });

describe('who manages assignments', () => {
  it('an admin of an approved School only', () => {
    expect(mayManageAssignments(permissionsOf('admin', 'School'), SCHOOL)).toBe(true);
    expect(mayManageAssignments(permissionsOf('admin', 'School'), { ...SCHOOL, status: 'pending' })).toBe(
      false,
    );
    expect(mayManageAssignments(permissionsOf('mentor', 'School'), SCHOOL)).toBe(false);
    expect(mayManageAssignments(permissionsOf('student', 'School'), SCHOOL)).toBe(false);
    expect(
      mayManageAssignments(permissionsOf('admin', 'VolunteerCenter'), { ...SCHOOL, type: 'VolunteerCenter' }),
    ).toBe(false);
    expect(mayManageAssignments(permissionsOf('admin', 'Provider'), { ...SCHOOL, type: 'Provider' })).toBe(
      false,
    );
    expect(mayManageAssignments(permissionsOf('admin', 'School'), null)).toBe(false);
  });
});

describe('steps per state', () => {
  it('a draft is edited, re-selected and published; a published one is edited and reminded while open', () => {
    expect(assignmentActionsFor('draft', 0)).toEqual(['edit', 'change_selection', 'publish']);
    expect(assignmentActionsFor('published', 2)).toEqual(['edit', 'remind']);
    expect(assignmentActionsFor('published', 0)).toEqual(['edit']);
    expect(mayTakeAssignmentAction('published', 3, 'publish')).toBe(false);
    expect(mayTakeAssignmentAction('published', 3, 'change_selection')).toBe(false);
    expect(mayTakeAssignmentAction('draft', 0, 'remind')).toBe(false);
  });

  it('a task is answered once', () => {
    expect(taskAnswerable('open')).toBe(true);
    expect(taskAnswerable('completed')).toBe(false);
  });
});

describe('completion and due dates', () => {
  it('counts and floors the percentage', () => {
    expect(completionOf([])).toEqual({ total: 0, completed: 0, open: 0, percent: null });
    expect(completionOf([{ status: 'completed' }, { status: 'open' }, { status: 'open' }])).toEqual({
      total: 3,
      completed: 1,
      open: 2,
      percent: 33,
    });
    expect(completionOf([{ status: 'completed' }]).percent).toBe(100);
  });

  it('an open task is overdue the day after its due date', () => {
    expect(isOverdue({ status: 'open' }, '2026-12-01', '2026-12-01')).toBe(false);
    expect(isOverdue({ status: 'open' }, '2026-12-01', '2026-12-02')).toBe(true);
    expect(isOverdue({ status: 'completed' }, '2026-12-01', '2026-12-02')).toBe(false);
  });

  it('a link lives 30 days, and at least a week past the due date', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(linkExpiry(now, '2026-12-01').toISOString()).toBe('2026-12-27T10:00:00.000Z');
    expect(linkExpiry(now, '2027-02-01').toISOString()).toBe('2027-02-08T23:59:59.000Z');
  });
});

describe('selection', () => {
  const i = (id: string, period: string | null, group: string | null) => ({
    id,
    internship_period_id: period,
    group_id: group,
  });
  const none = { internship_period_ids: [], group_ids: [], internship_ids: [] };

  it('nothing chosen selects nothing', () => {
    expect(selectionIsEmpty(none)).toBe(true);
    expect(inSelection(none, i('a', 'p', 'g'))).toBe(false);
  });

  it('periods and groups narrow (any within, all between); explicit ids add', () => {
    const s = { internship_period_ids: ['p1', 'p2'], group_ids: ['g1'], internship_ids: ['x'] };
    expect(selectionIsEmpty(s)).toBe(false);
    expect(inSelection(s, i('a', 'p2', 'g1'))).toBe(true);
    expect(inSelection(s, i('a', 'p2', 'g2'))).toBe(false);
    expect(inSelection(s, i('a', 'p3', 'g1'))).toBe(false);
    expect(inSelection(s, i('a', null, 'g1'))).toBe(false);
    expect(inSelection(s, i('x', null, null))).toBe(true);
    expect(inSelection({ ...none, group_ids: ['g1'] }, i('a', null, 'g1'))).toBe(true);
    expect(inSelection({ ...none, internship_period_ids: ['p1'] }, i('a', 'p1', null))).toBe(true);
  });

  it("a supervisor's key is their trimmed, lower-cased address", () => {
    expect(supervisorKey('  Bram@Buurthuis.NL ')).toBe('bram@buurthuis.nl');
    expect(supervisorKey('  ')).toBeNull();
    expect(supervisorKey(null)).toBeNull();
  });
});
