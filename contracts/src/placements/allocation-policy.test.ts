import { describe, expect, it } from 'vitest';
import { derivePermissions } from '../identity/permissions.ts';
import type { TOrganizationType, TRoleName } from '../identity/roles.ts';
import type { TOrganizationStatus } from '../organizations/organizations.ts';
import {
  acceptsPreferences,
  allowsAdjusting,
  allowsRoundAction,
  managesAllocation,
  studentOfRound,
} from './allocation-policy.ts';

const SCHOOL = 's-1';
function caller(
  role: TRoleName,
  type: TOrganizationType,
  status: TOrganizationStatus = 'approved',
  id = SCHOOL,
) {
  const permissions = derivePermissions([{ name: role, resourceType: type, resourceId: id }], { id, type });
  return { permissions, current: { id, type, status } };
}

describe('allocation policy', () => {
  it('managing is an admin of the round’s own approved School', () => {
    const admin = caller('admin', 'School');
    expect(managesAllocation(admin.permissions, admin.current, SCHOOL)).toBe(true);
    expect(managesAllocation(admin.permissions, admin.current)).toBe(true);
    expect(managesAllocation(admin.permissions, admin.current, 'other-school')).toBe(false);
    const pending = caller('admin', 'School', 'pending');
    expect(managesAllocation(pending.permissions, pending.current, SCHOOL)).toBe(false);
    for (const [role, type] of [
      ['student', 'School'],
      ['mentor', 'School'],
      ['admin', 'NonProfit'],
      ['admin', 'VolunteerCenter'],
    ] as const) {
      const c = caller(role, type);
      expect(managesAllocation(c.permissions, c.current, SCHOOL), `${role} ${type}`).toBe(false);
    }
  });

  it('ranking is for students of the round’s School', () => {
    const student = caller('student', 'School');
    expect(studentOfRound(student.permissions, student.current, SCHOOL)).toBe(true);
    expect(studentOfRound(student.permissions, student.current, 'other-school')).toBe(false);
    const admin = caller('admin', 'School');
    expect(studentOfRound(admin.permissions, admin.current, SCHOOL)).toBe(false);
  });

  it('takes preferences while open and before the deadline; runs until published; publishes a proposal', () => {
    const deadline = new Date('2027-01-01T12:00:00Z');
    expect(acceptsPreferences({ status: 'open', deadline }, new Date('2027-01-01T11:59:59Z'))).toBe(true);
    expect(acceptsPreferences({ status: 'open', deadline }, deadline)).toBe(false);
    expect(acceptsPreferences({ status: 'closed', deadline }, new Date('2026-01-01'))).toBe(false);
    expect(allowsRoundAction({ status: 'open', allocated: false }, 'run')).toBe(true);
    expect(allowsRoundAction({ status: 'closed', allocated: true }, 'run')).toBe(true);
    expect(allowsRoundAction({ status: 'published', allocated: true }, 'run')).toBe(false);
    expect(allowsRoundAction({ status: 'open', allocated: false }, 'publish')).toBe(false);
    expect(allowsRoundAction({ status: 'closed', allocated: true }, 'publish')).toBe(true);
    expect(allowsRoundAction({ status: 'published', allocated: true }, 'publish')).toBe(false);
    expect(allowsAdjusting({ status: 'closed' })).toBe(true);
    expect(allowsAdjusting({ status: 'published' })).toBe(false);
  });
});
