import { z } from 'zod';
import type { TPermissions } from '../identity/permissions.ts';
import { zCollectionOf, zDocumentOf, type TQuerySpec } from '../jsonapi/jsonapi.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';

/**
 * Bulk messages (issue #16 item 5, docs/decisions/self-found-and-bulk-messages.md): a school admin
 * writes one message to the students (and optionally the contacts and supervisors) of a selection of
 * internships; one mail per recipient through the shared mail module, each with its delivery status.
 */

/** Who of an internship a message reaches besides its student. */
export const BULK_MESSAGE_RECIPIENT_KINDS = ['student', 'contact', 'supervisor'] as const;
export type TBulkMessageRecipientKind = (typeof BULK_MESSAGE_RECIPIENT_KINDS)[number];

/** A delivery's status, the shared mail module's: `requested` until identity reports on the mail. */
export const BULK_MESSAGE_DELIVERY_STATUSES = ['requested', 'delivered', 'failed'] as const;
export type TBulkMessageDeliveryStatus = (typeof BULK_MESSAGE_DELIVERY_STATUSES)[number];

/** One message reaches at most this many internships (one mail per recipient). */
export const BULK_MESSAGE_MAX_INTERNSHIPS = 500;

export const ZBulkMessageAttributes = z
  .object({
    subject: z.string().trim().min(1).max(200),
    body: z.string().trim().min(1).max(10000),
    internship_ids: z.array(z.uuid()).min(1).max(BULK_MESSAGE_MAX_INTERNSHIPS),
    to_contacts: z.boolean().default(false),
    to_supervisors: z.boolean().default(false),
  })
  .strict();
export type TBulkMessageAttributes = z.infer<typeof ZBulkMessageAttributes>;

export const ZBulkMessageBody = z.object({
  data: z.object({
    type: z.enum(['bulk_message', 'bulk_messages']),
    attributes: ZBulkMessageAttributes,
  }),
});

export const ZBulkMessageDeliveryResource = z.object({
  type: z.literal('bulk_message_delivery'),
  id: z.uuid(),
  attributes: z.object({
    internship_id: z.uuid(),
    recipient_kind: z.enum(BULK_MESSAGE_RECIPIENT_KINDS),
    recipient_name: z.string().nullable(),
    email: z.string(),
    status: z.enum(BULK_MESSAGE_DELIVERY_STATUSES),
    /** Why a mail failed (identity's reason code), null otherwise. */
    failure_reason: z.string().nullable(),
  }),
});
export type TBulkMessageDeliveryResource = z.infer<typeof ZBulkMessageDeliveryResource>;

export const ZBulkMessageResource = z.object({
  type: z.literal('bulk_message'),
  id: z.uuid(),
  attributes: z.object({
    subject: z.string(),
    body: z.string(),
    school_id: z.uuid(),
    author_id: z.uuid(),
    to_contacts: z.boolean(),
    to_supervisors: z.boolean(),
    internship_count: z.number().int(),
    recipient_count: z.number().int(),
    /** Deliveries per status, e.g. `{ requested: 2, delivered: 10, failed: 1 }`. */
    delivery_counts: z.record(z.enum(BULK_MESSAGE_DELIVERY_STATUSES), z.number().int()),
    created_at: z.string(),
  }),
  relationships: z
    .object({
      deliveries: z.object({
        data: z.array(z.object({ type: z.literal('bulk_message_delivery'), id: z.uuid() })),
      }),
    })
    .optional(),
});
export type TBulkMessageResource = z.infer<typeof ZBulkMessageResource>;

export const ZBulkMessageDocument = zDocumentOf(ZBulkMessageResource).extend({
  included: z.array(ZBulkMessageDeliveryResource).optional(),
});
export const ZBulkMessageCollection = zCollectionOf(ZBulkMessageResource);

/**
 * Who writes bulk messages: an admin acting for an approved School, to its own students' internships
 * (the server keeps only internships of that school; the screen offers the page to no one else).
 */
export const maySendBulkMessages = (
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
): boolean => permissions.isSchoolAdmin && current?.type === 'School' && current.status === 'approved';

/** `GET /api/v1/internships/bulk_messages`: newest first, paged. */
export const BULK_MESSAGES_QUERY = {
  sorts: ['created_at'],
  defaultSort: '-created_at',
  defaultPageSize: 25,
  maxPageSize: 100,
} as const satisfies TQuerySpec;
