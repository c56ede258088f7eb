import type { TPermissions } from '../identity/permissions.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import type { TTenantFeatures } from '../tenants/tenant.types.ts';
import {
  FINAL_INTERNSHIP_STATUSES,
  INTERNSHIP_ACTIONS,
  INTERNSHIP_TRANSITIONS,
  type TInternshipAction,
  type TInternshipField,
  type TInternshipParty,
  type TInternshipStatus,
} from './internships.ts';

/**
 * Who may see and change which internship (docs/decisions/internships.md). Pure, so the portal and the
 * back office offer exactly what the placements service allows. Everything is scoped to the current
 * organization (spec §6: only roles there count):
 *
 * - **student**: their own internships at their current School;
 * - **mentor**: the internships of their mentees at their current School (read only);
 * - **school**: a School admin, for the internships of their school's students;
 * - **organization**: an admin of the internship's organization, acting for it.
 */

export interface TInternshipFacts {
  studentId: string;
  /** The student's school (the School they applied from or that assigned them). */
  schoolId: string;
  /** Null for a self-found internship at an organization the platform does not know yet. */
  organizationId: string | null;
  status: TInternshipStatus;
  selfFound: boolean;
}

export interface TInternshipViewer {
  userId: string | null;
  permissions: TPermissions;
  current: TCurrentOrganizationFacts | null | undefined;
  /** Whether the viewer mentors the internship's student at the current school (mentorships). */
  mentorsStudent?: boolean;
}

/** The parties the viewer is for this internship (usually one; a school admin may also mentor). */
export function partiesOf(viewer: TInternshipViewer, facts: TInternshipFacts): TInternshipParty[] {
  const { permissions: p, current } = viewer;
  if (!viewer.userId || !current) return [];
  const parties: TInternshipParty[] = [];
  const atSchool = current.type === 'School' && current.id === facts.schoolId;
  if (atSchool && p.isStudent && viewer.userId === facts.studentId) parties.push('student');
  if (atSchool && p.isMentor && viewer.mentorsStudent) parties.push('mentor');
  if (atSchool && p.isSchoolAdmin) parties.push('school');
  if (p.isAdmin && facts.organizationId !== null && current.id === facts.organizationId)
    parties.push('organization');
  return parties;
}

export const readsInternship = (viewer: TInternshipViewer, facts: TInternshipFacts): boolean =>
  partiesOf(viewer, facts).length > 0;

/** Which collection the viewer lists (the SQL of `GET /api/v1/internships` follows this). */
export type TInternshipScope =
  | { kind: 'none' }
  | { kind: 'school'; schoolId: string }
  | { kind: 'organization'; organizationId: string }
  | { kind: 'mentor'; schoolId: string; mentorId: string }
  | { kind: 'student'; schoolId: string; studentId: string };

/**
 * The internships a viewer sees in lists, the union of their parties' scopes: a School admin their
 * school's, an admin of another organization its own, a mentor their mentees', a student their own.
 */
export function internshipScopes(
  viewer: Pick<TInternshipViewer, 'userId' | 'permissions' | 'current'>,
): TInternshipScope[] {
  const { permissions: p, current, userId } = viewer;
  if (!userId || !current) return [];
  const scopes: TInternshipScope[] = [];
  if (current.type === 'School' && p.isSchoolAdmin) scopes.push({ kind: 'school', schoolId: current.id });
  if (p.isAdmin) scopes.push({ kind: 'organization', organizationId: current.id });
  if (current.type === 'School' && p.isMentor)
    scopes.push({ kind: 'mentor', schoolId: current.id, mentorId: userId });
  if (p.isStudent) scopes.push({ kind: 'student', schoolId: current.id, studentId: userId });
  return scopes;
}

/** Whether the status allows the action (the life cycle, `INTERNSHIP_TRANSITIONS`). */
export const allowsInternshipAction = (status: TInternshipStatus, action: TInternshipAction): boolean =>
  INTERNSHIP_TRANSITIONS[action].from.includes(status);

/** Whether the viewer is a party that may take the action (whatever the status). */
export const mayTakeInternshipAction = (
  viewer: TInternshipViewer,
  facts: TInternshipFacts,
  action: TInternshipAction,
): boolean => partiesOf(viewer, facts).some((party) => INTERNSHIP_TRANSITIONS[action].by.includes(party));

/** The actions the viewer may take now: permitted and allowed by the status. */
export const availableInternshipActions = (
  viewer: TInternshipViewer,
  facts: TInternshipFacts,
): TInternshipAction[] =>
  INTERNSHIP_ACTIONS.filter(
    (a) => allowsInternshipAction(facts.status, a) && mayTakeInternshipAction(viewer, facts, a),
  );

export const isFinalInternshipStatus = (status: TInternshipStatus): boolean =>
  FINAL_INTERNSHIP_STATUSES.includes(status);

const SCHOOL_FIELDS: readonly TInternshipField[] = [
  'title',
  'description',
  'start_date',
  'end_date',
  'internship_period_id',
  'organization_name',
  'contact_name',
  'contact_email',
  'contact_phone_number',
  'contact_person_id',
  'supervisor_id',
  'hours',
  'hours_supervisor',
  'updating_hours_allowed',
];
const ORGANIZATION_FIELDS: readonly TInternshipField[] = [
  'description',
  'start_date',
  'end_date',
  'contact_person_id',
  'supervisor_id',
  'hours_supervisor',
];
/** A self-found internship is the student's to describe until the school decides. */
const SELF_FOUND_FIELDS: readonly TInternshipField[] = [
  'title',
  'description',
  'start_date',
  'end_date',
  'organization_name',
  'contact_name',
  'contact_email',
  'contact_phone_number',
];

/**
 * The fields the viewer may change now (PATCH refuses any other): nothing once final; the school the
 * arrangement; the organization its side (dates, contact person, supervisor, supervisor's hours); the
 * student their motivation while the application is open (where the tenant has the field), a
 * self-found internship while submitted, and their hours where updating them is allowed.
 */
export function editableFields(
  viewer: TInternshipViewer,
  facts: TInternshipFacts & { updatingHoursAllowed: boolean },
  features: Pick<TTenantFeatures, 'motivationField'>,
): TInternshipField[] {
  if (isFinalInternshipStatus(facts.status)) return [];
  const fields = new Set<TInternshipField>();
  for (const party of partiesOf(viewer, facts)) {
    if (party === 'school') SCHOOL_FIELDS.forEach((f) => fields.add(f));
    if (party === 'organization') ORGANIZATION_FIELDS.forEach((f) => fields.add(f));
    if (party !== 'student') continue;
    if (features.motivationField && (facts.status === 'applied' || facts.status === 'submitted'))
      fields.add('motivation');
    if (facts.selfFound && facts.status === 'submitted') SELF_FOUND_FIELDS.forEach((f) => fields.add(f));
    if (facts.updatingHoursAllowed && facts.status === 'active') fields.add('hours');
  }
  return [...fields];
}

/** A student applies for themselves, acting for their School. */
export const mayApply = (
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
): boolean => permissions.isStudent && current?.type === 'School';

/** School-created internships (assign, allocation rounds): a School admin for their school's students. */
export const mayAssignInternships = (
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
): boolean => permissions.isSchoolAdmin && current?.type === 'School' && current.status === 'approved';

/** Self-found internships: a student, where the tenant's switch allows them. */
export const maySubmitSelfFound = (
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
  features: Pick<TTenantFeatures, 'selfFoundInternships'>,
): boolean => features.selfFoundInternships && mayApply(permissions, current);
