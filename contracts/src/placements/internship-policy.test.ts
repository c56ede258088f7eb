import { describe, expect, it } from 'vitest';
import { derivePermissions } from '../identity/permissions.ts';
import type { TOrganizationType, TRoleName } from '../identity/roles.ts';
import { getTenant } from '../tenants/tenant-registry.ts';
import {
  availableInternshipActions,
  DERIVED_INTERNSHIP_FIELDS,
  editableFields,
  internshipScopes,
  mayAssignInternships,
  maySubmitSelfFound,
  partiesOf,
  readsInternship,
  type TInternshipFacts,
} from './internship-policy.ts';
import { INTERNSHIP_ACTIONS, INTERNSHIP_STATUSES, INTERNSHIP_TRANSITIONS } from './internships.ts';

const SCHOOL = 's-1';
const ORG = 'o-1';
const STUDENT = 'u-student';

function viewer(
  userId: string,
  role: TRoleName,
  type: TOrganizationType,
  id: string,
  mentorsStudent = false,
) {
  const permissions = derivePermissions([{ name: role, resourceType: type, resourceId: id }], { id, type });
  return { userId, permissions, current: { id, type, status: 'approved' as const }, mentorsStudent };
}
const facts = (status: TInternshipFacts['status'], selfFound = false) => ({
  studentId: STUDENT,
  schoolId: SCHOOL,
  organizationId: ORG,
  status,
  selfFound,
  updatingHoursAllowed: true,
});

const student = viewer(STUDENT, 'student', 'School', SCHOOL);
const mentor = viewer('u-mentor', 'mentor', 'School', SCHOOL, true);
const school = viewer('u-school', 'admin', 'School', SCHOOL);
const company = viewer('u-company', 'admin', 'Provider', ORG);

describe('internship policy', () => {
  it('names the parties: the student, their mentor, their school, the organization; nobody else', () => {
    expect(partiesOf(student, facts('applied'))).toEqual(['student']);
    expect(partiesOf(mentor, facts('applied'))).toEqual(['mentor']);
    expect(partiesOf(school, facts('applied'))).toEqual(['school']);
    expect(partiesOf(company, facts('applied'))).toEqual(['organization']);
    expect(readsInternship(viewer('u-other', 'student', 'School', SCHOOL), facts('applied'))).toBe(false);
    expect(readsInternship({ ...mentor, mentorsStudent: false }, facts('applied'))).toBe(false);
    expect(readsInternship(viewer('u-school', 'admin', 'School', 's-2'), facts('applied'))).toBe(false);
    expect(readsInternship(viewer('u-company', 'admin', 'Provider', 'o-2'), facts('applied'))).toBe(false);
    // Roles count only for the current organization.
    expect(
      readsInternship({ ...company, current: { ...company.current, id: SCHOOL } }, facts('applied')),
    ).toBe(false);
  });

  it('offers each action to its parties, in the states it leaves, and nothing once final', () => {
    for (const status of INTERNSHIP_STATUSES)
      for (const [party, v] of [
        ['student', student],
        ['mentor', mentor],
        ['school', school],
        ['organization', company],
      ] as const) {
        const expected = INTERNSHIP_ACTIONS.filter(
          (a) =>
            INTERNSHIP_TRANSITIONS[a].from.includes(status) && INTERNSHIP_TRANSITIONS[a].by.includes(party),
        );
        expect(availableInternshipActions(v, facts(status)), `${party} at ${status}`).toEqual(expected);
      }
    expect(availableInternshipActions(mentor, facts('applied'))).toEqual([]);
  });

  it('gives a pending organization no say over internships (issue #31)', () => {
    const pending = { ...company, current: { ...company.current, status: 'pending' as const } };
    expect(partiesOf(pending, facts('active'))).toEqual([]);
    expect(editableFields(pending, facts('active'), getTenant('stageplein')!.features)).toEqual([]);
    expect(internshipScopes(pending)).toEqual([]);
  });

  it('lists the scopes per party of the current organization', () => {
    expect(internshipScopes(school)).toEqual([
      { kind: 'school', schoolId: SCHOOL },
      { kind: 'organization', organizationId: SCHOOL },
    ]);
    expect(internshipScopes(company)).toEqual([{ kind: 'organization', organizationId: ORG }]);
    expect(internshipScopes(student)).toEqual([{ kind: 'student', schoolId: SCHOOL, studentId: STUDENT }]);
    expect(internshipScopes(mentor)).toEqual([{ kind: 'mentor', schoolId: SCHOOL, mentorId: 'u-mentor' }]);
    expect(internshipScopes({ ...student, current: null })).toEqual([]);
  });

  it('editable fields follow party, state and the tenant’s motivation switch', () => {
    const withMotivation = getTenant('stageplein')!.features;
    const without = getTenant('demo')!.features;
    expect(editableFields(student, facts('applied'), withMotivation)).toEqual(['motivation']);
    expect(editableFields(student, facts('applied'), without)).toEqual([]);
    expect(editableFields(student, facts('submitted', true), without)).toContain('organization_name');
    // Issue #31.3: the required hours are the school's, the confirmed hours nobody's (derived).
    expect(editableFields(student, facts('active'), without)).toEqual([]);
    expect(editableFields(company, facts('active'), without)).not.toContain('hours_supervisor');
    expect(editableFields(company, facts('active'), without)).not.toContain('hours');
    expect(editableFields(school, facts('active'), without)).toContain('hours');
    expect(editableFields(school, facts('active'), without)).not.toContain('hours_supervisor');
    expect(DERIVED_INTERNSHIP_FIELDS).toEqual(['hours_supervisor']);
    expect(editableFields(company, facts('active'), without)).toContain('supervisor_id');
    expect(editableFields(company, facts('active'), without)).not.toContain('title');
    expect(editableFields(school, facts('approved'), without)).toContain('title');
    expect(editableFields(mentor, facts('approved'), without)).toEqual([]);
    expect(editableFields(school, facts('completed'), without)).toEqual([]);
  });

  it('assigning is for approved school admins; self-found for students where the switch allows', () => {
    expect(mayAssignInternships(school.permissions, school.current)).toBe(true);
    expect(mayAssignInternships(company.permissions, company.current)).toBe(false);
    expect(maySubmitSelfFound(student.permissions, student.current, getTenant('stageplein')!.features)).toBe(
      true,
    );
    expect(
      maySubmitSelfFound(student.permissions, student.current, getTenant('match2gether')!.features),
    ).toBe(false);
  });
});
