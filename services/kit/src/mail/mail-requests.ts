import { randomUUID } from 'node:crypto';
import {
  mailRequestedType,
  ZMailRequested,
  type TMailDeliveryStatus,
  type TMailFailureReason,
  type TMailRequested,
  type TMailRequestingService,
  type TMailTemplateVars,
} from '@stageplein/contracts/events/mail';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import {
  ACCOUNT_MAIL_KINDS,
  type TAccountMailKind,
} from '@stageplein/contracts/notifications/mail-templates';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import type { TConfig } from '../config/config.ts';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TContext } from '../request-context.ts';
import { writeEvents } from '../outbox/write-events.ts';
import { sealLink } from './sealed-link.ts';
import { schemaTables, type TDbOf } from '../db/schema-tables.ts';

/**
 * Mail for every service (docs/decisions/mail-requests.md): the use case requests it in
 * its own transaction — a `mail_deliveries` row (`mailDeliveriesMigrationV1(schema)`) and a
 * `<service>.mail.requested` event — so a mail goes out exactly when the change commits; notifications
 * renders and sends it in the recipient's language and answers delivered/failed, which
 * `mailDeliveryStatusConsumer` writes back to the row.
 */

/** `<schema>.mail_deliveries`: one row per requested mail (kit/migrations/mail-deliveries.v1.ts). */
export interface TMailDeliveriesTable {
  id: string;
  tenant_id: string;
  template: string;
  recipient_user_id: string | null;
  recipient_email: string | null;
  reference_type: string | null;
  reference_id: string | null;
  status: TMailDeliveryStatus;
  failure_reason: TMailFailureReason | null;
  requested_at: Date;
  settled_at: Date | null;
}

export type TMailRecipientInput =
  { userId: string } | { email: string; name: string | null; language: TLanguage };

type TTemplateRequest =
  | {
      template: 'external_link';
      vars: TMailTemplateVars<'external_link'>;
      /** Carries the token: sealed. */ link: string;
    }
  | { template: 'bulk_message'; vars: TMailTemplateVars<'bulk_message'>; link?: string | undefined }
  | { template: 'reminder'; vars: TMailTemplateVars<'reminder'>; link?: string | undefined }
  | {
      /** Identity's account mails: the kind's variables in the recipient's language. */
      template: TAccountMailKind;
      vars: Record<string, string>;
      /** Carries a single-use token: sealed. */ link: string;
      /** A passwordless sign-in code (works like the link): sealed. */ code?: string | undefined;
    };

export type TMailRequest = TTemplateRequest & {
  tenant: TTenantId;
  /** Default: a new id. Say one when the caller keeps it elsewhere too. */
  deliveryId?: string | undefined;
  recipient: TMailRecipientInput;
  /** The user who caused the mail; null: the system (a scheduled reminder). */
  actor: string | null;
  /** What the mail belongs to (`{ type: 'bulk_message', id }`), for per-recipient status lists. */
  reference?: { type: string; id: string } | undefined;
  now: Date;
};

const isAccountMail = (
  mail: TTemplateRequest,
): mail is Extract<TTemplateRequest, { template: TAccountMailKind }> =>
  (ACCOUNT_MAIL_KINDS as readonly string[]).includes(mail.template);

type TSealKeys = Pick<TConfig, 'AUTH_TOKEN_SECRET' | 'AUTH_TOKEN_PREVIOUS_SECRETS'>;

const deliveriesDb = <DB>(db: TDbOf<DB>, schema: string) =>
  schemaTables<{ mail_deliveries: TMailDeliveriesTable }, DB>(db, schema);

/**
 * Requests mails in the caller's transaction (one multi-row write however many): the service's schema
 * is its name. Returns the delivery ids, in order. `config` seals links (only AUTH_TOKEN_SECRET* is read).
 */
