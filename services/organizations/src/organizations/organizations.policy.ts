import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import {
  moderatedTypes,
  moderates,
  type TCurrentOrganizationFacts,
} from '@stageplein/contracts/organizations/moderation';
import {
  organizationRules,
  type TOrganizationActor,
  type TOrganizationFacts,
  type TOrganizationSubject,
} from '@stageplein/contracts/organizations/organizations-policy';
import type { TAuth } from '@stageplein/kit/auth/auth.types';
import { hasRoleOn } from '../shared/caller.ts';

export type { TOrganizationFacts, TOrganizationSubject };

const actorOf = (auth: TAuth): TOrganizationActor => ({
  permissions: auth.permissions,
  organizationId: auth.organizationId,
});

/**
 * Who may do what with organizations (DESIGN §4: one place, tested as a matrix): the pure rules of
 * contracts/organizations/organizations-policy.ts (the admin's buttons use the same ones), applied to
 * the caller; viewing also depends on roles the admin never asks about.
 */
export const organizationsPolicy = {
  /** Approved organizations are public; others only to their own people and their moderators. */
  view: (auth: TAuth | null, { current, target }: TOrganizationSubject) =>
    target.status === 'approved' ||
    hasRoleOn(auth, target.id) ||
    (!!auth && moderates(auth.permissions, current, target)),
  create: (auth: TAuth, subject: { current: TCurrentOrganizationFacts | null; type: TOrganizationType }) =>
    organizationRules.create(actorOf(auth), subject),
  editProfile: (auth: TAuth, subject: TOrganizationSubject) =>
    organizationRules.editProfile(actorOf(auth), subject),
  changeStatus: (auth: TAuth, subject: TOrganizationSubject) =>
    organizationRules.changeStatus(actorOf(auth), subject),
  move: (auth: TAuth, subject: TOrganizationSubject) => organizationRules.move(actorOf(auth), subject),
  destroy: (auth: TAuth, subject: TOrganizationSubject) => organizationRules.destroy(actorOf(auth), subject),
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
