import { changeActorOf, userActor, type TChangeActor } from '@stageplein/kit/auth/caller';
import type { TEventPayload } from '@stageplein/contracts/events/payloads';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import type { TOrganizationType, TRoleName, TRoleRef } from '@stageplein/contracts/identity/roles';
import { administers, type TUserActor } from '@stageplein/contracts/identity/users-policy';
import type { TCurrentUserChanges } from '@stageplein/contracts/identity/users';
import type { TAuth } from '@stageplein/kit/auth/auth.types';
import { forbidImpersonation } from '@stageplein/kit/auth/policy';
import { ApiError, forbidden, notFound } from '@stageplein/kit/errors/api-error';
import type { TCtx } from '../shared/request.ts';
import { record, userSubject } from '../shared/events.ts';
import { verifyPassword } from '../shared/passwords.ts';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { mailUserToken } from '../mail/token-mail.ts';
import { deleteRole, insertRole, roleEventData, rolesOf, type TRoleRow } from '../roles/roles.repository.ts';
import { deleteSessionsOf } from '../auth/sessions.repository.ts';
import { minutesOf, revokeEverywhere } from '../auth/sessions.service.ts';
import { invitedUserRow, type TNewUser } from './invited-user.ts';
import { organizationsByIds } from '../organizations/organizations.repository.ts';
import type { TTargetUser } from './users.policy.ts';
import {
  deleteUser,
  findForeignAccount,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  type TUserRow,
} from './users.repository.ts';

export function userSnapshot(u: TUserRow): TEventPayload<'identity.user.updated'> {
  return {
    user_id: u.id,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    gender: u.gender,
    status: u.status,
    locale: u.locale,
    periodic_mail_frequency: u.periodic_mail_frequency,
  };
}

export const roleRefs = (roles: readonly TRoleRow[]): TRoleRef[] =>
  roles.map((r) => ({ name: r.name, resourceType: r.resource_type, resourceId: r.resource_id }));

/** A user of this tenant with their roles, or 404 (other tenants' users do not exist here). */
export async function loadTarget(
  ctx: TCtx,
  id: string,
): Promise<{ user: TUserRow; roles: TRoleRow[]; target: TTargetUser }> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound();
  const roles = await rolesOf(ctx.db, id);
  return { user, roles, target: { id: user.id, status: user.status, roles: roleRefs(roles) } };
}

/** The type of the current organization, known from the caller's own role there. */
export function currentOrganizationType(auth: TAuth): TOrganizationType | undefined {
  return auth.roles.find((r) => String(r.resourceId) === auth.organizationId)?.resourceType as
    TOrganizationType | undefined;
}

/**
 * Mails a fresh single-use confirmation link (invitation for invited users); `actor`: who asked for it
 * (the inviter, the admin resending it; null: the system).
 */
export async function sendConfirmation(ctx: TCtx, user: TUserRow, actor: string | null): Promise<void> {
  await mailUserToken(ctx, {
    kind: user.status === 'invited' ? 'invitation' : 'confirmation',
    user,
    actor,
    url: `${publicUrl(ctx.config, ctx.tenant.id)}/confirm`,
    param: 'confirmation_token',
    validMinutes: minutesOf.confirmation(ctx),
    store: (hash) =>
      updateUser(ctx.db, user.id, { confirmation_token_hash: hash, confirmation_sent_at: ctx.now }),
  });
}

/** Default role of an invited user when none is given: what most people of that organization are. */
const DEFAULT_ROLE: Record<TOrganizationType, TRoleName> = {
  School: 'student',
  VolunteerCenter: 'volunteer',
  NonProfit: 'volunteer',
  Provider: 'mentor',
};

export interface TInvite {
  email: string;
  first_name?: string | undefined;
  last_name?: string | undefined;
  gender?: TUserRow['gender'] | undefined;
  locale?: 'nl' | 'en' | undefined;
  phone_number?: string | null | undefined;
  role?: TRoleName | undefined;
  organization_id?: string | undefined;
}

/**
 * POST /api/v1/users: an invited user with a role on `organization_id` (default: the current
 * organization) and an invitation mail. The caller must administer that organization: spec §6 with it
 * as the selected organization, and approved (contracts/identity/users-policy.ts `administers`).
 */
