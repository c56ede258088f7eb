import type { TEventPayload } from '@stageplein/contracts/events/payloads';
import type { TNotice } from '../feed/feed.service.ts';

/**
 * A new message told to those the conversation named when it was posted (the event carries them: the
 * school's staff alone for an internal note), linking to the conversation. Its text names the author and
 * the internship, never the message.
 */
export async function messagePostedNotices(
  d: TEventPayload<'notifications.conversation.message_posted'>,
): Promise<TNotice[]> {
  return [
    {
      kind: d.kind === 'internship' ? 'message_received' : 'direct_message_received',
      params: d.kind === 'internship' ? { name: d.author_name, title: d.title } : { name: d.author_name },
      subject: { type: 'conversation', id: d.conversation_id },
      link: `/conversations?id=${d.conversation_id}`,
      recipients: d.recipient_ids.filter((id) => id !== d.author_id),
    },
  ];
}
