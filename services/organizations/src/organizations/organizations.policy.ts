import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import {
  moderatedTypes,
  moderates,
  type TCurrentOrganizationFacts,
} from '@stageplein/contracts/organizations/moderation';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import type { TAuth } from '@stageplein/kit/auth/auth.types';
import { hasRoleOn } from '../shared/actor.ts';

export interface TOrganizationFacts {
  id: string;
  type: TOrganizationType;
  status: TOrganizationStatus;
}

export interface TOrganizationSubject {
  current: TCurrentOrganizationFacts | null;
  target: TOrganizationFacts;
}

/**
 * Who may do what with organizations (DESIGN §4: one place, tested as a matrix). Moderation (who
 * approves, denies, archives, edits and creates which types) is the pure rule of
 * contracts/organizations/moderation.ts; the rest is here.
 */
export const organizationsPolicy = {
  /** Approved organizations are public; others only to their own people and their moderators. */
  view: (auth: TAuth | null, { current, target }: TOrganizationSubject) =>
    target.status === 'approved' ||
    hasRoleOn(auth, target.id) ||
    (!!auth && moderates(auth.permissions, current, target)),
  create: (
    auth: TAuth,
    { current, type }: { current: TCurrentOrganizationFacts | null; type: TOrganizationType },
  ) => moderatedTypes(auth.permissions, current).includes(type),
  /** The organization's own admin (also while pending, to fix the request) or a moderator. */
  editProfile: (auth: TAuth, { current, target }: TOrganizationSubject) =>
    (auth.permissions.isAdmin && auth.organizationId === target.id) ||
    moderates(auth.permissions, current, target),
  changeStatus: (auth: TAuth, { current, target }: TOrganizationSubject) =>
    moderates(auth.permissions, current, target),
  /** Moving also needs the deployment flag (checked by the service, with its own error). */
  move: (auth: TAuth, { current, target }: TOrganizationSubject) =>
    moderates(auth.permissions, current, target),
  /** Deleting takes the organization from everyone (roles too): platform operators only. */
  destroy: (auth: TAuth, { current, target }: TOrganizationSubject) =>
    auth.permissions.isVolunteerCenterAdmin && moderates(auth.permissions, current, target),
  /** The applicant's name and email, for the approval queue. */
  viewSignup: (auth: TAuth | null, { current, target }: TOrganizationSubject) =>
    !!auth && moderates(auth.permissions, current, target),
};

/** What a list shows the caller: approved ones, their own, and every organization they moderate. */
export interface TVisibility {
  ownIds: string[];
  moderatedTypes: readonly TOrganizationType[];
}

export function visibilityOf(auth: TAuth | null, current: TCurrentOrganizationFacts | null): TVisibility {
  return {
    ownIds: [...new Set((auth?.roles ?? []).map((r) => String(r.resourceId)))],
    moderatedTypes: auth ? moderatedTypes(auth.permissions, current) : [],
  };
}
