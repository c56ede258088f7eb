import { describe, expect, it } from 'vitest';
import {
  adminPermissions,
  canAccess,
  hasBackOffice,
  type TAdminAction,
  type TSessionOrganization,
} from './access.ts';

const school: TSessionOrganization = {
  id: 'school',
  type: 'School',
  status: 'approved',
  name: 'College',
  roles: [],
};
const center: TSessionOrganization = {
  id: 'center',
  type: 'VolunteerCenter',
  status: 'approved',
  name: 'Centrale',
  roles: [],
};
const provider: TSessionOrganization = {
  id: 'provider',
  type: 'Provider',
  status: 'approved',
  name: 'Zorg',
  roles: [],
};

const as = (name: string, organization: TSessionOrganization, extra: { impersonatorId?: string } = {}) =>
  adminPermissions(
    {
      id: `${name}-user`,
      roles: [{ name, resourceType: organization.type, resourceId: organization.id }],
      ...extra,
    },
    organization,
  );

/** The demo accounts of the identity seed (services/identity/src/seeds/seed.ts). */
const schoolAdmin = as('admin', school);
const centerAdmin = as('admin', center);
const mentor = as('mentor', school);
const student = as('student', school);
const companyAdmin = as('admin', provider);

const user = (id: string, roles: string[], status = 'active') => ({
  id,
  status,
  roles: roles.map((name) => ({ name, resourceId: 'school' })),
});

describe('adminPermissions', () => {
  it('spec §6 for the selected organization, with who moderates what', () => {
    expect(schoolAdmin).toMatchObject({
      isAdmin: true,
      isSchoolAdmin: true,
      moderatedTypes: ['NonProfit', 'Provider'],
    });
    expect(centerAdmin.moderatedTypes).toEqual(['School', 'VolunteerCenter', 'NonProfit', 'Provider']);
    expect(companyAdmin).toMatchObject({ isAdmin: true, isProviderAdmin: true, moderatedTypes: [] });
    expect(student).toMatchObject({ isStudent: true, isAdmin: false });
    expect(adminPermissions({ id: 'u', roles: [] }, undefined)).toMatchObject({
      isAdmin: false,
      organization: undefined,
    });
  });

  it('nobody moderates from a pending organization', () => {
    expect(as('admin', { ...center, status: 'pending' }).moderatedTypes).toEqual([]);
  });
});

describe('the back office', () => {
  it('is for admins and mentors; a student or a signed-in user without organization sees none of it', () => {
    expect([schoolAdmin, centerAdmin, mentor, companyAdmin].every(hasBackOffice)).toBe(true);
    expect(hasBackOffice(student)).toBe(false);
    expect(hasBackOffice(undefined)).toBe(false);
    const screens: [string, TAdminAction][] = [
      ['users', 'list'],
      ['organizations', 'list'],
      ['groups', 'list'],
      ['levels', 'list'],
      ['internship_periods', 'list'],
      ['mentorships', 'list'],
      ['school_years', 'list'],
    ];
    for (const [resource, action] of screens)
      expect(canAccess(student, resource, action), resource).toBe(false);
  });
});

