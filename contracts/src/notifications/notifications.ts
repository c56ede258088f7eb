import { z } from 'zod';
import { zCollectionOf, zDocumentOf, ZResource } from '../jsonapi/jsonapi.ts';

/**
 * The in-app feed and delivery preferences (issue #35, docs/decisions/notifications.md). Every kind of
 * notification belongs to one category; a person chooses per category how they hear of it beyond the
 * feed. The feed always shows every notification.
 */
export const NOTIFICATION_CATEGORIES = [
  'account',
  'signing',
  'applications',
  'internships',
  'hours',
  'evaluations',
  'contracts',
  'organizations',
  'messages',
  'tasks',
] as const;
export const ZNotificationCategory = z.enum(NOTIFICATION_CATEGORIES);
export type TNotificationCategory = z.infer<typeof ZNotificationCategory>;

/** In-app only, an e-mail for each, or a periodic digest (the person's `periodic_mail_frequency`). */
export const NOTIFICATION_DELIVERIES = ['in_app', 'email', 'digest'] as const;
export const ZNotificationDelivery = z.enum(NOTIFICATION_DELIVERIES);
export type TNotificationDelivery = z.infer<typeof ZNotificationDelivery>;

/**
 * Categories whose mail cannot be switched off: account mail (invitations, resets, sign-in links) and a
 * signer's turn on a contract. Their delivery is always `email`.
 */
export const LOCKED_CATEGORIES: readonly TNotificationCategory[] = ['account', 'signing'];

/** The delivery of a category nobody chose for: e-mail, as before there were preferences. */
export const DEFAULT_DELIVERY: TNotificationDelivery = 'email';

/** Whether a person may change the delivery of a category. */
export const deliveryChangeable = (category: TNotificationCategory): boolean =>
  !LOCKED_CATEGORIES.includes(category);

/** Every kind of notification and its category; its texts are `notifications.kinds.<kind>` (nl, en). */
export const NOTIFICATION_KINDS = {
  application_received: 'applications',
  application_accepted: 'applications',
  application_declined: 'applications',
  internship_approved: 'internships',
  internship_rejected: 'internships',
  internship_assigned: 'internships',
  hours_submitted: 'hours',
  hours_confirmed: 'hours',
  hours_rejected: 'hours',
  evaluation_requested: 'evaluations',
  contract_signer_turn: 'signing',
  contract_signed: 'contracts',
  organization_approved: 'organizations',
  bulk_message: 'messages',
  message_received: 'messages',
  direct_message_received: 'messages',
  phase_entered: 'tasks',
  phase_task_due: 'tasks',
} as const satisfies Record<string, TNotificationCategory>;
export type TNotificationKind = keyof typeof NOTIFICATION_KINDS;
export const ZNotificationKind = z.enum(Object.keys(NOTIFICATION_KINDS) as [TNotificationKind]);

/** Values a kind's text interpolates (`{{title}}`…): strings only, as the event carried them. */
export const ZNotificationParams = z.record(z.string(), z.string());
export type TNotificationParams = z.infer<typeof ZNotificationParams>;

export const ZNotificationAttributes = z.object({
  kind: ZNotificationKind,
  category: ZNotificationCategory,
  /** The kind's text in the caller's language, its values filled in. */
  text: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  /** The portal path of what it is about; null when there is no page for it. */
  link: z.string().nullable(),
  read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export const ZNotificationResource = ZResource.extend({
  type: z.literal('notification'),
  attributes: ZNotificationAttributes,
});
export type TNotificationResource = z.infer<typeof ZNotificationResource>;
export const ZNotificationCollection = zCollectionOf(ZNotificationResource);
export type TNotificationCollection = z.infer<typeof ZNotificationCollection>;
export const ZNotificationDocument = zDocumentOf(ZNotificationResource);

/** Marking one read: `PATCH /api/v1/notifications/{id}` with `read: true` (false marks it unread). */
export const ZNotificationUpdateBody = z.object({
  data: z.object({
    type: z.literal('notification'),
    id: z.string().optional(),
    attributes: z.object({ read: z.boolean() }),
  }),
});

/**
 * `GET /api/v1/notifications/unread_count`: the bell's number, the newest notification's id (a client
 * that saw another one knows something arrived: the toast) and how often to ask again. Answered with
 * an ETag; `If-None-Match` with it is 304 while nothing changed.
 */
export const ZUnreadCountDocument = z.object({
  meta: z.object({
    unread: z.number().int().min(0),
    latest_id: z.string().nullable(),
    poll_seconds: z.number().int().positive(),
  }),
});
export type TUnreadCountDocument = z.infer<typeof ZUnreadCountDocument>;

/** `POST /api/v1/notifications/read_all`: how many were marked. */
export const ZReadAllDocument = z.object({ meta: z.object({ marked: z.number().int().min(0) }) });

export const ZNotificationPreferenceAttributes = z.object({
  category: ZNotificationCategory,
  delivery: ZNotificationDelivery,
  /** False for account and signing mail (`LOCKED_CATEGORIES`). */
  changeable: z.boolean(),
});
/** One category's delivery; its id is the category. */
export const ZNotificationPreferenceResource = ZResource.extend({
  type: z.literal('notification_preference'),
  attributes: ZNotificationPreferenceAttributes,
});
export type TNotificationPreferenceResource = z.infer<typeof ZNotificationPreferenceResource>;
export const ZNotificationPreferenceCollection = zCollectionOf(ZNotificationPreferenceResource);
export const ZNotificationPreferenceDocument = zDocumentOf(ZNotificationPreferenceResource);
export const ZNotificationPreferenceUpdateBody = z.object({
  data: z.object({
    type: z.literal('notification_preference'),
    id: z.string().optional(),
    attributes: z.object({ delivery: ZNotificationDelivery }),
  }),
});

/** The feed's page size (newest first) and its cap. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
