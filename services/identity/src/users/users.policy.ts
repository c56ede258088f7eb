import type { TRoleRef } from '@stageplein/contracts/identity/roles';
import {
  roleFactsOf,
  userRules,
  userTarget,
  type TUserActor,
  type TUserTarget,
} from '@stageplein/contracts/identity/users-policy';
import type { TSignedInCaller } from '@stageplein/kit/auth/caller';
import type { TOrganizationRow } from '../organizations/organizations.repository.ts';

/** What a policy needs to know about the user an action is about: all their roles. */
export interface TTargetUser {
  id: string;
  status: string;
  roles: readonly TRoleRef[];
}

/**
 * The caller as contracts' rules see them. The current organization's status counts only when it is
 * the organization the caller acts for (kit's caller knows it only then, from kit's organizations read
 * model; null while unknown).
 */
const actorOf = (caller: TSignedInCaller): TUserActor => ({
  userId: caller.userId,
  organizationId: caller.auth.organizationId,
  permissions: caller.permissions,
  impersonating: !!caller.impersonatorId,
  organizationStatus: caller.current?.id === caller.auth.organizationId ? caller.current.status : null,
});

/** The user acted on, as the rules see them from the caller's current organization. */
const targetOf = (caller: TSignedInCaller, user: TTargetUser): TUserTarget =>
  userTarget(caller.auth.organizationId, { ...user, ...roleFactsOf(user.roles) });

/**
 * Who may do what with users and roles, one rule per question: each applies a rule of
 * contracts/identity/users-policy.ts (the admin's buttons use the same ones) to kit's caller (the
 * permissions and current organization of `requireCaller`, shared/caller.ts) and the target the route
 * loaded. The routes answer 403 when it says no.
 */
export const usersPolicy = {
  /** The users of the caller's current organization. */
  list: (caller: TSignedInCaller) => userRules.list(actorOf(caller)),
  /** Another organization's users: only its admins (`filter[with_role]=admin`), for its moderators. */
  listAdminsOf: (
    caller: TSignedInCaller,
    target: { organization: TOrganizationRow | undefined; roleName: string | undefined },
  ) =>
    target.roleName === 'admin' &&
    !!caller.current &&
    !!target.organization &&
    userRules.listAdminsOf(actorOf(caller), {
      current: caller.current,
      target: { id: target.organization.id, type: target.organization.organization_type },
    }),
  show: (caller: TSignedInCaller, user: TTargetUser) =>
    userRules.show(actorOf(caller), targetOf(caller, user)),
  update: (caller: TSignedInCaller, user: TTargetUser) =>
    userRules.update(actorOf(caller), targetOf(caller, user)),
  destroy: (caller: TSignedInCaller, user: TTargetUser) =>
    userRules.destroy(actorOf(caller), targetOf(caller, user)),
  /** A role on `resourceId` (the current organization) for `user`. */
  addRole: (caller: TSignedInCaller, target: { user: TTargetUser; resourceId: string }) =>
    userRules.addRole(actorOf(caller), targetOf(caller, target.user), { resourceId: target.resourceId }),
  /** The role `name` on `resourceId` taken from the user `targetId`. */
  removeRole: (caller: TSignedInCaller, target: { targetId: string; name: string; resourceId: string }) =>
    userRules.removeRole(actorOf(caller), target),
  resendConfirmation: (caller: TSignedInCaller, user: TTargetUser) =>
    userRules.resendConfirmation(actorOf(caller), targetOf(caller, user)),
  impersonate: (caller: TSignedInCaller, user: TTargetUser) =>
    userRules.impersonate(actorOf(caller), targetOf(caller, user)),
};
