import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import { moderatedTypes, moderates } from '@stageplein/contracts/organizations/moderation';
import {
  organizationRules,
  type TOrganizationActor,
  type TOrganizationFacts,
  type TOrganizationSubject,
} from '@stageplein/contracts/organizations/organizations-policy';
import { hasRoleOn, type TCaller, type TRequestCaller } from '../shared/caller.ts';

export type { TOrganizationFacts };

/** The caller as contracts' organization rules see them (the admin's session builds the same). */
const actorOf = (caller: TCaller): TOrganizationActor => ({
  permissions: caller.permissions,
  organizationId: caller.auth.organizationId,
});

const subjectOf = (caller: TCaller, target: TOrganizationFacts): TOrganizationSubject => ({
  current: caller.current,
  target,
});

/**
 * Who may do what with organizations (DESIGN §4: one place, tested as a matrix), one rule per
 * question: each applies a rule of contracts/organizations/organizations-policy.ts or moderation.ts
 * (the admin's buttons use the same ones) to kit's caller (permissions and current organization, from
 * shared/caller.ts) and the organization the route loaded. The routes answer 403 when it says no
 * (404 for `view`: nothing leaks about organizations one may not see).
 */
export const organizationsPolicy = {
  /** Approved organizations are public; others only to their own people and their moderators. */
  view: (caller: TRequestCaller, target: TOrganizationFacts) =>
    target.status === 'approved' ||
    hasRoleOn(caller.auth, target.id) ||
    (!!caller.auth && moderates(caller.permissions, caller.current, target)),
  create: (caller: TCaller, type: TOrganizationType) =>
    organizationRules.create(actorOf(caller), { current: caller.current, type }),
  editProfile: (caller: TCaller, target: TOrganizationFacts) =>
    organizationRules.editProfile(actorOf(caller), subjectOf(caller, target)),
  changeStatus: (caller: TCaller, target: TOrganizationFacts) =>
    organizationRules.changeStatus(actorOf(caller), subjectOf(caller, target)),
  move: (caller: TCaller, target: TOrganizationFacts) =>
    organizationRules.move(actorOf(caller), subjectOf(caller, target)),
  destroy: (caller: TCaller, target: TOrganizationFacts) =>
    organizationRules.destroy(actorOf(caller), subjectOf(caller, target)),
  /** The applicant's name and email, for the approval queue. */
  viewSignup: (caller: TRequestCaller, target: TOrganizationFacts) =>
    !!caller.auth && moderates(caller.permissions, caller.current, target),
};

/** What a list shows the caller: approved ones, their own, and every organization they moderate. */
export interface TVisibility {
  ownIds: string[];
  moderatedTypes: readonly TOrganizationType[];
}

export function visibilityOf(caller: TRequestCaller): TVisibility {
  return {
    ownIds: [...new Set((caller.auth?.roles ?? []).map((r) => String(r.resourceId)))],
    moderatedTypes: caller.auth ? moderatedTypes(caller.permissions, caller.current) : [],
  };
}
