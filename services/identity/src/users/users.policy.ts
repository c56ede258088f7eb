import { highestRank, ROLE_RANK, type TRoleRef } from '@stageplein/contracts/identity/roles';
import type { TAuth } from '@stageplein/kit/auth/auth.types';

/** What a policy needs to know about the user an action is about. */
export interface TTargetUser {
  id: string;
  status: string;
  roles: readonly TRoleRef[];
}

const inCurrentOrganization = (auth: TAuth, target: TTargetUser) =>
  !!auth.organizationId && target.roles.some((r) => String(r.resourceId) === auth.organizationId);

/** Another user ranked below the caller's admin role (admins never manage or impersonate admins). */
const ranksBelowAdmin = (target: TTargetUser) => highestRank(target.roles) < ROLE_RANK.admin;

/**
 * Who may do what with users and roles, one pure function per action (DESIGN §4: one place, tested
 * as a matrix). Only roles on the current organization count (spec §6); admins act on the users of
 * that organization.
 */
export const usersPolicy = {
  /** The user list of the current organization: its admins and mentors. */
  list: (auth: TAuth) => auth.permissions.isAdmin || auth.permissions.isMentor,
  show: (auth: TAuth, target: TTargetUser) =>
    target.id === auth.userId ||
    ((auth.permissions.isAdmin || auth.permissions.isMentor) && inCurrentOrganization(auth, target)),
  invite: (auth: TAuth) => auth.permissions.isAdmin,
  update: (auth: TAuth, target: TTargetUser) =>
    auth.permissions.isAdmin &&
    inCurrentOrganization(auth, target) &&
    (target.id === auth.userId || ranksBelowAdmin(target)),
  /** Deleting removes the whole account, so only of users who belong to this organization alone. */
  destroy: (auth: TAuth, target: TTargetUser) =>
    auth.permissions.isAdmin &&
    target.id !== auth.userId &&
    ranksBelowAdmin(target) &&
    inCurrentOrganization(auth, target) &&
    target.roles.every((r) => String(r.resourceId) === auth.organizationId),
  /** Roles are granted and taken on the current organization only; nobody drops their own admin role. */
  addRole: (auth: TAuth, role: { resourceId: string }) =>
    auth.permissions.isAdmin && role.resourceId === auth.organizationId,
  removeRole: (auth: TAuth, change: { targetId: string; name: string; resourceId: string }) =>
    auth.permissions.isAdmin &&
    change.resourceId === auth.organizationId &&
    !(change.targetId === auth.userId && change.name === 'admin'),
  resendConfirmation: (auth: TAuth, target: TTargetUser) =>
    auth.permissions.isAdmin && inCurrentOrganization(auth, target),
  /**
   * "Sign in as user": admins only, of a user of their organization (same tenant by construction),
   * never of a user with an equal or higher role anywhere, never from an impersonated session.
   */
  impersonate: (auth: TAuth, target: TTargetUser) =>
    auth.permissions.isAdmin &&
    !auth.impersonatorId &&
    target.id !== auth.userId &&
    target.status === 'active' &&
    inCurrentOrganization(auth, target) &&
    ranksBelowAdmin(target),
};
