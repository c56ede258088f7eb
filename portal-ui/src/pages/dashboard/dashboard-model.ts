import { personaOf, type TPermissions, type TPersona } from '@stageplein/contracts/identity/permissions';
import type { TInternshipAwaiting, TInternshipStatus } from '@stageplein/contracts/placements/internships';
import {
  moderatedTypes,
  type TCurrentOrganizationFacts,
} from '@stageplein/contracts/organizations/moderation';
import { mayImportStudents } from '@stageplein/contracts/organizations/organizations-policy';
import { mayAssignInternships } from '@stageplein/contracts/placements/internship-policy';
import { mayWriteBackResults } from '@stageplein/contracts/placements/write-back-policy';
import { mayDesignWorkflows } from '@stageplein/contracts/phases/workflow-rules';
import { mayAnswerSupervisorAccountRequests } from '@stageplein/contracts/placements/supervisor-accounts';
import {
  maySeeOrganizationAnalytics,
  maySeeSchoolAnalytics,
} from '@stageplein/contracts/placements/analytics-policy';
import type { TTenantFeatures } from '@stageplein/contracts/tenants/tenant.types';

/** Whose dashboard it is: the first of these the user is, for the current organization (contracts' persona). */
export type TDashboardRole = TPersona;

export interface TDashboardTile {
  /** Catalogue key suffix: `portal.dashboard.tiles.<key>.*`. */
  key: string;
  path: string;
  /** The route's own title key (the tile links to it). */
  titleKey: string;
  /**
   * The contracts rule of the screen's service, where the screen refuses some of the role's people (a
   * platform operator who also administers a school, a school still pending): the tile shows only when
   * it allows the person, for the current organization.
   */
  allows?: (
    permissions: TPermissions,
    current: TCurrentOrganizationFacts | undefined,
    designerGrant: boolean,
  ) => boolean;
}

/** Who looks at the dashboard, for the current organization. */
export interface TDashboardViewer {
  permissions: TPermissions;
  current: TCurrentOrganizationFacts | undefined;
  /** A school admin granted this mentor the workflow designer permission (the server's answer). */
  designerGrant?: boolean;
}

export const dashboardRole = (p: TPermissions): TDashboardRole => personaOf(p);

const tile = (
  key: string,
  path: string,
  titleKey: string,
  allows?: TDashboardTile['allows'],
): TDashboardTile => ({ key, path, titleKey, ...(allows ? { allows } : {}) });

/**
 * What each role needs first (issue #7): a student finds and follows an internship, a mentor
 * follows their students, a school (or centre) admin runs the school's placements, a company admin
 * offers vacancies and handles its interns. Tenant switches (spec §1) add or drop tiles.
 */
export function dashboardTiles(role: TDashboardRole, features: TTenantFeatures): TDashboardTile[] {
  const contracts = features.traineeship;
  switch (role) {
    case 'student':
      return [
        tile('findInternship', '/stagebank', 'routes.internshipBank.title'),
        tile('myInternships', '/internships', 'routes.internships.index'),
        tile('progress', '/stagevoortgang', 'routes.progress.index'),
        ...(features.selfFoundInternships ? [tile('selfFound', '/zelfgevonden', 'routes.selfFound')] : []),
        ...(contracts ? [tile('contracts', '/contracts', 'routes.contracts.index')] : []),
        tile('profile', '/profile-edit', 'routes.profile.index'),
      ];
    case 'mentor':
      return [
        tile('students', '/internships', 'routes.internships.index'),
        tile('progress', '/stagevoortgang', 'routes.progress.index'),
        tile('conversations', '/conversations', 'routes.conversations'),
        ...(contracts ? [tile('contracts', '/contracts', 'routes.contracts.index')] : []),
        tile('notifications', '/notificaties', 'routes.notifications'),
        // A mentor a school admin granted the designer permission (contracts' rule with the grant, issue #33).
        tile('workflows', '/workflows', 'routes.workflows.index', mayDesignWorkflows),
      ];
    case 'schoolAdmin':
    case 'centerAdmin':
      return [
        // Placing and importing students: the placements and organizations services' own rules.
        tile('assign', '/internships/assign', 'routes.internships.assign', mayAssignInternships),
        // A school follows its students' internships (a centre's admins have no students).
        ...(role === 'schoolAdmin' ? [tile('students', '/internships', 'routes.internships.index')] : []),
        tile('periods', '/internship_periods', 'routes.internshipPeriods.index'),
        tile('approve', '/organizations/approve', 'routes.organizations.approve'),
        tile('users', '/users', 'routes.users.index'),
        tile('import', '/importeren/csv', 'routes.imports.csv', mayImportStudents),
        // Completed internships' hours and results to the school's own system (issue #36 item 4).
        ...(role === 'schoolAdmin'
          ? [
              tile('writeBack', '/terugschrijven', 'routes.imports.writeBack', (p, current) =>
                mayWriteBackResults(p, current ?? null),
              ),
            ]
          : []),
        ...(contracts ? [tile('templates', '/contract_templates', 'routes.contractTemplates.index')] : []),
        // The phases of the school's internships: its workflow designers (contracts' rule, issue #33).
        ...(role === 'schoolAdmin'
          ? [
              tile('workflows', '/workflows', 'routes.workflows.index', (p, current) =>
                mayDesignWorkflows(p, current),
              ),
            ]
          : []),
        // Assignments for the supervisors of the school's students (a centre's admins have none).
        ...(role === 'schoolAdmin'
          ? [tile('assignments', '/opdrachten/beheer', 'routes.assignments.manage')]
          : []),
        // The school's figures for its admins; a centre's admins see their organization's (issue #37).
        role === 'schoolAdmin'
          ? tile('analytics', '/analytics', 'routes.analytics.index', maySeeSchoolAnalytics)
          : tile('analytics', '/analytics/index-2', 'routes.analytics.index2', maySeeOrganizationAnalytics),
      ];
    case 'companyAdmin':
      return [
        tile('vacancies', '/vacancies', 'routes.vacancies.index'),
        tile('addVacancy', '/vacancies/add', 'routes.vacancies.add'),
        tile('interns', '/internships', 'routes.internships.index'),
        ...(contracts ? [tile('contracts', '/contracts', 'routes.contracts.index')] : []),
        tile('organization', '/instellingen/organisatie', 'routes.settings.organization'),
        tile('analytics', '/analytics/index-2', 'routes.analytics.index2', maySeeOrganizationAnalytics),
      ];
    default:
      return [
        tile('findInternship', '/stagebank', 'routes.internshipBank.title'),
        tile('profile', '/profile-edit', 'routes.profile.index'),
      ];
  }
}

