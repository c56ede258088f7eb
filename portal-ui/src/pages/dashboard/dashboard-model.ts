import type { TPermissions } from '@stageplein/contracts/identity/permissions';
import type { TTenantFeatures } from '@stageplein/contracts/tenants/tenant.types';

/** Whose dashboard it is: the first of these the user is, for the current organization. */
export type TDashboardRole = 'schoolAdmin' | 'centerAdmin' | 'companyAdmin' | 'mentor' | 'student' | 'member';

export interface TDashboardTile {
  /** Catalogue key suffix: `portal.dashboard.tiles.<key>.*`. */
  key: string;
  path: string;
  /** The route's own title key (the tile links to it). */
  titleKey: string;
}

export function dashboardRole(p: TPermissions): TDashboardRole {
  if (p.isSchoolAdmin) return 'schoolAdmin';
  if (p.isVolunteerCenterAdmin) return 'centerAdmin';
  if (p.isProviderAdmin || p.isNonProfitAdmin) return 'companyAdmin';
  if (p.isMentor) return 'mentor';
  if (p.isStudent) return 'student';
  return 'member';
}

const tile = (key: string, path: string, titleKey: string): TDashboardTile => ({ key, path, titleKey });

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
      ];
    case 'schoolAdmin':
    case 'centerAdmin':
      return [
        tile('assign', '/internships/assign', 'routes.internships.assign'),
        // A school follows its students' internships (a centre's admins have no students).
        ...(role === 'schoolAdmin' ? [tile('students', '/internships', 'routes.internships.index')] : []),
        tile('periods', '/internship_periods', 'routes.internshipPeriods.index'),
        tile('approve', '/organizations/approve', 'routes.organizations.approve'),
        tile('users', '/users', 'routes.users.index'),
        tile('import', '/importeren/csv', 'routes.imports.csv'),
        ...(contracts ? [tile('templates', '/contract_templates', 'routes.contractTemplates.index')] : []),
        // Assignments for the supervisors of the school's students (a centre's admins have none).
        ...(role === 'schoolAdmin'
          ? [tile('assignments', '/opdrachten/beheer', 'routes.assignments.manage')]
          : []),
        tile('analytics', '/analytics', 'routes.analytics.index'),
      ];
    case 'companyAdmin':
      return [
        tile('vacancies', '/vacancies', 'routes.vacancies.index'),
        tile('addVacancy', '/vacancies/add', 'routes.vacancies.add'),
        tile('interns', '/internships', 'routes.internships.index'),
        ...(contracts ? [tile('contracts', '/contracts', 'routes.contracts.index')] : []),
        tile('organization', '/instellingen/organisatie', 'routes.settings.organization'),
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
 * never opens a blank page; a new screen's tile appears once its page is there).
 */
export function visibleDashboardTiles(
  role: TDashboardRole,
  features: TTenantFeatures,
  hasScreen: (path: string) => boolean,
): TDashboardTile[] {
  const tiles = [...dashboardTiles(role, features)];
  for (const extra of ACCOUNT_TILES) if (!tiles.some((t) => t.path === extra.path)) tiles.push(extra);
  return tiles.filter((t) => hasScreen(t.path));
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