describe('users (services/identity users.policy)', () => {
  it('admins invite, edit, give and take roles; mentors only read', () => {
    for (const action of ['list', 'show', 'create', 'edit', 'addRole', 'removeRole'] as const) {
      expect(canAccess(schoolAdmin, 'users', action, user('x', ['student'])), action).toBe(true);
    }
    expect(canAccess(mentor, 'users', 'list')).toBe(true);
    for (const action of ['create', 'edit', 'addRole', 'delete', 'impersonate'] as const) {
      expect(canAccess(mentor, 'users', action, user('x', ['student'])), action).toBe(false);
    }
  });

  it('admins never manage, delete or impersonate another admin; nobody drops their own admin role', () => {
    const otherAdmin = user('other', ['admin']);
    expect(canAccess(schoolAdmin, 'users', 'edit', otherAdmin)).toBe(false);
    expect(canAccess(schoolAdmin, 'users', 'delete', otherAdmin)).toBe(false);
    expect(canAccess(schoolAdmin, 'users', 'impersonate', otherAdmin)).toBe(false);
    const self = user('admin-user', ['admin']);
    expect(canAccess(schoolAdmin, 'users', 'edit', self)).toBe(true);
    expect(canAccess(schoolAdmin, 'users', 'delete', self)).toBe(false);
    expect(canAccess(schoolAdmin, 'users', 'removeRole', self, { role: 'admin' })).toBe(false);
    expect(canAccess(schoolAdmin, 'users', 'removeRole', self, { role: 'mentor' })).toBe(true);
  });

  it('sign in as user: active users ranked below admin, never from an impersonated session', () => {
    expect(canAccess(schoolAdmin, 'users', 'impersonate', user('s', ['student']))).toBe(true);
    expect(canAccess(schoolAdmin, 'users', 'impersonate', user('s', ['student'], 'invited'))).toBe(false);
    expect(
      canAccess(as('admin', school, { impersonatorId: 'x' }), 'users', 'impersonate', user('s', ['student'])),
    ).toBe(false);
  });

  it('a student who is an admin elsewhere (API facts highestRoleRank, organizationCount) gets no edit, delete or sign-in-as', () => {
    const adminElsewhere = { ...user('s', ['student']), highestRoleRank: 3, organizationCount: 2 };
    for (const action of ['edit', 'delete', 'impersonate'] as const) {
      expect(canAccess(schoolAdmin, 'users', action, adminElsewhere), action).toBe(false);
    }
    // Control: without the admin role elsewhere, only delete stays refused (another organization).
    const volunteerElsewhere = { ...adminElsewhere, highestRoleRank: 1 };
    expect(canAccess(schoolAdmin, 'users', 'edit', volunteerElsewhere)).toBe(true);
    expect(canAccess(schoolAdmin, 'users', 'impersonate', volunteerElsewhere)).toBe(true);
    expect(canAccess(schoolAdmin, 'users', 'delete', volunteerElsewhere)).toBe(false);
    expect(canAccess(schoolAdmin, 'users', 'delete', { ...volunteerElsewhere, organizationCount: 1 })).toBe(
      true,
    );
  });

  it('resend confirmation only to invited users', () => {
    expect(canAccess(schoolAdmin, 'users', 'resendConfirmation', user('s', ['student'], 'invited'))).toBe(
      true,
    );
    expect(canAccess(schoolAdmin, 'users', 'resendConfirmation', user('s', ['student'], 'active'))).toBe(
      false,
    );
  });
});

describe('organizations (contracts/organizations/moderation)', () => {
  const pendingProvider = { id: 'p2', type: 'Provider', organizationType: 'Provider', status: 'pending' };
  const otherSchool = { id: 's2', type: 'School', organizationType: 'School' };

  it('school admins moderate NonProfits and Providers, centre admins every type; only centre admins delete', () => {
    expect(canAccess(schoolAdmin, 'organizations', 'approve')).toBe(true);
    expect(canAccess(schoolAdmin, 'organizations', 'changeStatus', pendingProvider)).toBe(true);
    expect(canAccess(schoolAdmin, 'organizations', 'changeStatus', otherSchool)).toBe(false);
    expect(canAccess(schoolAdmin, 'organizations', 'delete', pendingProvider)).toBe(false);
    expect(canAccess(centerAdmin, 'organizations', 'changeStatus', otherSchool)).toBe(true);
    expect(canAccess(centerAdmin, 'organizations', 'delete', otherSchool)).toBe(true);
  });

  it('a company admin edits their own organization and moderates nothing', () => {
    expect(canAccess(companyAdmin, 'organizations', 'edit', { id: 'provider', type: 'Provider' })).toBe(true);
    expect(canAccess(companyAdmin, 'organizations', 'edit', pendingProvider)).toBe(false);
    expect(canAccess(companyAdmin, 'organizations', 'approve')).toBe(false);
    expect(canAccess(companyAdmin, 'organizations', 'create')).toBe(false);
  });

  it('nobody moderates their own organization', () => {
    expect(
      canAccess(centerAdmin, 'organizations', 'changeStatus', { id: 'center', type: 'VolunteerCenter' }),
    ).toBe(false);
  });
});

