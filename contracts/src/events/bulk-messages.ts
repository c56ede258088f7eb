import { z } from 'zod';

/** Bulk messages (docs/decisions/self-found-and-bulk-messages.md). Subject: the message id. */
export const BULK_MESSAGE_EVENT_PAYLOADS = {
  /** A school admin sent a message; one mail per recipient is requested in the same transaction. */
  'placements.bulk_message.sent': z.object({
    bulk_message_id: z.uuid(),
    school_id: z.uuid(),
    subject: z.string(),
    internship_ids: z.array(z.uuid()),
    /** Students chosen without an internship (by group, level or period); absent in earlier events. */
    student_ids: z.array(z.uuid()).optional(),
    recipient_count: z.number().int(),
  }),
} as const satisfies Record<string, z.ZodType>;
