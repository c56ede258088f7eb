import { z } from 'zod';
import { zCollectionOf, zDocumentOf, ZResource } from '../jsonapi/jsonapi.ts';

/**
 * Conversations (issue #35 item 5, docs/decisions/conversations.md): a thread per internship between its
 * parties, and direct ones between two people who share an internship. Served by the notifications
 * service under `/api/v1/conversations`.
 */

/** A thread about an internship, or a direct conversation between two people. */
export const CONVERSATION_KINDS = ['internship', 'direct'] as const;
export type TConversationKind = (typeof CONVERSATION_KINDS)[number];

/**
 * What a participant is to the conversation's internship (a direct conversation's people are `person`).
 * `mentor` and `school_admin` are the school's staff: only they read and write internal notes.
 */
export const PARTICIPANT_ROLES = [
  'student',
  'mentor',
  'school_admin',
  'organization_contact',
  'organization_admin',
  'person',
] as const;
export type TParticipantRole = (typeof PARTICIPANT_ROLES)[number];
export const SCHOOL_STAFF_ROLES: readonly TParticipantRole[] = ['mentor', 'school_admin'];

/** Whether someone with these roles in an internship's thread is school staff (reads and writes internal notes). */
export const isSchoolStaff = (roles: readonly TParticipantRole[]): boolean =>
  roles.some((r) => SCHOOL_STAFF_ROLES.includes(r));

/** A message's text, trimmed: 1–5,000 characters. */
export const MESSAGE_MAX_LENGTH = 5000;
/** Attachments: at most 5 per message, each at most 10 MiB, PDF or an image (decided by the bytes). */
export const ATTACHMENTS_PER_MESSAGE = 5;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type TAttachmentType = (typeof ATTACHMENT_TYPES)[number];
/** How people know each accepted type (the portal's hint). */
export const ATTACHMENT_TYPE_NAMES: Record<TAttachmentType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

/**
 * Why the server will refuse this file, as its error code and variables (`api.<code>.detail`), or
 * undefined: the portal tells it before uploading. The type here is the browser's guess from the name;
 * the server decides by the bytes, so a file passing here may still be refused there.
 */
export function attachmentRefusal(file: {
  size: number;
  type: string;
}): { code: 'file_too_large'; vars: { max_mb: number } } | { code: 'upload_type_not_allowed' } | undefined {
  if (file.size > ATTACHMENT_MAX_BYTES)
    return { code: 'file_too_large', vars: { max_mb: ATTACHMENT_MAX_BYTES / 1024 / 1024 } };
  // No type (a name the browser cannot place): the server judges the bytes.
  if (file.type && !(ATTACHMENT_TYPES as readonly string[]).includes(file.type))
    return { code: 'upload_type_not_allowed' };
  return undefined;
}

/** The messages a page shows (the newest, oldest first) and the cap. */
export const MESSAGES_PAGE_SIZE = 50;
export const MESSAGES_MAX_PAGE_SIZE = 200;
export const CONVERSATIONS_PAGE_SIZE = 20;
export const CONVERSATIONS_MAX_PAGE_SIZE = 100;

export const ZParticipant = z.object({
  id: z.string(),
  name: z.string(),
  roles: z.array(z.enum(PARTICIPANT_ROLES)),
  /** Up to when they have read (their read state); null: never opened. */
  last_read_at: z.string().nullable(),
});
export type TParticipant = z.infer<typeof ZParticipant>;

export const ZConversationAttributes = z.object({
  kind: z.enum(CONVERSATION_KINDS),
  internship_id: z.string().nullable(),
  /** The internship's title and organization, or the other person's name. */
  title: z.string(),
  participants: z.array(ZParticipant),
  last_message_at: z.string().nullable(),
  /** The start of the newest message the caller may read. */
  last_message_excerpt: z.string().nullable(),
  /** That newest message is an internal note (only the school's staff read it; false when there is none). */
  last_message_internal: z.boolean(),
  /** Messages of others the caller has not read. */
  unread: z.number().int().min(0),
  /** The caller is the school's staff here: they see and may write internal notes. */
  may_write_internal: z.boolean(),
});
export const ZConversationResource = ZResource.extend({
  type: z.literal('conversation'),
  attributes: ZConversationAttributes,
});
export type TConversationResource = z.infer<typeof ZConversationResource>;
export const ZConversationDocument = zDocumentOf(ZConversationResource);
export const ZConversationCollection = zCollectionOf(ZConversationResource);

/** Opening a conversation: an internship's thread, or a direct one with a person (exactly one). */
export const ZConversationCreateBody = z.object({
  data: z.object({
    type: z.literal('conversation'),
    attributes: z.union([
      z.object({ internship_id: z.uuid() }).strict(),
      z.object({ user_id: z.uuid() }).strict(),
    ]),
  }),
});

export const ZAttachment = z.object({
  id: z.string(),
  file_name: z.string(),
  content_type: z.enum(ATTACHMENT_TYPES),
  size: z.number().int().min(0),
  /** The API path that downloads it (participants who may read the message). */
  url: z.string(),
});
export type TAttachment = z.infer<typeof ZAttachment>;

export const ZMessageAttributes = z.object({
  conversation_id: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  body: z.string(),
  /** An internal note: shown to the school's staff only. */
  internal: z.boolean(),
  attachments: z.array(ZAttachment),
  created_at: z.string(),
});
export const ZMessageResource = ZResource.extend({
  type: z.literal('message'),
  attributes: ZMessageAttributes,
});
export type TMessageResource = z.infer<typeof ZMessageResource>;
export const ZMessageDocument = zDocumentOf(ZMessageResource);
export const ZMessageCollection = zCollectionOf(ZMessageResource);

/** A message without attachments as JSON:API; with attachments the same fields as multipart (`body`, `internal`, files `attachments`). */
export const ZMessageCreateBody = z.object({
  data: z.object({
    type: z.literal('message'),
    attributes: z.object({
      body: z.string().trim().min(1).max(MESSAGE_MAX_LENGTH),
      internal: z.boolean().default(false),
    }),
  }),
});

/** Someone the caller may open a conversation with: one of their internships, or a person sharing one. */
export const ZConversationOptionResource = ZResource.extend({
  type: z.literal('conversation_option'),
  attributes: z.object({
    kind: z.enum(CONVERSATION_KINDS),
    internship_id: z.string().nullable(),
    user_id: z.string().nullable(),
    /** The person's name, or the internship's title. */
    label: z.string(),
    /** A person's roles in the internship they share with the caller (`detail`). */
    roles: z.array(z.enum(PARTICIPANT_ROLES)),
    /** The internship: its organization (an internship), or its title (a person). */
    detail: z.string(),
  }),
});
export type TConversationOptionResource = z.infer<typeof ZConversationOptionResource>;
export const ZConversationOptionCollection = zCollectionOf(ZConversationOptionResource);

/** `POST /api/v1/conversations/{id}/read`: the caller's read state now. */
export const ZReadStateDocument = z.object({ meta: z.object({ last_read_at: z.string().nullable() }) });