export async function inviteUser(
  ctx: TCtx,
  auth: TAuth,
  input: TInvite,
): Promise<{ user: TUserRow; roles: TRoleRow[] }> {
  const organizationId = input.organization_id ?? auth.organizationId;
  const refused = () =>
    input.organization_id === undefined
      ? forbidden()
      : new ApiError('forbidden', {}, { pointer: '/data/attributes/organization_id' });
  if (!organizationId) throw refused();
  const type = auth.roles.find((r) => String(r.resourceId) === organizationId)?.resourceType as
    TOrganizationType | undefined;
  const known = (await organizationsByIds(ctx.db, [organizationId])).get(organizationId);
  // The caller as contracts' rules see them with that organization as the selected one.
  const actor: TUserActor = {
    userId: auth.userId,
    impersonating: !!auth.impersonatorId,
    organizationId,
    organizationStatus: known?.status ?? null,
    permissions: derivePermissions(auth.roles, { id: organizationId, type: type ?? null }),
  };
  if (!type || !administers(actor)) throw refused();
  const role = input.role ?? DEFAULT_ROLE[type];
  // Spec §1: "School representatives can be invited" is off for some tenants.
  if (type === 'School' && role !== 'student' && !ctx.tenant.features.schoolRepresentativesInvitable)
    throw forbidden();
  const created = await createInvitedUser(
    ctx,
    changeActorOf(auth),
    {
      email: input.email,
      firstName: input.first_name ?? null,
      lastName: input.last_name ?? null,
      gender: input.gender ?? null,
      locale: input.locale ?? ctx.lang,
      phoneNumber: input.phone_number ?? null,
    },
    { name: role, resourceType: type, resourceId: organizationId },
  );
  if (!created) throw new ApiError('email_taken', {}, { pointer: '/data/attributes/email' });
  return {
    user: (await findUserById(ctx.db, created.user.id))!,
    roles: created.role ? [created.role] : [],
  };
}

/**
 * A new account invited to an organization (an admin's invitation, an organization's first admin):
 * created, announced, given its role and sent the invitation mail. Undefined when the address is
 * taken, here or in another tenant.
 */
export async function createInvitedUser(
  ctx: TCtx,
  caller: TChangeActor,
  fields: Omit<TNewUser, 'tenantId' | 'now'>,
  role: { name: TRoleName; resourceType: TOrganizationType; resourceId: string },
): Promise<{ user: TUserRow; role: TRoleRow | undefined } | undefined> {
  const user = await insertUser(ctx.db, invitedUserRow({ ...fields, tenantId: ctx.tenant.id, now: ctx.now }));
  if (!user) return undefined;
  await record(ctx, caller, 'identity.user.created', userSubject(user.id), userSnapshot(user));
  const added = await addRole(ctx, caller, user.id, role);
  await sendConfirmation(ctx, user, caller.userId);
  return { user, role: added };
}

export async function addRole(
  ctx: TCtx,
  caller: TChangeActor,
  userId: string,
  role: { name: TRoleName; resourceType: TOrganizationType; resourceId: string },
): Promise<TRoleRow | undefined> {
  const row = await insertRole(ctx.db, {
    tenant_id: ctx.tenant.id,
    user_id: userId,
    name: role.name,
    resource_type: role.resourceType,
    resource_id: role.resourceId,
    created_at: ctx.now,
  });
  if (row) {
    await record(ctx, caller, 'identity.role.added', userSubject(userId), roleEventData(row));
  }
  return row;
}

export async function removeRole(
  ctx: TCtx,
  caller: TChangeActor,
  userId: string,
  name: TRoleName,
  resourceId: string,
): Promise<TRoleRow> {
  const row = await deleteRole(ctx.db, userId, name, resourceId);
  if (!row) throw notFound();
  await record(ctx, caller, 'identity.role.removed', userSubject(userId), roleEventData(row));
  return row;
}

