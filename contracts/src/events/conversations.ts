import { z } from 'zod';

/**
 * A message posted in a conversation (issue #35 item 5, docs/decisions/conversations.md): written by
 * notifications' own use case in its outbox and read back by its feed consumer, so a new message reaches
 * the feed (and the mail) through the same pipeline as every other event, once per event id. It carries
 * who is told (fixed when the message was posted), never the message's text.
 */
export const CONVERSATION_EVENT_PAYLOADS = {
  'notifications.conversation.message_posted': z.object({
    conversation_id: z.uuid(),
    message_id: z.uuid(),
    kind: z.enum(['internship', 'direct']),
    internship_id: z.uuid().nullable(),
    author_id: z.uuid(),
    author_name: z.string(),
    /** The internship's title (an internship's thread); empty for a direct conversation. */
    title: z.string(),
    /** An internal note: only school staff are told. */
    internal: z.boolean(),
    recipient_ids: z.array(z.uuid()),
  }),
} as const satisfies Record<string, z.ZodType>;