/** Everyone's own pages, after the role's tiles. */
const ACCOUNT_TILES: readonly TDashboardTile[] = [
  tile('profile', '/profile-edit', 'routes.profile.index'),
  tile('settings', '/instellingen', 'routes.settings.index'),
];

/**
 * The tiles shown: the role's, then the account's, only those whose screen exists (issue #13: a tile
 * never opens a blank page; a new screen's tile appears once its page is there) and that the person may
 * use (the tile's contracts rule, the one its service applies: a tile never opens a refusal).
 */
export function visibleDashboardTiles(
  role: TDashboardRole,
  features: TTenantFeatures,
  hasScreen: (path: string) => boolean,
  viewer: TDashboardViewer,
): TDashboardTile[] {
  const tiles = [...dashboardTiles(role, features)];
  for (const extra of ACCOUNT_TILES) if (!tiles.some((t) => t.path === extra.path)) tiles.push(extra);
  return tiles.filter(
    (t) =>
      hasScreen(t.path) &&
      (!t.allows || t.allows(viewer.permissions, viewer.current, viewer.designerGrant === true)),
  );
}

/**
 * Whose internships the dashboard lists (issue #16), by role: a student their own, a company its
 * interns and applicants, a school admin or mentor their students'; none for the others.
 */
export function dashboardInternshipsOf(
  role: TDashboardRole,
): 'student' | 'organization' | 'school' | undefined {
  switch (role) {
    case 'student':
      return 'student';
    case 'companyAdmin':
      return 'organization';
    case 'schoolAdmin':
    case 'mentor':
      return 'school';
    default:
      return undefined;
  }
}

/**
 * What waits for this person (issue #30 item 2): a queue is a list endpoint's filter, counted by the
 * server (`meta.total`, permission-checked and tenant-scoped like the list itself) with its newest
 * rows, and the screen where the whole queue is. Only queues the person may act on or follows:
 * - school admin: internships the company accepted (approve or reject) and self-found ones submitted;
 *   organizations to approve when they moderate (contracts' `moderatedTypes`);
 * - platform operator (centre admin): organizations to approve;
 * - company admin: applications to answer; hours waiting for the supervisor's confirmation; workplace
 *   supervisors asking for an account (answered right there: invite or decline, issue #30 item 6);
 * - mentor: their students' internships waiting for the school's approval (read only: they follow up),
 *   their evaluation parts to fill, hours waiting for confirmation (they may send the link);
 * - student: the weeks of their running hours sheets without hours (the server's `hoursWeeksToLog`,
 *   hours tenants), applications that got an answer, their evaluation parts to fill;
 * - everyone of a school or a company first: the open tasks of their internships' current phases they
 *   must act on (issue #33; the server's list: their own, or escalated to them).
 * Hours and evaluation queues only where the tenant has them (spec §1 switches).
 */
export type TWaitingQueueKey =
  | 'approvals'
  | 'selfFound'
  | 'organizations'
  | 'applications'
  | 'studentsAwaitingSchool'
  | 'answered'
  | 'evaluations'
  | 'hoursToConfirm'
  | 'hoursToLog'
  | 'phaseTasks'
  | 'accountRequests';