describe('school data (services/organizations managesSchool / belongsToSchool)', () => {
  it('the school’s admins manage groups, levels, tags, periods and mentorships', () => {
    for (const resource of ['groups', 'levels', 'tags', 'internship_periods']) {
      for (const action of ['list', 'create', 'edit', 'delete'] as const) {
        expect(canAccess(schoolAdmin, resource, action), `${resource} ${action}`).toBe(true);
      }
    }
    expect(canAccess(schoolAdmin, 'mentorships', 'create')).toBe(true);
    expect(canAccess(schoolAdmin, 'students', 'assignGroup')).toBe(true);
  });

  it('not from a pending school, and not as admin of another kind of organization', () => {
    const pending = as('admin', { ...school, status: 'pending' });
    expect(canAccess(pending, 'groups', 'create')).toBe(false);
    expect(canAccess(companyAdmin, 'internship_periods', 'create')).toBe(false);
    expect(canAccess(companyAdmin, 'groups', 'list')).toBe(false);
    expect(canAccess(centerAdmin, 'students', 'assignGroup')).toBe(false);
  });

  it('mentors read the school’s groups and manage their own mentorships', () => {
    expect(canAccess(mentor, 'groups', 'list')).toBe(true);
    expect(canAccess(mentor, 'groups', 'create')).toBe(false);
    expect(canAccess(mentor, 'mentorships', 'create')).toBe(true);
    const own = { mentorId: 'mentor-user', schoolId: school.id };
    expect(canAccess(mentor, 'mentorships', 'delete', own)).toBe(true);
    expect(canAccess(mentor, 'mentorships', 'delete', { ...own, mentorId: 'someone-else' })).toBe(false);
    // Another school's mentorship, even their own name on it, is not theirs to delete.
    expect(canAccess(mentor, 'mentorships', 'delete', { ...own, schoolId: 'other-school' })).toBe(false);
    expect(canAccess(schoolAdmin, 'mentorships', 'delete', { ...own, mentorId: 'someone-else' })).toBe(true);
  });

  it('unknown resources and actions are not offered', () => {
    expect(canAccess(schoolAdmin, 'internships', 'list')).toBe(false);
    expect(canAccess(schoolAdmin, 'school_years', 'create')).toBe(false);
  });
});

describe('workflows (contracts/phases/workflow-rules.ts mayDesignWorkflows), read-only', () => {
  it('the approved School’s admins read definitions, versions and runs; nobody changes them here', () => {
    for (const resource of ['workflow_definitions', 'workflow_versions', 'phase_runs']) {
      expect(canAccess(schoolAdmin, resource, 'list'), resource).toBe(true);
      expect(canAccess(schoolAdmin, resource, 'show'), resource).toBe(true);
      for (const action of ['create', 'edit', 'delete'] as const)
        expect(canAccess(schoolAdmin, resource, action), `${resource} ${action}`).toBe(false);
    }
  });

  it('not a pending school’s admins, a centre’s or a company’s, nor a mentor by role alone', () => {
    const pending = as('admin', { ...school, status: 'pending' });
    for (const who of [pending, centerAdmin, companyAdmin, mentor])
      expect(canAccess(who, 'workflow_definitions', 'list')).toBe(false);
  });
});

