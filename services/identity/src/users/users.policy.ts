import type { TRoleRef } from '@stageplein/contracts/identity/roles';
import {
  roleFactsOf,
  userRules,
  userTarget,
  type TUserActor,
  type TUserTarget,
} from '@stageplein/contracts/identity/users-policy';
import type { TAuth } from '@stageplein/kit/auth/auth.types';

/** What a policy needs to know about the user an action is about: all their roles. */
export interface TTargetUser {
  id: string;
  status: string;
  roles: readonly TRoleRef[];
}

const actorOf = (auth: TAuth): TUserActor => ({
  userId: auth.userId,
  organizationId: auth.organizationId,
  permissions: auth.permissions,
  impersonating: !!auth.impersonatorId,
});

const targetOf = (auth: TAuth, t: TTargetUser): TUserTarget =>
  userTarget(auth.organizationId, { ...t, ...roleFactsOf(t.roles) });

/**
 * Who may do what with users and roles: the pure rules of contracts/identity/users-policy.ts (the
 * admin's buttons use the same ones), applied to the caller and the loaded user.
 */
export const usersPolicy = {
  list: (auth: TAuth) => userRules.list(actorOf(auth)),
  show: (auth: TAuth, t: TTargetUser) => userRules.show(actorOf(auth), targetOf(auth, t)),
  invite: (auth: TAuth) => userRules.invite(actorOf(auth)),
  update: (auth: TAuth, t: TTargetUser) => userRules.update(actorOf(auth), targetOf(auth, t)),
  destroy: (auth: TAuth, t: TTargetUser) => userRules.destroy(actorOf(auth), targetOf(auth, t)),
  addRole: (auth: TAuth, role: { resourceId: string }) => userRules.addRole(actorOf(auth), role),
  removeRole: (auth: TAuth, change: { targetId: string; name: string; resourceId: string }) =>
    userRules.removeRole(actorOf(auth), change),
  resendConfirmation: (auth: TAuth, t: TTargetUser) =>
    userRules.resendConfirmation(actorOf(auth), targetOf(auth, t)),
  impersonate: (auth: TAuth, t: TTargetUser) => userRules.impersonate(actorOf(auth), targetOf(auth, t)),
};
