import type { TRoleRef } from '@stageplein/contracts/identity/roles';
import {
  roleFactsOf,
  userRules,
  userTarget,
  type TUserActor,
  type TUserTarget,
} from '@stageplein/contracts/identity/users-policy';
import type { TAuth } from '@stageplein/kit/auth/auth.types';
import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';
import type { TOrganizationRow } from '../organizations/organizations.repository.ts';

/** What a policy needs to know about the user an action is about: all their roles. */
export interface TTargetUser {
  id: string;
  status: string;
  roles: readonly TRoleRef[];
}

/**
 * The caller's current organization as kit's caller knows it (shared/caller.ts): from kit's
 * organizations read model, null while unknown or when the caller holds no role there.
 */
export type TCurrent = TCurrentOrganizationFacts | null;

export const actorOf = (auth: TAuth, current: TCurrent): TUserActor => ({
  userId: auth.userId,
  organizationId: auth.organizationId,
  permissions: auth.permissions,
  impersonating: !!auth.impersonatorId,
  organizationStatus: current?.id === auth.organizationId ? current.status : null,
});

const targetOf = (auth: TAuth, t: TTargetUser): TUserTarget =>
  userTarget(auth.organizationId, { ...t, ...roleFactsOf(t.roles) });

type TOn = { current: TCurrent; target: TTargetUser };

/**
 * Who may do what with users and roles: the pure rules of contracts/identity/users-policy.ts (the
 * admin's buttons use the same ones), applied to the caller, their current organization's status and
 * the loaded user.
 */
export const usersPolicy = {
  list: (auth: TAuth, s: { current: TCurrent }) => userRules.list(actorOf(auth, s.current)),
  /** Another organization's users: only its admins (`filter[with_role]=admin`), for its moderators. */
  listAdminsOf: (
    auth: TAuth,
    s: { current: TCurrent; target: TOrganizationRow | undefined; roleName: string | undefined },
  ) =>
    s.roleName === 'admin' &&
    !!s.current &&
    !!s.target &&
    userRules.listAdminsOf(actorOf(auth, s.current), {
      current: s.current,
      target: { id: s.target.id, type: s.target.organization_type },
    }),
  show: (auth: TAuth, s: TOn) => userRules.show(actorOf(auth, s.current), targetOf(auth, s.target)),
  update: (auth: TAuth, s: TOn) => userRules.update(actorOf(auth, s.current), targetOf(auth, s.target)),
  destroy: (auth: TAuth, s: TOn) => userRules.destroy(actorOf(auth, s.current), targetOf(auth, s.target)),
  addRole: (auth: TAuth, s: TOn & { resourceId: string }) =>
    userRules.addRole(actorOf(auth, s.current), targetOf(auth, s.target), { resourceId: s.resourceId }),
  removeRole: (auth: TAuth, s: { current: TCurrent; targetId: string; name: string; resourceId: string }) =>
    userRules.removeRole(actorOf(auth, s.current), s),
  resendConfirmation: (auth: TAuth, s: TOn) =>
    userRules.resendConfirmation(actorOf(auth, s.current), targetOf(auth, s.target)),
  impersonate: (auth: TAuth, s: TOn) =>
    userRules.impersonate(actorOf(auth, s.current), targetOf(auth, s.target)),
};
