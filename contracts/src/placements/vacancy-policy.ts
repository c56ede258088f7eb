import type { TPermissions } from '../identity/permissions.ts';
import type { TOrganizationType } from '../identity/roles.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import type { TOrganizationStatus } from '../organizations/organizations.ts';
import type { TVacancyAction, TVacancyStatus } from './vacancies.ts';

/**
 * Who may do what with vacancies (docs/decisions/placements.md). Pure, so the portal and the back
 * office offer exactly what the placements service allows.
 *
 * - **Managing** (create, edit, delete a draft, publish, close, archive): admins of the vacancy's own
 *   organization, acting for it (ownership, not the role alone). A pending organization writes drafts;
 *   only an approved one publishes (`publishBlock`).
 * - **Moderating** (hide with a reason, unhide): admins acting for an approved School or
 *   VolunteerCenter of the tenant, for other organizations' vacancies.
 * - Everyone reads published, not hidden vacancies; the others only who manages or moderates them.
 */

export interface TVacancyFacts {
  organizationId: string;
  status: TVacancyStatus;
  hidden: boolean;
}

/** The caller acts for an organization as its admin: they manage that organization's vacancies. */
export function managesVacanciesOf(
  permissions: Pick<TPermissions, 'isAdmin'>,
  current: Pick<TCurrentOrganizationFacts, 'id'> | null | undefined,
): current is Pick<TCurrentOrganizationFacts, 'id'> {
  return permissions.isAdmin && !!current;
}

/** The caller acts for the vacancy's organization as its admin. */
export function managesVacancy(
  permissions: TPermissions,
  current: Pick<TCurrentOrganizationFacts, 'id'> | null | undefined,
  organizationId: string,
): boolean {
  return managesVacanciesOf(permissions, current) && current.id === organizationId;
}

/** The caller moderates the tenant's vacancies: an admin of an approved School or VolunteerCenter. */
export function moderatesVacancies(
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
): boolean {
  if (!current || current.status !== 'approved') return false;
  return (
    (permissions.isSchoolAdmin && current.type === 'School') ||
    (permissions.isVolunteerCenterAdmin && current.type === 'VolunteerCenter')
  );
}

/** Published and not hidden: what anyone, signed in or not, may read. */
export const isPublic = (v: Pick<TVacancyFacts, 'status' | 'hidden'>): boolean =>
  v.status === 'published' && !v.hidden;

export function readsVacancy(
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
  vacancy: TVacancyFacts,
): boolean {
  return (
    isPublic(vacancy) ||
    managesVacancy(permissions, current, vacancy.organizationId) ||
    moderatesVacancies(permissions, current)
  );
}

/** Status changes per action; `hide`/`unhide` leave the status alone (they set `hidden`). */
const TRANSITIONS: Record<Exclude<TVacancyAction, 'hide' | 'unhide'>, readonly TVacancyStatus[]> = {
  // A closed vacancy can be published again (reopened); an archived one is final.
  publish: ['draft', 'closed'],
  close: ['published'],
  archive: ['draft', 'published', 'closed'],
};

export const TARGET_STATUS: Record<keyof typeof TRANSITIONS, TVacancyStatus> = {
  publish: 'published',
  close: 'closed',
  archive: 'archived',
};

/** Whether `action` applies to a vacancy in this state (hide only when shown, unhide only when hidden). */
export function allowsAction(
  vacancy: Pick<TVacancyFacts, 'status' | 'hidden'>,
  action: TVacancyAction,
): boolean {
  if (action === 'hide') return !vacancy.hidden && vacancy.status !== 'archived';
  if (action === 'unhide') return vacancy.hidden;
  return TRANSITIONS[action].includes(vacancy.status);
}

/** Who may take an action on a vacancy (the state is `allowsAction`'s question). */
export function mayTakeAction(
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
  organizationId: string,
  action: TVacancyAction,
): boolean {
  if (action === 'hide' || action === 'unhide')
    return moderatesVacancies(permissions, current) && current?.id !== organizationId;
  return managesVacancy(permissions, current, organizationId);
}

/** Edits (PATCH) are for managers, and not once archived. Delete is for drafts only. */
export const editable = (status: TVacancyStatus): boolean => status !== 'archived';
export const deletable = (status: TVacancyStatus): boolean => status === 'draft';

/**
 * Why a vacancy of this organization cannot be published now, or null. One place for every gate: an
 * approved organization, and its compliance (docs/decisions/compliance.md: a required document missing
 * or expired, as organizations last announced it; none announced yet means nothing is required).
 */
export function publishBlock(
  organization: {
    status: TOrganizationStatus;
    type?: TOrganizationType;
  } | null,
  compliance?: { may_publish: boolean } | null,
): 'organization_not_approved' | 'compliance_not_met' | null {
  if (organization?.status !== 'approved') return 'organization_not_approved';
  return compliance && !compliance.may_publish ? 'compliance_not_met' : null;
}
