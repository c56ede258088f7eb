import { describe, expect, it } from 'vitest';
import { derivePermissions } from '../identity/permissions.ts';
import type { TOrganizationType, TRoleName } from '../identity/roles.ts';
import type { TOrganizationStatus } from '../organizations/organizations.ts';
import {
  acceptsPreferences,
  allowsAdjusting,
  allowsRoundAction,
  managesAllocation,
  rankingClosedReason,
  studentOfRound,
} from './allocation-policy.ts';
import { roundDeadline } from './allocation-rounds.ts';

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

  it('tells a student why ranking closed: a round run before its deadline is not past its deadline', () => {
    const deadline = roundDeadline('2026-12-20');
    const before = new Date('2026-12-10T12:00:00Z');
    expect(rankingClosedReason({ status: 'open', deadline }, before)).toBeNull();
    expect(rankingClosedReason({ status: 'closed', deadline }, before)).toBe('allocated');
    expect(rankingClosedReason({ status: 'published', deadline }, before)).toBe('published');
    expect(rankingClosedReason({ status: 'open', deadline }, new Date('2026-12-21T00:00:00Z'))).toBe(
      'deadline',
    );
  });

  it('a deadline given as a date lasts until the end of that day in the Netherlands', () => {
    const deadline = roundDeadline('2026-12-20');
    // 23:30 in Amsterdam on 20 December: still open; five past midnight: closed.
    expect(acceptsPreferences({ status: 'open', deadline }, new Date('2026-12-20T22:30:00Z'))).toBe(true);
    expect(acceptsPreferences({ status: 'open', deadline }, new Date('2026-12-20T23:05:00Z'))).toBe(false);
    expect(roundDeadline('2026-12-20T17:00:00+01:00').toISOString()).toBe('2026-12-20T16:00:00.000Z');
  });
});
