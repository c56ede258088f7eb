import type { ColumnType, Generated, Selectable } from 'kysely';
import type { TObjectStorageKind } from '@stageplein/kit/object-storage/object-storage';
import type { TAttachmentType, TConversationKind } from '@stageplein/contracts/notifications/conversations';

/** Conversations' tables (migration 20270406T0910-conversations). */
export interface TConversationsTable {
  id: Generated<string>;
  tenant_id: string;
  kind: TConversationKind;
  /** An internship's thread: the internship (one thread each). */
  internship_id: string | null;
  /** A direct conversation: its two people's ids, sorted, joined by `:` (one conversation per pair). */
  direct_key: string | null;
  created_at: ColumnType<Date, Date | string, never>;
  last_message_at: Date | null;
}
export type TConversationRow = Selectable<TConversationsTable>;

export interface TDirectMembersTable {
  conversation_id: string;
  tenant_id: string;
  user_id: string;
}

export interface TMessagesTable {
  id: Generated<string>;
  tenant_id: string;
  conversation_id: string;
  author_id: string;
  /** The author's name when they wrote it. */
  author_name: string;
  body: string;
  internal: boolean;
  /** The database's clock when written (clock_timestamp()): read state compares against it. */
  created_at: ColumnType<Date, never, never>;
}
export type TMessageRow = Selectable<TMessagesTable>;

export interface TMessageAttachmentsTable {
  id: Generated<string>;
  tenant_id: string;
  message_id: string;
  file_name: string;
  content_type: TAttachmentType;
  size: number;
  /** SHA-256 of the bytes: their key in the object store. */
  hash: string;
  storage: TObjectStorageKind;
}
export type TAttachmentRow = Selectable<TMessageAttachmentsTable>;

/** A person's read state: every message up to this time (a message's `created_at`) is read. */
export interface TConversationReadsTable {
  conversation_id: string;
  tenant_id: string;
  user_id: string;
  last_read_at: Date;
}

/** The names people are shown by, from identity's user events. */
export interface TPeopleTable {
  id: string;
  tenant_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  deleted: boolean;
  event_time: Date;
}

/** The object store's PostgreSQL adapter's table. */
export interface TFileBlobsTable {
  tenant_id: string;
  hash: string;
  bytes: Buffer;
}

declare module '../database.ts' {
  interface TNotificationsDb {
    'notifications.conversations': TConversationsTable;
    'notifications.direct_members': TDirectMembersTable;
    'notifications.messages': TMessagesTable;
    'notifications.message_attachments': TMessageAttachmentsTable;
    'notifications.conversation_reads': TConversationReadsTable;
    'notifications.people': TPeopleTable;
    'notifications.file_blobs': TFileBlobsTable;
  }
}
