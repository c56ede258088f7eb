import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { SYSTEM, userActor, type TChangeActor } from '@stageplein/kit/auth/caller';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TIdentityDb } from '../database.ts';
import type { TIdentityConfig, TIdentityDeps } from '../identity.config.ts';
import { mailPortFor } from '../mail/mail.port.ts';
import { withMail } from '../shared/request.ts';
import {
  STATUS_MAIL,
  inviteFirstAdmin,
  notifyAdmins,
  remindAdmins,
  removeRolesOn,
} from './organization-signups.service.ts';

export const ORGANIZATION_EVENT_TYPES = [
  'organizations.organization.signed_up',
  'organizations.compliance_document.expiring',
  'organizations.organization.created',
  'organizations.organization.deleted',
  ...Object.keys(STATUS_MAIL),
] as const;

/** Who caused the organizations event, as the caller of identity's use case (`anonymous`: a signup). */
const callerOf = (event: TEventEnvelope): TChangeActor =>
  event.actor === 'anonymous' || event.actor === 'system' ? SYSTEM : userActor(event.actor);

/**
 * Identity's side of organizations' lifecycle events (issue #4), a thin adapter: each event calls
 * one use case of organization-signups.service.ts — invite the first admin of a signup or of an
 * organization a moderator created, remind the admins of an expiring document, drop the roles on a
 * deleted organization, mail the admins about a status change. Idempotent per event id.
 */
export const organizationSignupsConsumer = (deps: TIdentityDeps): TConsumer => {
  const mail = mailPortFor(deps.config);
  return useCaseConsumer<TIdentityDb, TIdentityConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.organization-signups`,
    types: ORGANIZATION_EVENT_TYPES,
    async run(useCaseCtx, event) {
      const ctx = withMail(useCaseCtx, mail);
      switch (event.type) {
        case 'organizations.organization.signed_up': {
          const data = EVENT_PAYLOADS['organizations.organization.signed_up'].parse(event.data);
          return inviteFirstAdmin(ctx, callerOf(event), data, data.first_admin, event.id);
        }
        case 'organizations.organization.created': {
          const data = EVENT_PAYLOADS['organizations.organization.created'].parse(event.data);
          if (data.first_admin)
            await inviteFirstAdmin(ctx, callerOf(event), data, data.first_admin, event.id);
          return;
        }
        case 'organizations.compliance_document.expiring':
          return remindAdmins(
            ctx,
            EVENT_PAYLOADS['organizations.compliance_document.expiring'].parse(event.data),
          );
        case 'organizations.organization.deleted': {
          const data = EVENT_PAYLOADS['organizations.organization.deleted'].parse(event.data);
          return removeRolesOn(ctx, callerOf(event), data.organization_id);
        }
        default: {
          const kind = STATUS_MAIL[event.type];
          if (!kind) return;
          const data = EVENT_PAYLOADS['organizations.organization.approved'].parse(event.data);
          return notifyAdmins(ctx, callerOf(event), data, kind);
        }
      }
    },
  });
};
