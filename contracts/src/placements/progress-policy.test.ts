import { describe, expect, it } from 'vitest';
import { derivePermissions } from '../identity/permissions.ts';
import { ORGANIZATION_TYPES, type TRoleRef } from '../identity/roles.ts';
import { internshipScopes } from './internship-policy.ts';
import { progressViewerOf, studentNextStep } from './progress-policy.ts';

const base = { hasPeriod: true, required: 40, logged: 10, evaluation: null };

describe('studentNextStep', () => {
  it('follows the life cycle: organization, school, period, hours', () => {
    expect(studentNextStep({ ...base, status: 'applied' })).toBe('wait_organization');
    expect(studentNextStep({ ...base, status: 'accepted' })).toBe('wait_school');
    expect(studentNextStep({ ...base, status: 'submitted' })).toBe('wait_school');
    expect(studentNextStep({ ...base, status: 'active', hasPeriod: false })).toBe('no_period');
    expect(studentNextStep({ ...base, status: 'approved' })).toBe('starts');
    expect(studentNextStep({ ...base, status: 'active' })).toBe('log_hours');
    expect(studentNextStep({ ...base, status: 'active', logged: 40 })).toBe('hours_done');
    expect(studentNextStep({ ...base, status: 'active', required: null, logged: 99 })).toBe('log_hours');
    expect(studentNextStep({ ...base, status: 'completed' })).toBe('completed');
  });

  it('a refused or stopped internship is closed, whatever its figures', () => {
    for (const status of ['declined', 'rejected', 'withdrawn', 'cancelled'] as const)
      expect(studentNextStep({ ...base, status, hasPeriod: false })).toBe('closed');
  });

  it('the student’s own open evaluation part comes first; others’ parts do not', () => {
    const evaluation = (asked: string[], submitted: string[]) => ({ state: 'open', asked, submitted });
    expect(
      studentNextStep({ ...base, status: 'active', evaluation: evaluation(['student', 'supervisor'], []) }),
    ).toBe('evaluation');
    expect(
      studentNextStep({ ...base, status: 'completed', evaluation: evaluation(['student'], ['student']) }),
    ).toBe('completed');
    expect(studentNextStep({ ...base, status: 'active', evaluation: evaluation(['supervisor'], []) })).toBe(
      'log_hours',
    );
    expect(
      studentNextStep({ ...base, status: 'active', evaluation: { state: 'none', asked: [], submitted: [] } }),
    ).toBe('log_hours');
  });
});

describe('progressViewerOf', () => {
  it('is the first of the internship scopes the server’s progress list takes (the organization’s left out)', () => {
    const combos: TRoleRef[][] = [];
    const names = ['admin', 'mentor', 'student', 'volunteer'];
    for (let mask = 0; mask < 1 << names.length; mask++)
      combos.push(
        names
          .filter((_, i) => mask & (1 << i))
          .map((name) => ({ name, resourceType: 'x', resourceId: 'org' })),
      );
    let compared = 0;
    for (const type of ORGANIZATION_TYPES)
      for (const status of ['approved', 'pending'] as const)
        for (const roles of combos) {
          const permissions = derivePermissions(roles, { id: 'org', type });
          const current = { id: 'org', type, status };
          const scopes = internshipScopes({ userId: 'me', permissions, current }).filter(
            (s) => s.kind !== 'organization',
          );
          expect(
            progressViewerOf(permissions, current),
            `${type} ${status} ${roles.map((r) => r.name)}`,
          ).toBe(scopes[0]?.kind ?? 'other');
          compared++;
        }
    expect(compared).toBe(ORGANIZATION_TYPES.length * 2 * 16);
    expect(progressViewerOf(derivePermissions([], null), null)).toBe('other');
  });
});
