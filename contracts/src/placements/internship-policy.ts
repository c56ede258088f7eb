import type { TPermissions } from '../identity/permissions.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import type { TTenantFeatures } from '../tenants/tenant.types.ts';
import {
  FINAL_INTERNSHIP_STATUSES,
  INTERNSHIP_ACTIONS,
  INTERNSHIP_FIELDS,
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
 * - **organization**: an admin of the internship's organization, acting for it, once it is approved.
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
  // A pending organization (a signup, or one a self-found internship created) has no say yet (#31).
  if (
    p.isAdmin &&
    facts.organizationId !== null &&
    current.id === facts.organizationId &&
    current.status === 'approved'
  )
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
  if (p.isAdmin && current.status === 'approved')
    scopes.push({ kind: 'organization', organizationId: current.id });
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

type TFieldFacts = TInternshipFacts;
type TFieldFeatures = Pick<TTenantFeatures, 'motivationField'>;
/** When a party may change a field (the internship is not final: `editableFields` checks that first). */
type TFieldRule = Partial<
  Record<TInternshipParty, (facts: TFieldFacts, features: TFieldFeatures) => boolean>
>;

const always = () => true;
/** A self-found internship is the student's to describe until the school decides. */
const selfFoundSubmitted = (f: TFieldFacts) => f.selfFound && f.status === 'submitted';
/** The school arranges; the student describes their own self-found internship while it waits. */
const arrangement: TFieldRule = { school: always, student: selfFoundSubmitted };
/** The organization's side: its dates, description and people. */
const workplace: TFieldRule = { school: always, organization: always, student: selfFoundSubmitted };

/**
 * One rule per field of `PATCH /api/v1/internships/{id}` (issue #31 item 3): which party may change
 * it, and when. The server refuses anything else (403 `internship_field_not_editable`) and sends the
 * caller's answer as `meta.editable_fields`, which is what the edit screens show. The required hours
 * are the school's (a student who lowered them to 0 showed 100 %); the confirmed hours
 * (`hours_supervisor`) are nobody's: the hours sheet derives them from the supervisor's confirmations
 * and the school's corrections (docs/decisions/hours.md).
 */
export const INTERNSHIP_FIELD_RULES: Readonly<Record<TInternshipField, TFieldRule>> = {
  title: arrangement,
  description: workplace,
  motivation: {
    student: (f, features) =>
      features.motivationField && (f.status === 'applied' || f.status === 'submitted'),
  },
  start_date: workplace,
  end_date: workplace,
  internship_period_id: { school: always },
  organization_name: arrangement,
  contact_name: arrangement,
  contact_email: arrangement,
  contact_phone_number: arrangement,
  contact_person_id: { school: always, organization: always },
  supervisor_id: { school: always, organization: always },
  // A supervisor without an account, by name and address (issue #30): as the supervisor.
  supervisor_name: { school: always, organization: always },
  supervisor_email: { school: always, organization: always },
  hours: { school: always },
  hours_supervisor: {},
  updating_hours_allowed: { school: always },
};

/** Fields no party ever types: derived by the product (the form leaves them out). */
export const DERIVED_INTERNSHIP_FIELDS: readonly TInternshipField[] = INTERNSHIP_FIELDS.filter(
  (f) => Object.keys(INTERNSHIP_FIELD_RULES[f]).length === 0,
);

/** The fields the viewer may change now (PATCH refuses any other): nothing once final, else by field. */
export function editableFields(
  viewer: TInternshipViewer,
  facts: TInternshipFacts,
  features: TFieldFeatures,
): TInternshipField[] {
  if (isFinalInternshipStatus(facts.status)) return [];
  const parties = partiesOf(viewer, facts);
  return INTERNSHIP_FIELDS.filter((field) =>
    parties.some((party) => INTERNSHIP_FIELD_RULES[field][party]?.(facts, features) ?? false),
  );
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
