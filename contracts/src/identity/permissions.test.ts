import { describe, expect, it } from 'vitest';
import { derivePermissions, NO_PERMISSIONS, type TPermissions } from './permissions.ts';
import {
  highestRank,
  ORGANIZATION_TYPES,
  ROLE_NAMES,
  type TOrganizationType,
  type TRoleName,
} from './roles.ts';

const ORG = 'org-1';
const OTHER = 'org-2';

/** Spec §6 written out per role × organization type; `true` lists the permissions that hold. */
const EXPECTED: Record<TRoleName, Record<TOrganizationType, (keyof TPermissions)[]>> = {
  admin: {
    School: ['isAdmin', 'isSchoolAdmin', 'isMentorOrSchoolAdmin', 'isSchoolOrCenterAdmin', 'designWorkflows'],
    VolunteerCenter: ['isAdmin', 'isVolunteerCenterAdmin', 'isSchoolOrCenterAdmin'],
    NonProfit: ['isAdmin', 'isNonProfitAdmin'],
    Provider: ['isAdmin', 'isProviderAdmin'],
  },
  mentor: {
    School: ['isMentor', 'isMentorOrSchoolAdmin', 'isVolunteer'],
    VolunteerCenter: ['isMentor', 'isMentorOrSchoolAdmin', 'isVolunteer'],
    NonProfit: ['isMentor', 'isMentorOrSchoolAdmin', 'isVolunteer'],
    Provider: ['isMentor', 'isMentorOrSchoolAdmin', 'isVolunteer'],
  },
  student: {
    School: ['isStudent', 'isVolunteer'],
    VolunteerCenter: ['isVolunteer'],
    NonProfit: ['isVolunteer'],
    Provider: ['isVolunteer'],
  },
  volunteer: {
    School: ['isVolunteer'],
    VolunteerCenter: ['isVolunteer'],
    NonProfit: ['isVolunteer'],
    Provider: ['isVolunteer'],
  },
};

const granted = (p: TPermissions) =>
  Object.entries(p)
    .filter(([, v]) => v)
    .map(([k]) => k)
    .sort();

describe('derivePermissions (spec §6)', () => {
  for (const name of ROLE_NAMES) {
    for (const type of ORGANIZATION_TYPES) {
      it(`${name} of a ${type}`, () => {
        const roles = [{ name, resourceType: type, resourceId: ORG }];
        expect(granted(derivePermissions(roles, { id: ORG }))).toEqual([...EXPECTED[name][type]].sort());
        // The organization's own type wins over the role row's (e.g. from the organization list).
        expect(granted(derivePermissions(roles, { id: ORG, type }))).toEqual(
          [...EXPECTED[name][type]].sort(),
        );
      });
    }
  }

  it('counts only roles on the selected organization', () => {
    const roles = [
      { name: 'admin', resourceType: 'School', resourceId: OTHER },
      { name: 'student', resourceType: 'School', resourceId: ORG },
    ];
    expect(granted(derivePermissions(roles, { id: ORG }))).toEqual(['isStudent', 'isVolunteer']);
    expect(derivePermissions(roles, { id: OTHER }).isSchoolAdmin).toBe(true);
    // Numeric ids from older clients compare equal to their string form.
    expect(
      derivePermissions([{ name: 'admin', resourceType: 'School', resourceId: 7 }], { id: '7' }).isAdmin,
    ).toBe(true);
  });

  it('combines several roles on one organization', () => {
    const roles = [
      { name: 'mentor', resourceType: 'School', resourceId: ORG },
      { name: 'admin', resourceType: 'School', resourceId: ORG },
    ];
    expect(granted(derivePermissions(roles, { id: ORG }))).toEqual(
      [
        'isAdmin',
        'isMentor',
        'isMentorOrSchoolAdmin',
        'isSchoolAdmin',
        'isSchoolOrCenterAdmin',
        'designWorkflows',
      ].sort(),
    );
  });

  it('grants nothing without a selected organization or without roles there', () => {
    const roles = [{ name: 'admin', resourceType: 'School', resourceId: ORG }];
    expect(granted(derivePermissions(roles, null))).toEqual(['isVolunteer']);
    expect(granted(derivePermissions(roles, { id: OTHER }))).toEqual(['isVolunteer']);
    expect(derivePermissions([], undefined)).toEqual(NO_PERMISSIONS);
  });

  it('ignores unknown organization types for the typed admin permissions', () => {
    const p = derivePermissions([{ name: 'admin', resourceType: 'Planet', resourceId: ORG }], { id: ORG });
    expect(granted(p)).toEqual(['isAdmin']);
  });

  it('ranks roles for impersonation and management rules', () => {
    expect(highestRank([])).toBe(0);
    expect(highestRank([{ name: 'student' }, { name: 'mentor' }])).toBe(2);
    expect(highestRank([{ name: 'volunteer' }, { name: 'admin' }])).toBe(3);
  });
});