/** Applies changes to a user, emitting user.updated; deactivation ends the user's sessions everywhere. */
export async function changeUser(
  ctx: TCtx,
  caller: TChangeActor,
  user: TUserRow,
  changes: Partial<TUserRow>,
): Promise<TUserRow> {
  const updated = (await updateUser(ctx.db, user.id, { ...changes, updated_at: ctx.now }))!;
  await record(ctx, caller, 'identity.user.updated', userSubject(user.id), userSnapshot(updated));
  if (updated.status !== user.status && (updated.status === 'inactive' || updated.status === 'archived')) {
    const ended = await deleteSessionsOf(ctx.db, user.id);
    await revokeEverywhere(ctx, user.id, ended, 'deactivated', caller);
  }
  return updated;
}

/**
 * PATCH /api/v1/current_user: profile, settings, periodic mail; a new email only with the current
 * password, and only once the new address confirms it.
 */
export async function updateCurrentUser(
  ctx: TCtx,
  auth: TAuth,
  changes: TCurrentUserChanges,
): Promise<TUserRow> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw notFound();
  const { current_password, settings, email, ...rest } = changes;
  const patch: Partial<TUserRow> = { ...rest };
  if (settings) patch.settings = { ...user.settings, ...settings };
  if (email !== undefined && email !== user.email.toLowerCase()) {
    forbidImpersonation(auth);
    if (!(await verifyPassword(current_password ?? '', user.encrypted_password))) {
      throw new ApiError('invalid_credentials', {}, { pointer: '/user/current_password' }, 422);
    }
    await requestEmailChange(ctx, user, email, auth.userId);
  }
  return changeUser(ctx, userActor(auth.userId), user, patch);
}

/**
 * A new address takes effect only once it is confirmed (issue #12): it waits in `unconfirmed_email`,
 * the new address gets the confirmation link (POST /api/v1/confirm moves it over) and the old one a
 * notice. An address already taken (here or in another tenant) is refused now.
 */
export async function requestEmailChange(
  ctx: TCtx,
  user: TUserRow,
  email: string,
  actor: string,
): Promise<void> {
  if ((await findUserByEmail(ctx.db, email)) || (await findForeignAccount(ctx.db, email))) {
    throw new ApiError('email_taken', {}, { pointer: '/email' });
  }
  await updateUser(ctx.db, user.id, { unconfirmed_email: email, updated_at: ctx.now });
  await mailUserToken(ctx, {
    kind: 'email_change',
    user,
    actor,
    to: email,
    url: `${publicUrl(ctx.config, ctx.tenant.id)}/confirm`,
    param: 'confirmation_token',
    validMinutes: minutesOf.confirmation(ctx),
    store: (hash) =>
      updateUser(ctx.db, user.id, { confirmation_token_hash: hash, confirmation_sent_at: ctx.now }),
  });
  await ctx.mail.send(
    ctx.db,
    ctx.tenant.id,
    {
      kind: 'email_change_notice',
      to: user.email,
      lang: user.locale,
      actor,
      vars: {
        name: user.first_name ?? user.email,
        newEmail: email,
        link: `${publicUrl(ctx.config, ctx.tenant.id)}/inloggen`,
      },
    },
    ctx.now,
  );
}

/** A unique violation on the email index is a 409, whichever tenant holds the address. */
export function uniqueEmail(error: unknown): unknown {
  return (error as { code?: string }).code === '23505'
    ? new ApiError('email_taken', {}, { pointer: '/email' })
    : error;
}

/**
 * Removes an account and everything identity keeps about it (admin deletion and the public
 * /account/verwijderen flow): its roles and clients are revoked everywhere, then user.deleted.
 */
export async function deleteAccount(
  ctx: TCtx,
  caller: TChangeActor,
  user: TUserRow,
  impersonatorId: string | null = null,
): Promise<void> {
  const roles = await rolesOf(ctx.db, user.id);
  for (const r of roles) await removeRole(ctx, caller, user.id, r.name, r.resource_id);
  const ended = await deleteSessionsOf(ctx.db, user.id);
  await revokeEverywhere(ctx, user.id, ended, 'deleted', caller);
  await deleteUser(ctx.db, user.id);
  await record(ctx, caller, 'identity.user.deleted', userSubject(user.id), { user_id: user.id });
  await ctx.db
    .insertInto('identity.audit_log')
    .values({
      tenant_id: ctx.tenant.id,
      action: 'user.deleted',
      actor_id: caller.userId,
      impersonator_id: impersonatorId,
      subject_id: user.id,
      data: {},
      created_at: ctx.now,
    })
    .execute();
}