export async function requestMails<DB>(
  trx: TDbOf<DB>,
  service: TMailRequestingService,
  config: TSealKeys,
  mails: readonly TMailRequest[],
): Promise<string[]> {
  if (!mails.length) return [];
  const requests = mails.map((mail) => {
    const deliveryId = mail.deliveryId ?? randomUUID();
    const recipient =
      'userId' in mail.recipient
        ? { user_id: mail.recipient.userId }
        : {
            email: mail.recipient.email.trim().toLowerCase(),
            name: mail.recipient.name,
            language: mail.recipient.language,
          };
    const payload: TMailRequested = ZMailRequested.parse({
      delivery_id: deliveryId,
      recipient,
      template: mail.template,
      vars: mail.vars,
      link_sealed: mail.link === undefined ? null : sealLink(config, mail.link),
      ...(isAccountMail(mail)
        ? { code_sealed: mail.code === undefined ? null : sealLink(config, mail.code) }
        : {}),
    });
    return { mail, deliveryId, payload };
  });
  await deliveriesDb(trx, service)
    .insertInto('mail_deliveries')
    .values(
      requests.map(({ mail, deliveryId, payload }) => ({
        id: deliveryId,
        tenant_id: mail.tenant,
        template: mail.template,
        recipient_user_id: 'user_id' in payload.recipient ? payload.recipient.user_id : null,
        recipient_email: 'email' in payload.recipient ? payload.recipient.email : null,
        reference_type: mail.reference?.type ?? null,
        reference_id: mail.reference?.id ?? null,
        status: 'requested' as const,
        failure_reason: null,
        requested_at: mail.now,
        settled_at: null,
      })),
    )
    .execute();
  await writeEvents(
    trx,
    service,
    requests.map(({ mail, deliveryId, payload }) => ({
      type: mailRequestedType(service),
      subject: deliveryId,
      tenant: mail.tenant,
      actor: mail.actor ?? 'system',
      data: payload,
    })),
  );
  return requests.map((r) => r.deliveryId);
}

/** One mail: `requestMails` with one request. Returns its delivery id. */
export async function requestMail<DB>(
  trx: TDbOf<DB>,
  service: TMailRequestingService,
  config: TSealKeys,
  mail: TMailRequest,
): Promise<string> {
  const [id] = await requestMails(trx, service, config, [mail]);
  return id!;
}

/** The deliveries of one reference (a bulk message's recipients), oldest first. */
export async function mailDeliveriesOf<DB>(
  db: TDbOf<DB>,
  service: TMailRequestingService,
  reference: { type: string; id: string },
): Promise<TMailDeliveriesTable[]> {
  return deliveriesDb(db, service)
    .selectFrom('mail_deliveries')
    .selectAll()
    .where('reference_type', '=', reference.type)
    .where('reference_id', '=', reference.id)
    .orderBy('requested_at')
    .orderBy('id')
    .execute();
}

/**
 * The use case of the mail delivery statuses: writes notifications' answer back to the requesting service's
 * `mail_deliveries` row (its consumer, in every service that requests mail:
 * mail-delivery-status.consumer.ts). Outcomes of other services' requests are skipped; a delivered row
 * stays, a failed one becomes delivered when a resend to a corrected address arrives.
 */
export async function applyMailOutcome<DB>(
  ctx: TContext<DB>,
  service: TMailRequestingService,
  event: TEventEnvelope,
): Promise<void> {
  const failed = event.type === 'notifications.mail.failed';
  const outcome = failed
    ? EVENT_PAYLOADS['notifications.mail.failed'].parse(event.data)
    : { ...EVENT_PAYLOADS['notifications.mail.delivered'].parse(event.data), reason: null };
  if (outcome.service !== service) return;
  await deliveriesDb(ctx.db, service)
    .updateTable('mail_deliveries')
    .set({
      status: failed ? 'failed' : 'delivered',
      failure_reason: outcome.reason,
      settled_at: new Date(event.time),
    })
    .where('id', '=', outcome.delivery_id)
    // A failed mail delivered later (resent to a corrected address) counts as delivered; never the reverse.
    .where('status', 'in', failed ? ['requested'] : ['requested', 'failed'])
    .execute();
}
