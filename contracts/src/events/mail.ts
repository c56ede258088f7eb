import { z } from 'zod';
import { LANGUAGES } from '../i18n/index.ts';
import { ACCOUNT_MAIL_KINDS, accountMailRequestVars } from '../notifications/mail-templates.ts';

/**
 * Mail requests (docs/decisions/mail-requests.md): a service asks for a mail by writing
 * `<service>.mail.requested` to its outbox inside its use case's transaction; notifications renders,
 * queues and sends it, then answers `notifications.mail.delivered` or `notifications.mail.failed` with
 * the request's delivery id. Subject of all of them: the delivery id.
 */

/** The services that may request mail. A new one adds itself here. */
export const MAIL_REQUESTING_SERVICES = ['placements', 'content', 'organizations', 'identity'] as const;
export type TMailRequestingService = (typeof MAIL_REQUESTING_SERVICES)[number];

/**
 * The templates any service may request (kit's `mail/templates.ts`, rendered by notifications); identity
 * also requests its account mails (`ACCOUNT_MAIL_KINDS`).
 */
export const MAIL_REQUEST_TEMPLATES = ['external_link', 'bulk_message', 'reminder'] as const;
export type TMailRequestTemplate = (typeof MAIL_REQUEST_TEMPLATES)[number];

const ZLanguage = z.enum(LANGUAGES);

/** A text in both languages: notifications picks the recipient's. */
export const ZLocalizedText = z.object({
  nl: z.string().trim().min(1).max(2000),
  en: z.string().trim().min(1).max(2000),
});
export type TLocalizedText = z.infer<typeof ZLocalizedText>;

/**
 * Who receives it: a user (notifications reads their address, name and language) or an address without an
 * account (a workplace supervisor), with the name and language to write in.
 */
export const ZMailRecipient = z.union([
  z.object({ user_id: z.uuid() }).strict(),
  z
    .object({
      email: z.email().max(254),
      name: z.string().trim().max(200).nullable(),
      language: ZLanguage,
    })
    .strict(),
]);
export type TMailRecipient = z.infer<typeof ZMailRecipient>;

/** Each template's variables (the recipient's name, the link and the site's name are added when rendered). */
export const MAIL_TEMPLATE_VARS = {
  /** An external action link: what it is for ("Bevestig de uren van …"), an optional explanation, expiry. */
  external_link: z.object({
    purpose: ZLocalizedText,
    details: ZLocalizedText.nullable(),
    expires_at: z.iso.datetime({ offset: true }),
  }),
  /** A message written by a school admin: plain text, escaped in HTML; blank lines separate paragraphs. */
  bulk_message: z.object({
    subject: z.string().trim().min(1).max(200),
    body: z.string().trim().min(1).max(20_000),
    sender: z.string().trim().max(200).nullable(),
  }),
  /** A reminder composed by the requesting service in both languages (e.g. hours waiting to be confirmed). */
  reminder: z.object({
    subject: ZLocalizedText,
    body: ZLocalizedText,
  }),
} as const satisfies Record<TMailRequestTemplate, z.ZodType>;
export type TMailTemplateVars<T extends TMailRequestTemplate> = z.infer<(typeof MAIL_TEMPLATE_VARS)[T]>;

const ZBase = z.object({
  delivery_id: z.uuid(),
  recipient: ZMailRecipient,
});

/**
 * `<service>.mail.requested`. A link that carries a token travels sealed (`link_sealed`, AES-256-GCM
 * under a key derived from AUTH_TOKEN_SECRET, kit/mail/sealed-link.ts), so outboxes and topics never
 * hold a usable token; notifications opens it while rendering.
 */
export const ZMailRequested = z.discriminatedUnion('template', [
  ZBase.extend({
    template: z.literal('external_link'),
    vars: MAIL_TEMPLATE_VARS.external_link,
    link_sealed: z.string().min(1),
  }),
  ZBase.extend({
    template: z.literal('bulk_message'),
    vars: MAIL_TEMPLATE_VARS.bulk_message,
    link_sealed: z.string().min(1).nullable(),
  }),
  ZBase.extend({
    template: z.literal('reminder'),
    vars: MAIL_TEMPLATE_VARS.reminder,
    link_sealed: z.string().min(1).nullable(),
  }),
  /**
   * Identity's account mails: the kind's variables in the recipient's language (checked against the
   * kind), the link with its single-use token sealed, and a passwordless sign-in code sealed too.
   */
  ZBase.extend({
    template: z.enum(ACCOUNT_MAIL_KINDS),
    vars: z.record(z.string(), z.string().max(2000)),
    link_sealed: z.string().min(1),
    code_sealed: z.string().min(1).nullable(),
  }).superRefine((request, ctx) => {
    const checked = accountMailRequestVars(request.template).safeParse(request.vars);
    for (const issue of checked.error?.issues ?? [])
      ctx.addIssue({ code: 'custom', path: ['vars', ...issue.path], message: issue.message });
  }),
]);
export type TMailRequested = z.infer<typeof ZMailRequested>;

/**
 * Why a requested mail was not delivered: no such (active) recipient, a link that does not open or leads
 * elsewhere, the person chose no mail for its category (`not_wanted`), the address is suppressed after
 * bounces, the receiving server refused it (5xx), or it deferred every try (4xx).
 */
export const MAIL_FAILURE_REASONS = [
  'unknown_recipient',
  'recipient_inactive',
  'unreadable_link',
  'not_wanted',
  'suppressed',
  'hard_bounce',
  'soft_bounces',
  'deferred',
] as const;
export type TMailFailureReason = (typeof MAIL_FAILURE_REASONS)[number];

const ZDeliveryOutcome = z.object({
  delivery_id: z.uuid(),
  /** The requesting service: only its status consumer acts on the outcome. */
  service: z.enum(MAIL_REQUESTING_SERVICES),
});

/** Payload schemas of the mail events (spread into EVENT_PAYLOADS). */
export const MAIL_EVENT_PAYLOADS = {
  'placements.mail.requested': ZMailRequested,
  'content.mail.requested': ZMailRequested,
  'organizations.mail.requested': ZMailRequested,
  'identity.mail.requested': ZMailRequested,
  'notifications.mail.delivered': ZDeliveryOutcome,
  'notifications.mail.failed': ZDeliveryOutcome.extend({ reason: z.enum(MAIL_FAILURE_REASONS) }),
} as const satisfies Record<string, z.ZodType>;

/** The request event type of a service (`placements` → `placements.mail.requested`). */
export const mailRequestedType = <S extends TMailRequestingService>(service: S) =>
  `${service}.mail.requested` as const;

export const MAIL_REQUESTED_TYPES = MAIL_REQUESTING_SERVICES.map(mailRequestedType);
export const MAIL_OUTCOME_TYPES = ['notifications.mail.delivered', 'notifications.mail.failed'] as const;

/** Per-recipient delivery status kept by the requesting service (`<schema>.mail_deliveries`). */
export const MAIL_DELIVERY_STATUSES = ['requested', 'delivered', 'failed'] as const;
export type TMailDeliveryStatus = (typeof MAIL_DELIVERY_STATUSES)[number];
