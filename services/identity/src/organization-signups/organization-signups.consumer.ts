import type { Kysely } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { EVENT_PAYLOADS, type TEventPayload } from '@stageplein/contracts/events/payloads';
import { translate } from '@stageplein/contracts/i18n/index';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { SCHEMA, type TDb, type TIdentityDb } from '../database.ts';
import { expiresAfter, minutesOf } from '../auth/sessions.service.ts';
import { mailPortFor } from '../mail/mail.port.ts';
import type { TMailKind } from '../mail/templates.ts';
import type { TCtx } from '../shared/context.ts';
import { publicUrl } from '../shared/urls.ts';
import { findUserByEmail, type TUserRow } from '../users/users.repository.ts';
import { offerRole } from '../roles/role-invitations.service.ts';
import { createInvitedUser, removeRole, sendConfirmation } from '../users/users.service.ts';
import type { TIdentityDeps } from '../identity.config.ts';

type TOrganizationMailKind = Extract<TMailKind, `organization_${string}`>;

const STATUS_MAIL: Record<string, TOrganizationMailKind> = {
  'organizations.organization.approved': 'organization_approved',
  'organizations.organization.denied': 'organization_denied',
  'organizations.organization.archived': 'organization_archived',
  'organizations.organization.reopened': 'organization_reopened',
};

export const ORGANIZATION_EVENT_TYPES = [
  'organizations.organization.signed_up',
  'organizations.compliance_document.expiring',
  'organizations.organization.created',
  'organizations.organization.deleted',
  ...Object.keys(STATUS_MAIL),
] as const;

type TFirstAdmin = NonNullable<TEventPayload<'organizations.organization.created'>['first_admin']>;
type TOrganization = TEventPayload<'organizations.organization.updated'>;

/** A use-case context for an event: its tenant, the consumer's transaction, the service's clock and mail. */
function contextFor(deps: TIdentityDeps, db: TDb, event: TEventEnvelope): TCtx {
  return {
    db,
    tenant: getTenant(event.tenant)!,
    now: deps.now?.() ?? new Date(),
    config: deps.config,
    mail: mailPortFor(deps.config),
    lang: 'nl',
    ip: '',
    // Consumers have no request to outlive: everything is the one transaction.
    independently: (fn) => fn(db),
  };
}

const actorOf = (event: TEventEnvelope) => (event.actor === 'anonymous' ? 'system' : event.actor);

/**
 * The first admin of a self-registered (or moderator-created) organization: an invited account with
 * the admin role on it and the invitation mail to confirm and choose a password — or, for someone
 * who already has an account here, an invitation to accept the role (roles/role-invitations.service.ts). An address registered with another tenant
 * cannot be invited (one account per address, spec §8 "wrong center"): that is audit-logged for an
 * operator, and the organization stays without admin.
 */
async function inviteFirstAdmin(
  ctx: TCtx,
  event: TEventEnvelope,
  o: TOrganization,
  admin: TFirstAdmin,
): Promise<void> {
  const role = { name: 'admin' as const, resourceType: o.organization_type, resourceId: o.organization_id };
  const existing = await findUserByEmail(ctx.db, admin.email);
  if (existing) {
    // Anyone may sign up naming any address (issue #12): the account is asked, never just given the role.
    await offerRole(ctx, existing, role, o.name);
    return;
  }
  const created = await createInvitedUser(
    ctx,
    'system',
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
        data: { reason: 'email_registered_with_another_tenant', event_id: event.id },
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
) {
  // Identity's one mail port, in the consumer's transaction: the mail exists exactly when the effect commits.
  await ctx.mail.send(
    ctx.db,
    ctx.tenant.id,
    {
      kind,
      to: user.email,
      lang: user.locale,
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
async function notifyAdmins(
  ctx: TCtx,
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
    await notify(ctx, admin, invited ? 'organization_approved_invited' : kind, o, o.reason);
    // A new link only when the mailed one no longer works (approval can take longer than it lives):
    // a second link would replace the first, whose mail still says it is valid.
    if (invited && !expiresAfter(admin.confirmation_sent_at, minutesOf.confirmation(ctx), ctx.now)) {
      await sendConfirmation(ctx, admin);
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
async function remindAdmins(ctx: TCtx, data: TEventPayload<'organizations.compliance_document.expiring'>) {
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
async function removeRolesOn(ctx: TCtx, actor: string, organizationId: string) {
  const roles = await ctx.db
    .selectFrom('identity.roles')
    .select(['user_id', 'name'])
    .where('resource_id', '=', organizationId)
    .execute();
  for (const r of roles) await removeRole(ctx, actor, r.user_id, r.name, organizationId);
  await ctx.db.deleteFrom('identity.role_invitations').where('resource_id', '=', organizationId).execute();
}

/**
 * Identity's side of organizations' lifecycle events (issue #4): invites the first admin of a signup
 * or of an organization a moderator created, mails the admins about status changes, and drops the
 * roles on a deleted organization. Idempotent per event id (kit idempotentConsumer).
 */
export function organizationSignupsConsumer(deps: TIdentityDeps): TConsumer {
  return idempotentConsumer({
    db: deps.db as Kysely<TIdentityDb>,
    schema: SCHEMA,
    group: `${SCHEMA}.organization-signups`,
    types: ORGANIZATION_EVENT_TYPES,
    async apply(trx, event) {
      const ctx = contextFor(deps, trx as unknown as TDb, event);
      switch (event.type) {
        case 'organizations.organization.signed_up': {
          const data = EVENT_PAYLOADS['organizations.organization.signed_up'].parse(event.data);
          await inviteFirstAdmin(ctx, event, data, data.first_admin);
          return;
        }
        case 'organizations.organization.created': {
          const data = EVENT_PAYLOADS['organizations.organization.created'].parse(event.data);
          if (data.first_admin) await inviteFirstAdmin(ctx, event, data, data.first_admin);
          return;
        }
        case 'organizations.compliance_document.expiring': {
          const data = EVENT_PAYLOADS['organizations.compliance_document.expiring'].parse(event.data);
          await remindAdmins(ctx, data);
          return;
        }
        case 'organizations.organization.deleted': {
          const data = EVENT_PAYLOADS['organizations.organization.deleted'].parse(event.data);
          await removeRolesOn(ctx, actorOf(event), data.organization_id);
          return;
        }
        default: {
          const kind = STATUS_MAIL[event.type];
          if (!kind) return;
          const data = EVENT_PAYLOADS['organizations.organization.approved'].parse(event.data);
          await notifyAdmins(ctx, data, kind);
        }
      }
    },
  });
}