export type TWaitingQueue =
  | {
      key: TWaitingQueueKey;
      kind: 'internships';
      statuses: readonly TInternshipStatus[];
      awaiting?: TInternshipAwaiting;
      path: string;
    }
  | { key: TWaitingQueueKey; kind: 'organizations'; types: readonly string[]; path: string }
  /** The student's weeks without hours (`GET /api/v1/hours/due`, counted by the server in weeks). */
  | { key: TWaitingQueueKey; kind: 'hours'; path: string }
  /** Open tasks of the internships' current phases the person must act on (`GET /api/v1/phase_tasks`). */
  | { key: TWaitingQueueKey; kind: 'phaseTasks'; path: string }
  /**
   * Supervisors asking the company for an account (`GET /api/v1/supervisor_account_requests`), answered
   * on the dashboard itself: no screen holds the whole queue.
   */
  | { key: TWaitingQueueKey; kind: 'accountRequests'; path: null };

const internshipsQueue = (key: TWaitingQueueKey, statuses: readonly TInternshipStatus[]): TWaitingQueue => ({
  key,
  kind: 'internships',
  statuses,
  // The list screen filters on one status; a queue of several opens the whole list.
  path: statuses.length === 1 ? `/internships?status=${statuses[0]}` : '/internships',
});

/** Internships where something waits (`filter[awaiting]`), whatever their status; the whole list shows them. */
const awaitingQueue = (key: TWaitingQueueKey, awaiting: TInternshipAwaiting): TWaitingQueue => ({
  key,
  kind: 'internships',
  statuses: [],
  awaiting,
  path: '/internships',
});

export function waitingQueues(
  role: TDashboardRole,
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | undefined,
  features: Pick<TTenantFeatures, 'usesHours' | 'evaluationForms'>,
): TWaitingQueue[] {
  const hours = features.usesHours ? [awaitingQueue('hoursToConfirm', 'hours_confirmation')] : [];
  const evaluations = (awaiting: TInternshipAwaiting) =>
    features.evaluationForms ? [awaitingQueue('evaluations', awaiting)] : [];
  // The phase tasks the person must act on, their own or escalated to them (issue #33): first, they have deadlines.
  const phaseTasks: TWaitingQueue = { key: 'phaseTasks', kind: 'phaseTasks', path: '/internships' };
  const moderated = moderatedTypes(permissions, current);
  const organizations: TWaitingQueue[] = moderated.length
    ? [{ key: 'organizations', kind: 'organizations', types: moderated, path: '/organizations/approve' }]
    : [];
  switch (role) {
    case 'schoolAdmin':
      return [
        phaseTasks,
        internshipsQueue('approvals', ['accepted']),
        internshipsQueue('selfFound', ['submitted']),
        ...organizations,
      ];
    case 'centerAdmin':
      return organizations;
    case 'companyAdmin':
      return [
        phaseTasks,
        internshipsQueue('applications', ['applied']),
        ...hours,
        // The company's admins answer supervisors' requests for an account (contracts' rule).
        ...(mayAnswerSupervisorAccountRequests(permissions, current)
          ? [{ key: 'accountRequests', kind: 'accountRequests', path: null } as const]
          : []),
      ];
    case 'mentor':
      return [
        phaseTasks,
        internshipsQueue('studentsAwaitingSchool', ['submitted', 'accepted']),
        ...evaluations('evaluation_mentor'),
        ...hours,
      ];
    case 'student':
      return [
        phaseTasks,
        ...(features.usesHours ? [{ key: 'hoursToLog', kind: 'hours', path: '/internships' } as const] : []),
        internshipsQueue('answered', ['accepted', 'declined']),
        ...evaluations('evaluation_student'),
      ];
    default:
      return [];
  }
}

/** The list endpoint's query of a queue: its filter, newest first, the first few rows (and the total). */
export function waitingQueueQuery(queue: TWaitingQueue, rows: number): string {
  // One row per internship with weeks due; the server lists them all (a student has few).
  if (queue.kind === 'hours') return '/api/v1/hours/due';
  if (queue.kind === 'phaseTasks') return `/api/v1/phase_tasks?page[size]=${rows}`;
  if (queue.kind === 'accountRequests')
    return `/api/v1/supervisor_account_requests?filter[status]=requested&page[size]=${rows}`;
  const params = new URLSearchParams({ 'page[size]': String(rows) });
  if (queue.kind === 'internships') {
    if (queue.statuses.length) params.set('filter[status_in]', queue.statuses.join(','));
    if (queue.awaiting) params.set('filter[awaiting]', queue.awaiting);
    params.set('include', 'student,organization');
    params.set('sort', '-updated_at');
    return `/api/v1/internships?${params.toString()}`;
  }
  params.set('filter[status_eq]', 'pending');
  params.set('filter[type_in]', queue.types.join(','));
  params.set('sort', 'created_at');
  return `/api/v1/organizations?${params.toString()}`;
}