describe('vacancies (contracts/placements/vacancy-policy.ts)', () => {
  const vacancy = (organizationId: string, status: string, hidden = false) => ({
    id: 'v',
    organizationId,
    status,
    hidden,
  });
  const all = ['publish', 'close', 'archive', 'hide', 'unhide'] as const;
  const offered = (p: ReturnType<typeof as>, r: Record<string, unknown>) =>
    all.filter((a) => canAccess(p, 'vacancies', a, r));

  it('lets an organization’s admins manage their own, by the vacancy’s state', () => {
    expect(canAccess(companyAdmin, 'vacancies', 'list')).toBe(true);
    expect(offered(companyAdmin, vacancy(provider.id, 'draft'))).toEqual(['publish', 'archive']);
    expect(offered(companyAdmin, vacancy(provider.id, 'published'))).toEqual(['close', 'archive']);
    expect(offered(companyAdmin, vacancy(provider.id, 'closed'))).toEqual(['publish', 'archive']);
    expect(offered(companyAdmin, vacancy(provider.id, 'archived'))).toEqual([]);
    expect(canAccess(companyAdmin, 'vacancies', 'edit', vacancy(provider.id, 'published'))).toBe(true);
    expect(canAccess(companyAdmin, 'vacancies', 'edit', vacancy(provider.id, 'archived'))).toBe(false);
    expect(canAccess(companyAdmin, 'vacancies', 'delete', vacancy(provider.id, 'draft'))).toBe(true);
    expect(canAccess(companyAdmin, 'vacancies', 'delete', vacancy(provider.id, 'published'))).toBe(false);
  });

  it('never lets a company admin moderate, nor touch another organization’s vacancy', () => {
    expect(canAccess(companyAdmin, 'vacancies', 'hide')).toBe(false);
    expect(offered(companyAdmin, vacancy('other', 'published'))).toEqual([]);
    expect(canAccess(companyAdmin, 'vacancies', 'edit', vacancy('other', 'draft'))).toBe(false);
    // Their own vacancy, hidden by a moderator: they see it but cannot unhide it.
    expect(offered(companyAdmin, vacancy(provider.id, 'published', true))).toEqual(['close', 'archive']);
  });

  it('lets admins of an approved School or VolunteerCenter hide and unhide other organizations’ vacancies', () => {
    for (const moderator of [schoolAdmin, centerAdmin]) {
      expect(canAccess(moderator, 'vacancies', 'list')).toBe(true);
      expect(canAccess(moderator, 'vacancies', 'hide')).toBe(true);
      expect(offered(moderator, vacancy(provider.id, 'published'))).toEqual(['hide']);
      expect(offered(moderator, vacancy(provider.id, 'published', true))).toEqual(['unhide']);
      expect(offered(moderator, vacancy(provider.id, 'archived'))).toEqual([]);
      expect(canAccess(moderator, 'vacancies', 'edit', vacancy(provider.id, 'draft'))).toBe(false);
      expect(canAccess(moderator, 'vacancies', 'show', vacancy(provider.id, 'draft'))).toBe(true);
    }
    const pending = as('admin', { ...school, status: 'pending' });
    expect(canAccess(pending, 'vacancies', 'hide')).toBe(false);
    expect(offered(pending, vacancy(provider.id, 'published'))).toEqual([]);
  });

  it('offers nothing to mentors and students', () => {
    expect(canAccess(mentor, 'vacancies', 'list')).toBe(false);
    expect(canAccess(student, 'vacancies', 'list')).toBe(false);
  });
});

describe('mail templates', () => {
  it("are the school's and the centre's admins' (contracts' editsMailTemplates, as notifications enforces it)", () => {
    for (const action of ['list', 'edit', 'delete'] as const) {
      expect(canAccess(schoolAdmin, 'notification_templates', action)).toBe(true);
      expect(canAccess(centerAdmin, 'notification_templates', action)).toBe(true);
      expect(canAccess(mentor, 'notification_templates', action)).toBe(false);
      expect(canAccess(companyAdmin, 'notification_templates', action)).toBe(false);
      expect(canAccess(student, 'notification_templates', action)).toBe(false);
    }
  });
});
