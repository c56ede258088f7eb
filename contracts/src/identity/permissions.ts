import { ORGANIZATION_TYPES, type TOrganizationType, type TRoleRef } from './roles.ts';

/** The derived permissions of spec §6, for the currently selected organization. */
export interface TPermissions {
  isAdmin: boolean;
  isMentor: boolean;
  isStudent: boolean;
  isNonProfitAdmin: boolean;
  isProviderAdmin: boolean;
  isVolunteerCenterAdmin: boolean;
  isSchoolAdmin: boolean;
  isMentorOrSchoolAdmin: boolean;
  isSchoolOrCenterAdmin: boolean;
  isVolunteer: boolean;
  /**
   * The workflow designer permission (issue #33, docs/decisions/phases.md "Who designs"): admins of the
   * selected School. A mentor of that school may also design when a school admin granted it to them;
   * that grant lives in placements, so the whole rule is `canDesignWorkflows` (contracts/src/phases).
   */
  designWorkflows: boolean;
}

export interface TSelectedOrganization {
  id: string | number;
  /** The organization's type; when absent it is taken from the user's role on that organization. */
  type?: string | null;
}

const isOrganizationType = (t: unknown): t is TOrganizationType =>
  typeof t === 'string' && (ORGANIZATION_TYPES as readonly string[]).includes(t);

/**
 * Spec §6 as one pure function, shared by the services and both front ends. Only roles on the
 * selected organization count; with no organization selected nothing is granted (and the user is a
 * "volunteer", which the spec defines as neither admin nor center admin).
 */
export function derivePermissions(
  roles: readonly TRoleRef[],
  organization: TSelectedOrganization | null | undefined,
): TPermissions {
  const here = organization ? roles.filter((r) => String(r.resourceId) === String(organization.id)) : [];
  const type = organization?.type ?? here[0]?.resourceType;
  const orgType = isOrganizationType(type) ? type : undefined;
  const has = (name: string) => here.some((r) => r.name === name);

  const isAdmin = has('admin');
  const isMentor = has('mentor');
  const adminOf = (t: TOrganizationType) => isAdmin && orgType === t;
  const isSchoolAdmin = adminOf('School');
  const isVolunteerCenterAdmin = adminOf('VolunteerCenter');
  return {
    isAdmin,
    isMentor,
    isStudent: has('student') && orgType === 'School',
    isNonProfitAdmin: adminOf('NonProfit'),
    isProviderAdmin: adminOf('Provider'),
    isVolunteerCenterAdmin,
    isSchoolAdmin,
    isMentorOrSchoolAdmin: isMentor || isSchoolAdmin,
    isSchoolOrCenterAdmin: isSchoolAdmin || isVolunteerCenterAdmin,
    isVolunteer: !isAdmin && !isVolunteerCenterAdmin,
    designWorkflows: isSchoolAdmin,
  };
}

export const NO_PERMISSIONS: TPermissions = Object.freeze(derivePermissions([], null));

/** Who reaches the back office: admins and mentors of the selected organization. */
export const canOpenBackOffice = (p: Pick<TPermissions, 'isAdmin' | 'isMentor'> | undefined): boolean =>
  !!p && (p.isAdmin || p.isMentor);

/** Back-office sections with no rule of their own (the data viewer): admins of the selected organization. */
export const opensAdminSections = (p: Pick<TPermissions, 'isAdmin'> | undefined): boolean => !!p?.isAdmin;

/** Who a person is first, for the selected organization: what the portal's dashboard is built for. */
export type TPersona = 'schoolAdmin' | 'centerAdmin' | 'companyAdmin' | 'mentor' | 'student' | 'member';

/** The first of these the user is: a School's admin, a VolunteerCenter's, a company's, a mentor, a student. */
export function personaOf(p: TPermissions): TPersona {
  if (p.isSchoolAdmin) return 'schoolAdmin';
  if (p.isVolunteerCenterAdmin) return 'centerAdmin';
  if (p.isProviderAdmin || p.isNonProfitAdmin) return 'companyAdmin';
  if (p.isMentor) return 'mentor';
  if (p.isStudent) return 'student';
  return 'member';
}
