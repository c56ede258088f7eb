import { describe, expect, it } from 'vitest';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import { hasKey } from '@stageplein/contracts/i18n/index';
import { mayImportStudents } from '@stageplein/contracts/organizations/organizations-policy';
import { mayAssignInternships } from '@stageplein/contracts/placements/internship-policy';
import { mayWriteBackResults } from '@stageplein/contracts/placements/write-back-policy';
import { mayDesignWorkflows } from '@stageplein/contracts/phases/workflow-rules';
import { matchRoute } from '@stageplein/contracts/routes/route-manifest';
import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import {
  dashboardInternshipsOf,
  dashboardRole,
  dashboardTiles,
  type TDashboardRole,
  type TDashboardViewer,
  visibleDashboardTiles,
  waitingQueueQuery,
  waitingQueues,
} from './dashboard-model.ts';

const as = (name: string, type: string) =>
  derivePermissions([{ name, resourceType: type, resourceId: 'o' }], { id: 'o' });

/** The viewer of a role at organization `o` of that type (approved unless said otherwise). */
const viewer = (name: string, type: TOrganizationType, status: TOrganizationStatus = 'approved') => ({
  permissions: as(name, type),
  current: { id: 'o', type, status },
});

describe('dashboard per role', () => {
  it('recognises the demo roles', () => {
    expect(dashboardRole(as('student', 'School'))).toBe('student');
    expect(dashboardRole(as('mentor', 'School'))).toBe('mentor');
    expect(dashboardRole(as('admin', 'School'))).toBe('schoolAdmin');
    expect(dashboardRole(as('admin', 'VolunteerCenter'))).toBe('centerAdmin');
    expect(dashboardRole(as('admin', 'Provider'))).toBe('companyAdmin');
    expect(dashboardRole(as('admin', 'NonProfit'))).toBe('companyAdmin');
    expect(dashboardRole(as('volunteer', 'NonProfit'))).toBe('member');
  });

  it('gives each role what it needs first', () => {
    const paths = (role: Parameters<typeof dashboardTiles>[0], tenant: keyof typeof TENANTS) =>
      dashboardTiles(role, TENANTS[tenant].features).map((t) => t.path);
    expect(paths('student', 'stageplein')[0]).toBe('/stagebank');
    expect(paths('mentor', 'stageplein')[0]).toBe('/internships');
    expect(paths('schoolAdmin', 'stageplein')[0]).toBe('/internships/assign');
    expect(paths('companyAdmin', 'stageplein')[0]).toBe('/vacancies');
  });

  it('follows the tenant switches', () => {
    // Contracts only for traineeship tenants; self-found internships not for match2gether.
    expect(dashboardTiles('student', TENANTS.demo.features).map((t) => t.key)).toContain('contracts');
    expect(dashboardTiles('student', TENANTS.stageplein.features).map((t) => t.key)).not.toContain(
      'contracts',
    );
    expect(dashboardTiles('student', TENANTS.match2gether.features).map((t) => t.key)).not.toContain(
      'selfFound',
    );
    expect(dashboardTiles('student', TENANTS.stageplein.features).map((t) => t.key)).toContain('selfFound');
  });

  it('links only to known routes with translated titles', () => {
    for (const role of [
      'student',
      'mentor',
      'schoolAdmin',
      'centerAdmin',
      'companyAdmin',
      'member',
    ] as const) {
      for (const tile of dashboardTiles(role, TENANTS.demo.features)) {
        expect(matchRoute(tile.path), tile.path).toBeDefined();
        expect(hasKey(tile.titleKey), tile.titleKey).toBe(true);
        expect(hasKey(`portal.dashboard.tiles.${tile.key}`), tile.key).toBe(true);
      }
    }
  });

  it('shows only tiles whose screen exists, and everyone’s own pages', () => {
    const built = new Set(['/users', '/importeren/csv', '/profile-edit', '/instellingen']);
    const keys = (role: Parameters<typeof dashboardTiles>[0]) =>
      visibleDashboardTiles(role, TENANTS.demo.features, (p) => built.has(p), viewer('admin', 'School')).map(
        (t) => t.key,
      );
    expect(keys('schoolAdmin')).toEqual(['users', 'import', 'profile', 'settings']);
    // A mentor's screens are not built yet: their own pages remain, nothing blank.
    expect(keys('mentor')).toEqual(['profile', 'settings']);
    expect(keys('student')).toEqual(['profile', 'settings']);
  });

  it('leads a school admin to their students’ internships, not a centre’s admin', () => {
    const paths = (role: Parameters<typeof dashboardTiles>[0]) =>
      dashboardTiles(role, TENANTS.stageplein.features).map((t) => t.path);
    expect(paths('schoolAdmin')).toContain('/internships');
    expect(paths('centerAdmin')).not.toContain('/internships');
  });

  it('offers only screens the person may use, by the services’ own rules (placing and importing students)', () => {
    const paths = (role: TDashboardRole, who: TDashboardViewer) =>
      visibleDashboardTiles(role, TENANTS.stageplein.features, () => true, who).map((t) => t.path);
    const schoolOnly = ['/internships/assign', '/importeren/csv'];
    const school = viewer('admin', 'School');
    expect(paths('schoolAdmin', school)).toEqual(expect.arrayContaining(schoolOnly));
    // The rules of the screens' services, not the dashboard's own guess.
    expect(mayAssignInternships(school.permissions, school.current)).toBe(true);
    expect(mayImportStudents(school.permissions, school.current)).toBe(true);
    // The platform operator (a centre's admin), and a school admin whose school is still pending.
    const centre = viewer('admin', 'VolunteerCenter');
    const pending = viewer('admin', 'School', 'pending');
    for (const [role, who] of [
      ['centerAdmin', centre],
      ['schoolAdmin', pending],
    ] as const) {
      expect(mayAssignInternships(who.permissions, who.current)).toBe(false);
      expect(mayImportStudents(who.permissions, who.current)).toBe(false);
      for (const path of schoolOnly) expect(paths(role, who)).not.toContain(path);
      expect(paths(role, who)).toContain('/internship_periods');
    }
    // Without a known current organization nothing is offered that needs one.
    for (const path of schoolOnly)
      expect(paths('schoolAdmin', { permissions: school.permissions, current: undefined })).not.toContain(
        path,
      );
  });

  it('leads school admins to the school’s analytics and other admins to their organization’s (issue #37)', () => {
    const paths = (role: TDashboardRole, who: TDashboardViewer) =>
      visibleDashboardTiles(role, TENANTS.stageplein.features, () => true, who)
        .map((t) => t.path)
        .filter((p) => p.startsWith('/analytics'));
    expect(paths('schoolAdmin', viewer('admin', 'School'))).toEqual(['/analytics']);
    expect(paths('schoolAdmin', viewer('admin', 'School', 'pending'))).toEqual([]);
    expect(paths('centerAdmin', viewer('admin', 'VolunteerCenter'))).toEqual(['/analytics/index-2']);
    expect(paths('companyAdmin', viewer('admin', 'Provider'))).toEqual(['/analytics/index-2']);
    expect(paths('companyAdmin', viewer('admin', 'NonProfit', 'pending'))).toEqual([]);
    expect(paths('student', viewer('student', 'School'))).toEqual([]);
  });

  it('leads only an approved school’s admins to the write-back, by placements’ rule (issue #36)', () => {
    const writeBack = (role: TDashboardRole, who: TDashboardViewer) =>
      visibleDashboardTiles(role, TENANTS.stageplein.features, () => true, who).some(
        (t) => t.path === '/terugschrijven',
      );
    const school = viewer('admin', 'School');
    expect(mayWriteBackResults(school.permissions, school.current)).toBe(true);
    expect(writeBack('schoolAdmin', school)).toBe(true);
    const pending = viewer('admin', 'School', 'pending');
    expect(mayWriteBackResults(pending.permissions, pending.current)).toBe(false);
    expect(writeBack('schoolAdmin', pending)).toBe(false);
    expect(writeBack('centerAdmin', viewer('admin', 'VolunteerCenter'))).toBe(false);
    expect(writeBack('mentor', viewer('mentor', 'School'))).toBe(false);
    expect(writeBack('schoolAdmin', { permissions: school.permissions, current: undefined })).toBe(false);
  });

  it('leads a mentor to the workflows only when a school admin granted it (contracts’ rule)', () => {
    const paths = (who: TDashboardViewer) =>
      visibleDashboardTiles('mentor', TENANTS.stageplein.features, () => true, who).map((t) => t.path);
    const mentor = viewer('mentor', 'School');
    expect(paths(mentor)).not.toContain('/workflows');
    expect(paths({ ...mentor, designerGrant: true })).toContain('/workflows');
    expect(mayDesignWorkflows(mentor.permissions, mentor.current, true)).toBe(true);
    // The rule's other conditions hold for the tile too: a pending school, a company's mentor.
    expect(paths({ ...viewer('mentor', 'School', 'pending'), designerGrant: true })).not.toContain(
      '/workflows',
    );
    expect(paths({ ...viewer('mentor', 'Provider'), designerGrant: true })).not.toContain('/workflows');
    // A school admin designs by role, grant or not.
    expect(
      visibleDashboardTiles(
        'schoolAdmin',
        TENANTS.stageplein.features,
        () => true,
        viewer('admin', 'School'),
      ).map((t) => t.path),
    ).toContain('/workflows');
  });

  it('lists the internships of students, companies and schools', () => {
    expect(dashboardInternshipsOf('student')).toBe('student');
    expect(dashboardInternshipsOf('companyAdmin')).toBe('organization');
    expect(dashboardInternshipsOf('schoolAdmin')).toBe('school');
    expect(dashboardInternshipsOf('mentor')).toBe('school');
    expect(dashboardInternshipsOf('member')).toBeUndefined();
  });
});

