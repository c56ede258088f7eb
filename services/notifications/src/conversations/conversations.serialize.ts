import type {
  TConversationOptionResource,
  TConversationResource,
  TMessageResource,
} from '@stageplein/contracts/notifications/conversations';
import type { TAttachmentRow, TMessageRow } from './conversations.table.ts';
import type { TConversationView } from './conversations.service.ts';

/** A conversation as the reader sees it: its title, participants with their read state, unread and newest. */
export function conversationResource(view: TConversationView, readerId: string): TConversationResource {
  const { conversation: c, internship } = view;
  const title = internship
    ? [internship.title, internship.organization_name].filter(Boolean).join(' · ')
    : (view.participants.find((p) => p.id !== readerId)?.name ?? '');
  return {
    type: 'conversation',
    id: c.id,
    attributes: {
      kind: c.kind,
      internship_id: c.internship_id,
      title,
      participants: view.participants.map((p) => ({
        id: p.id,
        name: p.name,
        roles: p.roles,
        last_read_at: p.last_read_at?.toISOString() ?? null,
      })),
      last_message_at: view.last?.at.toISOString() ?? null,
      last_message_excerpt: view.last?.body ?? null,
      last_message_internal: view.last?.internal ?? false,
      unread: view.unread,
      may_write_internal: view.staff,
    },
  };
}

export const attachmentPath = (conversationId: string, id: string) =>
  `/api/v1/conversations/${conversationId}/attachments/${id}`;

export function messageResource(
  message: TMessageRow,
  attachments: readonly TAttachmentRow[],
): TMessageResource {
  return {
    type: 'message',
    id: message.id,
    attributes: {
      conversation_id: message.conversation_id,
      author_id: message.author_id,
      author_name: message.author_name,
      body: message.body,
      internal: message.internal,
      attachments: attachments
        .filter((a) => a.message_id === message.id)
        .map((a) => ({
          id: a.id,
          file_name: a.file_name,
          content_type: a.content_type,
          size: a.size,
          url: attachmentPath(message.conversation_id, a.id),
        })),
      created_at: message.created_at.toISOString(),
    },
  };
}

export function optionResources(options: {
  internships: readonly { id: string; title: string; organization_name: string | null }[];
  people: readonly {
    id: string;
    name: string;
    roles: TConversationOptionResource['attributes']['roles'];
    internship: { title: string };
  }[];
}): TConversationOptionResource[] {
  return [
    ...options.internships.map((i) => ({
      type: 'conversation_option' as const,
      id: `internship:${i.id}`,
      attributes: {
        kind: 'internship' as const,
        internship_id: i.id,
        user_id: null,
        label: i.title,
        roles: [],
        detail: i.organization_name ?? '',
      },
    })),
    ...options.people.map((p) => ({
      type: 'conversation_option' as const,
      id: `person:${p.id}`,
      attributes: {
        kind: 'direct' as const,
        internship_id: null,
        user_id: p.id,
        label: p.name,
        roles: p.roles,
        detail: p.internship.title,
      },
    })),
  ];
}
