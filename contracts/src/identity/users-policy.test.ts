import { describe, expect, it } from 'vitest';
import { derivePermissions } from './permissions.ts';
import type { TOrganizationType } from './roles.ts';
import { roleFactsOf, userRules, userTarget, type TUserActor } from './users-policy.ts';

const ORG = 'org-1';
const OTHER = 'org-2';

const admin = (status: string | null, type: TOrganizationType = 'School'): TUserActor => ({
  userId: 'me',
  organizationId: ORG,
  permissions: derivePermissions([{ name: 'admin', resourceType: type, resourceId: ORG }], { id: ORG, type }),
  impersonating: false,
  organizationStatus: status,
});

const user = (id: string, roles: [string, string][]) => {
  const refs = roles.map(([name, resourceId]) => ({ name, resourceType: 'School', resourceId }));
  return userTarget(ORG, { id, status: 'active', roles: refs, ...roleFactsOf(refs) });
};

describe('ownership (issue #12)', () => {
  const member = user('member', [['student', ORG]]);
  const outsider = user('outsider', [['student', OTHER]]);

  it('an admin of an approved organization manages its members only', () => {
    const a = admin('approved');
    expect([
      userRules.update(a, member),
      userRules.impersonate(a, member),
      userRules.destroy(a, member),
    ]).toEqual([true, true, true]);
    expect(userRules.addRole(a, member, { resourceId: ORG })).toBe(true);
    expect(userRules.addRole(a, outsider, { resourceId: ORG })).toBe(false);
    expect([
      userRules.show(a, outsider),
      userRules.update(a, outsider),
      userRules.impersonate(a, outsider),
    ]).toEqual([false, false, false]);
  });

  it('the admin of a pending or unknown organization manages nobody but themselves', () => {
    for (const status of ['pending', 'denied', 'archived', null]) {
      const a = admin(status);
      expect(userRules.invite(a), String(status)).toBe(false);
      expect(userRules.addRole(a, member, { resourceId: ORG })).toBe(false);
      expect(userRules.update(a, member)).toBe(false);
      expect(userRules.impersonate(a, member)).toBe(false);
      expect(userRules.show(a, member)).toBe(false);
      expect(userRules.update(a, user('me', [['admin', ORG]]))).toBe(true);
    }
  });

  it('moderators may list the admins of the organizations they moderate', () => {
    const facts = (type: TOrganizationType) => ({ id: ORG, type, status: 'approved' as const });
    const operator = admin('approved', 'VolunteerCenter');
    const school = admin('approved', 'School');
    const provider = admin('approved', 'Provider');
    const of = (type: TOrganizationType) => ({ id: OTHER, type });
    expect(
      userRules.listAdminsOf(operator, { current: facts('VolunteerCenter'), target: of('School') }),
    ).toBe(true);
    expect(userRules.listAdminsOf(school, { current: facts('School'), target: of('Provider') })).toBe(true);
    expect(userRules.listAdminsOf(school, { current: facts('School'), target: of('School') })).toBe(false);
    expect(userRules.listAdminsOf(provider, { current: facts('Provider'), target: of('NonProfit') })).toBe(
      false,
    );
  });
});
