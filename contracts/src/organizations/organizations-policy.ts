import type { TPermissions } from '../identity/permissions.ts';
import type { TOrganizationType } from '../identity/roles.ts';
import { moderatedTypes, moderates, type TCurrentOrganizationFacts } from './moderation.ts';
import type { TOrganizationStatus } from './organizations.ts';

/**
 * Who may do what with organizations and a school's own data (DESIGN §4), as pure rules shared by
 * the organizations service's policies and the admin's buttons. Moderation (who approves, denies,
 * archives, edits and creates which types) is moderation.ts; these rules build on it.
 */

/** The caller, as the organizations service (TAuth) and the admin's session both know it. */
export interface TOrganizationActor {
  permissions: TPermissions;
  /** The current organization (`x-current-organization-id`). */
  organizationId: string | null;
}

export interface TOrganizationFacts {
  id: string;
  type: TOrganizationType;
  status: TOrganizationStatus;
}

export interface TOrganizationSubject {
  current: TCurrentOrganizationFacts | null;
  target: TOrganizationFacts;
}

/** An admin of the organization acted for edits its profile (also while it is pending, to fix the request). */
export const editsOwnOrganization = (
  permissions: Pick<TPermissions, 'isAdmin'>,
  organizationId: string | null | undefined,
): organizationId is string => permissions.isAdmin && !!organizationId;

export const organizationRules = {
  create: (
    a: TOrganizationActor,
    s: { current: TCurrentOrganizationFacts | null; type: TOrganizationType },
  ) => moderatedTypes(a.permissions, s.current).includes(s.type),
  /** The organization's own admin (also while pending, to fix the request) or a moderator. */
  editProfile: (a: TOrganizationActor, { current, target }: TOrganizationSubject) =>
    (editsOwnOrganization(a.permissions, a.organizationId) && a.organizationId === target.id) ||
    moderates(a.permissions, current, target),
  changeStatus: (a: TOrganizationActor, { current, target }: TOrganizationSubject) =>
    moderates(a.permissions, current, target),
  /** Moving also needs the deployment flag (checked by the service, with its own error). */
  move: (a: TOrganizationActor, { current, target }: TOrganizationSubject) =>
    moderates(a.permissions, current, target),
  /** Deleting takes the organization from everyone (roles too): platform operators only. */
  destroy: (a: TOrganizationActor, { current, target }: TOrganizationSubject) =>
    a.permissions.isVolunteerCenterAdmin && moderates(a.permissions, current, target),
};

/** Policy subject of a school's data (groups, levels, tags, periods, mentorships). */
export interface TSchoolSubject {
  current: TCurrentOrganizationFacts | null;
  /** The school the data belongs (or would belong) to. */
  schoolId: string;
}

/** Admin of that very school, which is the current organization and approved. */
export const managesSchool = (permissions: TPermissions, { current, schoolId }: TSchoolSubject) =>
  permissions.isSchoolAdmin &&
  current?.type === 'School' &&
  current.status === 'approved' &&
  current.id === schoolId;

/**
 * Importing students from a CSV (`/importeren/csv`): an admin of the current, approved School, for that
 * school. The organizations service refuses anyone else; the portal offers the screen only to them.
 */
export const mayImportStudents = (
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
): boolean => !!current && managesSchool(permissions, { current, schoolId: current.id });

/** Any role at that school (admin, mentor, student) while it is the current organization. */
export const belongsToSchool = (permissions: TPermissions, { current, schoolId }: TSchoolSubject) =>
  current?.type === 'School' &&
  current.id === schoolId &&
  (permissions.isSchoolAdmin || permissions.isMentor || permissions.isStudent);

export interface TMentorshipSubject extends TSchoolSubject {
  mentorId: string;
}

/** A mentor of the school (the current, approved organization) acting on their own mentorships. */
const ownMentorship = (permissions: TPermissions, userId: string, s: TMentorshipSubject) =>
  permissions.isMentor &&
  s.current?.type === 'School' &&
  s.current.status === 'approved' &&
  s.current.id === s.schoolId &&
  s.mentorId === userId;

/**
 * Spec §6 "mentor-or-school-admin": a school's admins manage all its mentorships, its mentors their
 * own; students read theirs (the list is narrowed to what each may see). `userId` is the caller.
 */
export const mentorshipRules = {
  list: (permissions: TPermissions, s: TSchoolSubject) => belongsToSchool(permissions, s),
  /** Everyone's mentorships at the school, not just the caller's own. */
  listAll: (permissions: TPermissions, s: TSchoolSubject) => managesSchool(permissions, s),
  add: (permissions: TPermissions, userId: string, s: TMentorshipSubject) =>
    managesSchool(permissions, s) || ownMentorship(permissions, userId, s),
  remove: (permissions: TPermissions, userId: string, s: TMentorshipSubject) =>
    managesSchool(permissions, s) || ownMentorship(permissions, userId, s),
};
