import { moderates, type TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import type { TPermissions } from './permissions.ts';
import { highestRank, ROLE_RANK, type TOrganizationType, type TRoleRef } from './roles.ts';

/**
 * Who may do what with users and roles (DESIGN §4), as pure rules shared by identity's policies and the
 * admin's buttons, so a button is shown exactly when the server would allow the action. Only roles on
 * the current organization count for the actor (spec §6).
 *
 * Ownership (issue #12): an admin acts on other users only when the target already belongs to (has a
 * role on) the current organization, and only while that organization is approved — School admins
 * over their students and mentors, every admin over the members of their own organization; the admin
 * of a pending (denied, archived, unknown) organization manages nobody but themselves. Moderators
 * (moderation.ts) may list the admins of the organizations they moderate, nothing more.
 */

/** The caller, as identity's TAuth and the admin's session both know it. */
export interface TUserActor {
  userId: string;
  /** The current organization (`x-current-organization-id`). */
  organizationId: string | null;
  permissions: TPermissions;
  /** Signed in through "sign in as user". */
  impersonating: boolean;
  /** Status of the current organization (identity's read model; null while unknown). */
  organizationStatus: string | null;
}

/**
 * What the rules need to know about the user an action is about (built by userTarget on both sides).
 */
export interface TUserTarget {
  id: string;
  status: string;
  /** Has a role on the actor's current organization. */
  inCurrentOrganization: boolean;
  /** Highest ROLE_RANK of the user's roles anywhere (0 without roles). */
  highestRank: number;
  /** Has roles on no organization but the actor's current one. */
  onlyInCurrentOrganization: boolean;
}

/**
 * What a user's roles tell beyond the current organization. Another user is shown with their roles
 * on the current organization only (spec §6), so the API sends these two facts as user attributes
 * (`highest_role_rank`, `organization_count`): they decide what an admin may do with the user.
 */
export interface TUserRoleFacts {
  highestRoleRank: number;
  organizationCount: number;
}

export function roleFactsOf(roles: readonly TRoleRef[]): TUserRoleFacts {
  return {
    highestRoleRank: highestRank(roles),
    organizationCount: new Set(roles.map((r) => String(r.resourceId))).size,
  };
}

/**
 * The target of a rule, from the user's facts and (at least) their roles on the actor's current
 * organization: identity passes all roles, the admin the ones the API showed it.
 */
export function userTarget(
  organizationId: string | null,
  user: TUserRoleFacts & {
    id: string;
    status: string;
    roles: readonly Pick<TRoleRef, 'resourceId'>[];
  },
): TUserTarget {
  const inCurrentOrganization =
    !!organizationId && user.roles.some((r) => String(r.resourceId) === organizationId);
  return {
    id: user.id,
    status: user.status,
    inCurrentOrganization,
    highestRank: user.highestRoleRank,
    onlyInCurrentOrganization: inCurrentOrganization && user.organizationCount === 1,
  };
}

/**
 * A user as a front end holds it (the flattened, camelCase JSON:API resource): the roles the API showed
 * (another user's on the current organization only) with `highestRoleRank` and `organizationCount` of
 * all their roles. A record without those facts (made on the client) counts its shown roles only.
 */
export function userTargetOfRecord(organizationId: string | null, r: Record<string, unknown>): TUserTarget {
  const roles: TRoleRef[] = Array.isArray(r.roles)
    ? (r.roles as { name?: unknown; resourceId?: unknown; resourceType?: unknown }[]).map((role) => ({
        name: String(role.name),
        resourceType: String(role.resourceType ?? ''),
        resourceId: String(role.resourceId ?? organizationId),
      }))
    : (Array.isArray(r.roleNames) ? (r.roleNames as unknown[]) : []).map((name) => ({
        name: String(name),
        resourceType: '',
        resourceId: String(organizationId),
      }));
  const shown = roleFactsOf(roles);
  return userTarget(organizationId, {
    id: String(r.id),
    status: String(r.status),
    roles,
    highestRoleRank: typeof r.highestRoleRank === 'number' ? r.highestRoleRank : shown.highestRoleRank,
    organizationCount:
      typeof r.organizationCount === 'number' ? r.organizationCount : shown.organizationCount,
  });
}

/** The current organization is approved: only then do its roles give a say over other users. */
const approved = (a: TUserActor) => a.organizationStatus === 'approved';
/**
 * An admin of the current, approved organization: the one who owns its members (also what POST /users
 * asks of the organization named by `organization_id`, with the caller's permissions there).
 */
export const administers = (a: TUserActor) => a.permissions.isAdmin && approved(a);
/** Whether the caller may update users at all (their own account at least): a list's toolbar asks this. */
export const updatesUsers = (a: TUserActor) => a.permissions.isAdmin;
const isAdminOrMentor = (a: TUserActor) => a.permissions.isAdmin || a.permissions.isMentor;
/** Admins never manage, delete or impersonate users with an admin role anywhere. */
const ranksBelowAdmin = (t: TUserTarget) => t.highestRank < ROLE_RANK.admin;

/**
 * The policy table of users × action (one rule per row). `a` is the caller, `t` the user acted on;
 * every rule about another user requires `t.inCurrentOrganization` (ownership).
 */
export const userRules = {
  /** The user list of the current organization: its admins and mentors. */
  list: (a: TUserActor) => isAdminOrMentor(a),
  /** The approval screens: the admins of an organization the caller moderates (moderation.ts). */
  listAdminsOf: (
    a: TUserActor,
    s: { current: TCurrentOrganizationFacts | null; target: { id: string; type: TOrganizationType } },
  ) => moderates(a.permissions, s.current, s.target),
  show: (a: TUserActor, t: TUserTarget) =>
    t.id === a.userId || (isAdminOrMentor(a) && approved(a) && t.inCurrentOrganization),
  invite: (a: TUserActor) => administers(a),
  update: (a: TUserActor, t: TUserTarget) =>
    updatesUsers(a) && t.inCurrentOrganization && (t.id === a.userId || (approved(a) && ranksBelowAdmin(t))),
  /** Deleting removes the whole account, so only of users who belong to this organization alone. */
  destroy: (a: TUserActor, t: TUserTarget) =>
    administers(a) &&
    t.id !== a.userId &&
    ranksBelowAdmin(t) &&
    t.inCurrentOrganization &&
    t.onlyInCurrentOrganization,
  /**
   * Roles are granted on the current organization only, to users who already belong to it (newcomers
   * are invited: POST /users, or signup's invitation to accept), so a role is never a way in.
   */
  addRole: (a: TUserActor, t: TUserTarget, role: { resourceId: string }) =>
    administers(a) && role.resourceId === a.organizationId && t.inCurrentOrganization,
  /** Taken on the current organization only; nobody drops their own admin role. */
  removeRole: (a: TUserActor, change: { targetId: string; name: string; resourceId: string }) =>
    administers(a) &&
    change.resourceId === a.organizationId &&
    !(change.targetId === a.userId && change.name === 'admin'),
  resendConfirmation: (a: TUserActor, t: TUserTarget) => administers(a) && t.inCurrentOrganization,
  /**
   * "Sign in as user": admins only, of an active user of their organization (same tenant by
   * construction), never of a user with an admin role anywhere, never from an impersonated session.
   */
  impersonate: (a: TUserActor, t: TUserTarget) =>
    administers(a) &&
    !a.impersonating &&
    t.id !== a.userId &&
    t.status === 'active' &&
    t.inCurrentOrganization &&
    ranksBelowAdmin(t),
};
