import { userActor } from '@stageplein/kit/auth/caller';
import type { TOrganizationType, TRoleName } from '@stageplein/contracts/identity/roles';
import type { TCtx } from '../shared/request.ts';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { expiresAfter, minutesOf } from '../auth/sessions.service.ts';
import { mailUserToken } from '../mail/token-mail.ts';
import type { TUserRow } from '../users/users.repository.ts';
import { addRole } from '../users/users.service.ts';

/**
 * Offers an existing account a role (an organization's signup naming its address as first admin):
 * nothing changes on the account until it accepts the mailed single-use link, which opens the
 * confirmation page (`/confirm`, POST /api/v1/confirm takes the token: acceptRoleInvitation).
 */
export async function offerRole(
  ctx: TCtx,
  user: TUserRow,
  role: { name: TRoleName; resourceType: TOrganizationType; resourceId: string },
  organizationName: string,
  /** Who named the address (the moderator creating the organization); null: an anonymous signup. */
  actor: string | null,
): Promise<void> {
  await mailUserToken(ctx, {
    kind: 'role_invitation',
    user,
    actor,
    url: `${publicUrl(ctx.config, ctx.tenant.id)}/confirm`,
    param: 'confirmation_token',
    validMinutes: minutesOf.confirmation(ctx),
    vars: { organization: organizationName },
    store: (hash) =>
      ctx.db
        .insertInto('identity.role_invitations')
        .values({
          tenant_id: ctx.tenant.id,
          user_id: user.id,
          name: role.name,
          resource_type: role.resourceType,
          resource_id: role.resourceId,
          token_hash: hash,
          created_at: ctx.now,
        })
        .execute(),
  });
}

/**
 * Grants the role of the invitation with this token hash, once: the invitation is deleted whether it
 * was still valid or not. Undefined when there is no such (valid) invitation.
 */
export async function acceptRoleInvitation(ctx: TCtx, tokenHash: string): Promise<string | undefined> {
  const invitation = await ctx.db
    .deleteFrom('identity.role_invitations')
    .where('token_hash', '=', tokenHash)
    .returningAll()
    .executeTakeFirst();
  if (!invitation || !expiresAfter(invitation.created_at, minutesOf.confirmation(ctx), ctx.now))
    return undefined;
  await addRole(ctx, userActor(invitation.user_id), invitation.user_id, {
    name: invitation.name,
    resourceType: invitation.resource_type,
    resourceId: invitation.resource_id,
  });
  return invitation.user_id;
}