describe('what waits for whom (issue #30 item 2)', () => {
  const school = { id: 'o', type: 'School', status: 'approved' } as const;
  const center = { id: 'o', type: 'VolunteerCenter', status: 'approved' } as const;
  const company = { id: 'o', type: 'Provider', status: 'approved' } as const;
  const keys = (
    role: Parameters<typeof waitingQueues>[0],
    p: ReturnType<typeof as>,
    facts?: typeof school | typeof center | typeof company,
    tenant: keyof typeof TENANTS = 'stageplein',
  ) => waitingQueues(role, p, facts, TENANTS[tenant].features).map((q) => q.key);

  it('gives each person the queues they act on or follow', () => {
    expect(keys('schoolAdmin', as('admin', 'School'), school)).toEqual([
      'phaseTasks',
      'approvals',
      'selfFound',
      'organizations',
    ]);
    expect(keys('centerAdmin', as('admin', 'VolunteerCenter'), center)).toEqual(['organizations']);
    // stageplein: hours, no evaluation forms; oldebroek: both; demo (traineeship): neither.
    expect(keys('companyAdmin', as('admin', 'Provider'), company)).toEqual([
      'phaseTasks',
      'applications',
      'hoursToConfirm',
      'accountRequests',
    ]);
    expect(keys('companyAdmin', as('admin', 'Provider'), company, 'demo')).toEqual([
      'phaseTasks',
      'applications',
      'accountRequests',
    ]);
    // Supervisors' requests for an account: only the admins of an approved company answer them.
    expect(
      keys('companyAdmin', as('admin', 'Provider'), { ...company, status: 'pending' } as never),
    ).not.toContain('accountRequests');
    expect(keys('mentor', as('mentor', 'School'), school)).toEqual([
      'phaseTasks',
      'studentsAwaitingSchool',
      'hoursToConfirm',
    ]);
    expect(keys('mentor', as('mentor', 'School'), school, 'oldebroek')).toEqual([
      'phaseTasks',
      'studentsAwaitingSchool',
      'evaluations',
      'hoursToConfirm',
    ]);
    // The phase tasks first, then the weeks without hours (on hours tenants only).
    expect(keys('student', as('student', 'School'), school)).toEqual([
      'phaseTasks',
      'hoursToLog',
      'answered',
    ]);
    expect(keys('student', as('student', 'School'), school, 'oldebroek')).toEqual([
      'phaseTasks',
      'hoursToLog',
      'answered',
      'evaluations',
    ]);
    expect(keys('student', as('student', 'School'), school, 'demo')).toEqual([
      'phaseTasks',
      'answered',
      'evaluations',
    ]);
    expect(keys('member', as('volunteer', 'NonProfit'))).toEqual([]);
  });

  it('offers organizations to approve only to who moderates them (the contracts rule)', () => {
    // A school that is not approved itself moderates nothing.
    expect(
      keys('schoolAdmin', as('admin', 'School'), { ...school, status: 'pending' } as never),
    ).not.toContain('organizations');
    const [orgs] = waitingQueues(
      'schoolAdmin',
      as('admin', 'School'),
      school,
      TENANTS.stageplein.features,
    ).filter((q) => q.key === 'organizations');
    expect(orgs).toMatchObject({
      kind: 'organizations',
      types: ['NonProfit', 'Provider'],
      path: '/organizations/approve',
    });
  });

  it('asks the list endpoints for the count and the newest rows, and links to the screens where one acts', () => {
    const [, approvals] = waitingQueues(
      'schoolAdmin',
      as('admin', 'School'),
      school,
      TENANTS.stageplein.features,
    );
    expect(approvals!.path).toBe('/internships?status=accepted');
    expect(matchRoute('/internships')?.route.owner).toBe('portal');
    const url = new URL(waitingQueueQuery(approvals!, 5), 'http://x');
    expect(url.pathname).toBe('/api/v1/internships');
    expect(url.searchParams.get('filter[status_in]')).toBe('accepted');
    expect(url.searchParams.get('page[size]')).toBe('5');
    const orgs = waitingQueues(
      'centerAdmin',
      as('admin', 'VolunteerCenter'),
      center,
      TENANTS.stageplein.features,
    )[0]!;
    const orgUrl = new URL(waitingQueueQuery(orgs, 5), 'http://x');
    expect(orgUrl.pathname).toBe('/api/v1/organizations');
    expect(orgUrl.searchParams.get('filter[status_eq]')).toBe('pending');
    expect(matchRoute(orgs.path ?? '')?.route.owner).toBe('admin');
    const hours = waitingQueues('mentor', as('mentor', 'School'), school, TENANTS.stageplein.features)[2]!;
    const hoursUrl = new URL(waitingQueueQuery(hours, 5), 'http://x');
    expect(hoursUrl.searchParams.get('filter[awaiting]')).toBe('hours_confirmation');
    expect(hoursUrl.searchParams.has('filter[status_in]')).toBe(false);
    // The student's weeks without hours: the hours service's own count.
    const [tasks, toLog] = waitingQueues(
      'student',
      as('student', 'School'),
      school,
      TENANTS.stageplein.features,
    );
    // The phase tasks: placements' own list of the caller's open tasks, counted by the server.
    expect(tasks!.key).toBe('phaseTasks');
    expect(waitingQueueQuery(tasks!, 5)).toBe('/api/v1/phase_tasks?page[size]=5');
    if (!toLog) throw new Error('no hours queue');
    expect(toLog.key).toBe('hoursToLog');
    expect(waitingQueueQuery(toLog, 5)).toBe('/api/v1/hours/due');
    expect(matchRoute(toLog.path ?? '')?.route.owner).toBe('portal');
    // Supervisors asking the company for an account: answered on the dashboard, no screen of their own.
    const requests = waitingQueues(
      'companyAdmin',
      as('admin', 'Provider'),
      company,
      TENANTS.demo.features,
    ).at(-1)!;
    expect(requests).toMatchObject({ key: 'accountRequests', path: null });
    expect(waitingQueueQuery(requests, 5)).toBe(
      '/api/v1/supervisor_account_requests?filter[status]=requested&page[size]=5',
    );
    for (const q of [
      'approvals',
      'selfFound',
      'organizations',
      'applications',
      'studentsAwaitingSchool',
      'answered',
      'evaluations',
      'hoursToConfirm',
      'hoursToLog',
      'phaseTasks',
      'accountRequests',
    ])
      expect(hasKey(`portal.dashboard.waiting.queues.${q}`), q).toBe(true);
  });
});
