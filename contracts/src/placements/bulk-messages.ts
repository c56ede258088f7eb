import { z } from 'zod';
import type { TPermissions } from '../identity/permissions.ts';
import { zCollectionOf, zDocumentOf, type TQuerySpec } from '../jsonapi/jsonapi.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import type { TInternshipStatus } from './internships.ts';

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

/**
 * One message reaches at most this many internships, and as many students without one (one mail per
 * recipient): a whole school year of a large school (the bulk-message benchmark sends to 2,000).
 */
export const BULK_MESSAGE_MAX_INTERNSHIPS = 2000;

/**
 * Who a message goes to: internships (their students, and optionally contacts and supervisors) and
 * students of the school without an internship yet (chosen by group, level or period); at least one.
 */
export const ZBulkMessageSelection = z
  .object({
    internship_ids: z.array(z.uuid()).max(BULK_MESSAGE_MAX_INTERNSHIPS).default([]),
    student_ids: z.array(z.uuid()).max(BULK_MESSAGE_MAX_INTERNSHIPS).default([]),
    to_contacts: z.boolean().default(false),
    to_supervisors: z.boolean().default(false),
  })
  .strict();
const chosesSomeone = (v: { internship_ids: string[]; student_ids: string[] }) =>
  v.internship_ids.length + v.student_ids.length > 0;
const NOBODY = { message: 'empty', path: ['internship_ids'] };

export const ZBulkMessageAttributes = z
  .object({
    subject: z.string().trim().min(1).max(200),
    body: z.string().trim().min(1).max(10000),
    ...ZBulkMessageSelection.shape,
  })
  .strict()
  .refine(chosesSomeone, NOBODY);
export type TBulkMessageAttributes = z.infer<typeof ZBulkMessageAttributes>;

/** `POST /api/v1/internships/bulk_messages/recipients`: how many a selection reaches, before sending. */
export const ZBulkMessageRecipientsBody = z.object({
  data: z.object({
    type: z.literal('bulk_message_recipients'),
    attributes: ZBulkMessageSelection.refine(chosesSomeone, NOBODY),
  }),
});
export const ZBulkMessageRecipientsDocument = z.object({
  data: z.object({
    type: z.literal('bulk_message_recipients'),
    id: z.string(),
    attributes: z.object({
      /** One per address: what the confirmation names. */
      recipient_count: z.number().int(),
      internship_count: z.number().int(),
      student_count: z.number().int(),
    }),
  }),
});

/**
 * `GET /api/v1/internships/bulk_messages/students`: the school's students without an internship yet
 * (`internshipStatusesThatCount`), by `filter[group_id_in]`, `filter[level_id_in]` (comma lists) and
 * `filter[internship_period_id_eq]` (none in that period).
 */
export const ZBulkMessageStudentResource = z.object({
  type: z.literal('bulk_message_student'),
  id: z.uuid(),
  attributes: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
    group_name: z.string().nullable(),
  }),
});
export const ZBulkMessageStudentCollection = zCollectionOf(ZBulkMessageStudentResource);

/**
 * What counts as having an internship, for "students without one": one the student found or was given
 * that is not over (submitted for approval, accepted, approved, active); within a period also one
 * completed in it. An application alone is not one yet.
 */
export const internshipStatusesThatCount = (inPeriod: boolean): readonly TInternshipStatus[] =>
  inPeriod
    ? ['submitted', 'accepted', 'approved', 'active', 'completed']
    : ['submitted', 'accepted', 'approved', 'active'];

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
    /** Null: a student chosen without an internship. */
    internship_id: z.uuid().nullable(),
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
    /** Students chosen without an internship. */
    student_count: z.number().int(),
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
