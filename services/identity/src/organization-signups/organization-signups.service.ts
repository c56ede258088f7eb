import type { TEventPayload } from '@stageplein/contracts/events/payloads';
import { translate } from '@stageplein/contracts/i18n/index';
import type { TChangeActor } from '@stageplein/kit/auth/caller';
import { expiresAfter, minutesOf } from '../auth/sessions.service.ts';
import type { TMailKind } from '@stageplein/kit/mail/templates';
import type { TCtx } from '../shared/request.ts';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { findUserByEmail, type TUserRow } from '../users/users.repository.ts';
import { offerRole } from '../roles/role-invitations.service.ts';
import { createInvitedUser, removeRole, sendConfirmation } from '../users/users.service.ts';

type TOrganizationMailKind = Extract<TMailKind, `organization_${string}`>;

export const STATUS_MAIL: Record<string, TOrganizationMailKind> = {
  'organizations.organization.approved': 'organization_approved',
  'organizations.organization.denied': 'organization_denied',
  'organizations.organization.archived': 'organization_archived',
  'organizations.organization.reopened': 'organization_reopened',
};

export type TFirstAdmin = NonNullable<TEventPayload<'organizations.organization.created'>['first_admin']>;
export type TOrganization = TEventPayload<'organizations.organization.updated'>;

/**
 * The first admin of a self-registered (or moderator-created) organization: an invited account with
 * the admin role on it and the invitation mail to confirm and choose a password — or, for someone
 * who already has an account here, an invitation to accept the role (roles/role-invitations.service.ts). An address registered with another tenant
 * cannot be invited (one account per address, spec §8 "wrong center"): that is audit-logged for an
 * operator, and the organization stays without admin.
 */
export async function inviteFirstAdmin(
  ctx: TCtx,
  caller: TChangeActor,
  o: TOrganization,
  admin: TFirstAdmin,
  eventId: string,
): Promise<void> {
  const role = { name: 'admin' as const, resourceType: o.organization_type, resourceId: o.organization_id };
  const existing = await findUserByEmail(ctx.db, admin.email);
  if (existing) {
    // Anyone may sign up naming any address (issue #12): the account is asked, never just given the role.
    await offerRole(ctx, existing, role, o.name, caller.userId);
    return;
  }
  const created = await createInvitedUser(
    ctx,
    caller,
    { email: admin.email, firstName: admin.first_name, lastName: admin.last_name, locale: admin.locale },
    role,
  );
  if (!created) {
    await ctx.db
      .insertInto('identity.audit_log')
      .values({
        tenant_id: ctx.tenant.id,
        action: 'organization.first_admin_not_invited',
        actor_id: null,
        impersonator_id: null,
        subject_id: o.organization_id,
        data: { reason: 'email_registered_with_another_tenant', event_id: eventId },
        created_at: ctx.now,
      })
      .execute();
  }
}

async function notify(
  ctx: TCtx,
  user: TUserRow,
  kind: TOrganizationMailKind,
  o: TOrganization,
  reason: string | null,
  actor: string | null,
) {
  // Identity's one mail port, in the consumer's transaction: the mail exists exactly when the effect commits.
  await ctx.mail.send(
    ctx.db,
    ctx.tenant.id,
    {
      kind,
      to: user.email,
      lang: user.locale,
      actor,
      vars: {
        name: user.first_name ?? user.email,
        organization: o.name,
        link: `${publicUrl(ctx.config, ctx.tenant.id)}/inloggen`,
        reason: reason ?? '',
      },
    },
    ctx.now,
  );
}

/**
 * The organization's admins hear about every status change. Those still invited are pointed at their
 * invitation, which keeps working; only one that expired is replaced.
 */
export async function notifyAdmins(
  ctx: TCtx,
  caller: TChangeActor,
  o: TOrganization & { reason: string | null },
  kind: TOrganizationMailKind,
) {
  const admins = await ctx.db
    .selectFrom('identity.roles as r')
    .innerJoin('identity.users as u', 'u.id', 'r.user_id')
    .selectAll('u')
    .where('r.resource_id', '=', o.organization_id)
    .where('r.name', '=', 'admin')
    .orderBy('u.created_at')
    .execute();
  for (const admin of admins) {
    const invited = kind === 'organization_approved' && admin.status === 'invited';
    await notify(ctx, admin, invited ? 'organization_approved_invited' : kind, o, o.reason, caller.userId);
    // A new link only when the mailed one no longer works (approval can take longer than it lives):
    // a second link would replace the first, whose mail still says it is valid.
    if (invited && !expiresAfter(admin.confirmation_sent_at, minutesOf.confirmation(ctx), ctx.now)) {
      await sendConfirmation(ctx, admin, caller.userId);
    }
  }
}

/** "23 december 2026" / "23 December 2026" for a YYYY-MM-DD date. */
const longDate = (lang: string, date: string | null) =>
  date
    ? new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${date}T00:00:00Z`))
    : '';

/**
 * Compliance reminder (organizations' daily sweep): the organization's admins hear that a required
 * document expires soon, in their own language, with a link to the back office's documents.
 */
export async function remindAdmins(
  ctx: TCtx,
  data: TEventPayload<'organizations.compliance_document.expiring'>,
) {
  const admins = await ctx.db
    .selectFrom('identity.roles as r')
    .innerJoin('identity.users as u', 'u.id', 'r.user_id')
    .selectAll('u')
    .where('r.resource_id', '=', data.organization_id)
    .where('r.name', '=', 'admin')
    .where('u.status', '=', 'active')
    .orderBy('u.created_at')
    .execute();
  for (const admin of admins) {
    await ctx.mail.send(
      ctx.db,
      ctx.tenant.id,
      {
        kind: 'compliance_expiring',
        to: admin.email,
        lang: admin.locale,
        // The daily sweep's: nobody's action.
        actor: null,
        vars: {
          name: admin.first_name ?? admin.email,
          organization: data.organization_name,
          document: translate(admin.locale, `organizations.compliance.kinds.${data.kind}`),
          date: longDate(admin.locale, data.expires_on),
          link: `${publicUrl(ctx.config, ctx.tenant.id)}/compliance_documents`,
        },
      },
      ctx.now,
    );
  }
}

/** A deleted organization is nobody's workplace: its roles go, announced like any role change. */
export async function removeRolesOn(ctx: TCtx, caller: TChangeActor, organizationId: string) {
  const roles = await ctx.db
    .selectFrom('identity.roles')
    .select(['user_id', 'name'])
    .where('resource_id', '=', organizationId)
    .execute();
  for (const r of roles) await removeRole(ctx, caller, r.user_id, r.name, organizationId);
  await ctx.db.deleteFrom('identity.role_invitations').where('resource_id', '=', organizationId).execute();
}
