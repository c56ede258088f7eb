import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  ATTACHMENTS_PER_MESSAGE,
  isSchoolStaff,
  MESSAGE_MAX_LENGTH,
  type TAttachmentType,
  type TParticipantRole,
} from '@stageplein/contracts/notifications/conversations';
import { ApiError, forbidden, notFound } from '@stageplein/kit/errors/api-error';
import type { TObjectStorages } from '@stageplein/kit/object-storage/object-storage';
import { TYPE_NAMES } from '@stageplein/kit/uploads/file-check';
import { reencodeImage } from '@stageplein/kit/uploads/image-reencode';
import { checkUpload } from '@stageplein/kit/uploads/upload-check';
import type { TChangeActor } from '../shared/caller.ts';
import { record } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import type { TInternshipParties } from '../pipeline/recipients.repository.ts';
import { cleanFileName, keyOf } from './attachments.ts';
import {
  attachmentsOf,
  directMembersOf,
  findAttachment,
  findInternshipById,
  findInternshipsById,
  findOrCreateConversation,
  insertAttachments,
  insertMessage,
  internshipsOfParty,
  listConversationsOf,
  listMessages,
  namesOf,
  newestVisible,
  readNotificationsAbout,
  readsOf,
  setReadUpTo,
  shareAnInternship,
  touchConversation,
  type TListedConversation,
} from './conversations.repository.ts';
import type { TAttachmentRow, TConversationRow, TMessageRow } from './conversations.table.ts';
import { partiesOf, toldOf, type TParty } from './parties.ts';

/** A conversation as one reader sees it. */
export interface TConversationView {
  conversation: TConversationRow;
  internship: TInternshipParties | null;
  participants: (TParty & { name: string; last_read_at: Date | null })[];
  /** The reader is the school's staff in it (internal notes). */
  staff: boolean;
  unread: number;
  last: { body: string; at: Date; internal: boolean } | null;
}

export interface TNewFile {
  name: string;
  bytes: Buffer;
}

const directKey = (a: string, b: string) => [a, b].sort().join(':');

/** The views of listed conversations: participants with names and read state, titles' internships. */
async function viewsOf(ctx: TCtx, rows: readonly TListedConversation[]): Promise<TConversationView[]> {
  const internships = await findInternshipsById(
    ctx.db,
    rows.map((r) => r.internship_id).filter((id): id is string => !!id),
  );
  const byId = new Map(internships.map((i) => [i.id, i]));
  const ids = rows.map((r) => r.id);
  const [parties, members, reads] = await Promise.all([
    partiesOf(ctx.db, internships),
    directMembersOf(ctx.db, ids),
    readsOf(ctx.db, ids),
  ]);
  const everyone = [...[...parties.values()].flat().map((p) => p.id), ...members.map((m) => m.user_id)];
  const names = await namesOf(ctx.db, everyone);
  return rows.map((row) => {
    const internship = row.internship_id ? (byId.get(row.internship_id) ?? null) : null;
    const of: TParty[] = internship
      ? (parties.get(internship.id) ?? [])
      : members
          .filter((m) => m.conversation_id === row.id)
          .map((m) => ({ id: m.user_id, roles: ['person'] as TParticipantRole[] }));
    return {
      conversation: row,
      internship,
      participants: of.map((p) => ({
        ...p,
        name: names.get(p.id) ?? '',
        last_read_at:
          reads.find((r) => r.conversation_id === row.id && r.user_id === p.id)?.last_read_at ?? null,
      })),
      staff: row.staff,
      unread: row.unread,
      last:
        row.last_body !== null && row.last_at
          ? { body: row.last_body, at: row.last_at, internal: row.last_internal === true }
          : null,
    };
  });
}

/** The person's conversations, the newest first. */
export async function ownConversations(
  ctx: TCtx,
  userId: string,
  page: { number: number; size: number },
): Promise<{ views: TConversationView[]; total: number }> {
  const { rows, total } = await listConversationsOf(ctx.db, userId, page);
  return { views: await viewsOf(ctx, rows), total };
}

/** One conversation the person takes part in; undefined otherwise (the route answers 404). */
export async function conversationOf(
  ctx: TCtx,
  userId: string,
  id: string,
): Promise<TConversationView | undefined> {
  const { rows } = await listConversationsOf(ctx.db, userId, { number: 1, size: 1 }, id);
  return rows.length ? (await viewsOf(ctx, rows))[0] : undefined;
}

/**
 * Opens an internship's thread (the caller is one of its parties) or a direct conversation with someone
 * who shares an internship with the caller; an existing one is returned as it is.
 */
export async function openConversation(
  ctx: TCtx,
  userId: string,
  target: { internship_id: string } | { user_id: string },
): Promise<{ view: TConversationView; created: boolean }> {
  let opened: { conversation: TConversationRow; created: boolean };
  if ('internship_id' in target) {
    const internship = await findInternshipById(ctx.db, target.internship_id);
    const parties = internship ? (await partiesOf(ctx.db, [internship])).get(internship.id) : undefined;
    if (!parties?.some((p) => p.id === userId)) throw notFound();
    opened = await findOrCreateConversation(ctx.db, {
      tenant_id: ctx.tenant.id,
      created_at: ctx.now,
      kind: 'internship',
      internship_id: target.internship_id,
    });
  } else {
    if (target.user_id === userId)
      throw new ApiError('validation_failed', {}, { pointer: '/data/attributes/user_id' });
    if (!(await shareAnInternship(ctx.db, userId, target.user_id))) throw notFound();
    opened = await findOrCreateConversation(ctx.db, {
      tenant_id: ctx.tenant.id,
      created_at: ctx.now,
      kind: 'direct',
      direct_key: directKey(userId, target.user_id),
      members: [userId, target.user_id],
    });
  }
  const view = await conversationOf(ctx, userId, opened.conversation.id);
  if (!view) throw notFound();
  return { view, created: opened.created };
}

/** The newest messages the person may read (internal notes: the school's staff only), with their attachments. */
export async function messagesOf(ctx: TCtx, view: TConversationView, size: number) {
  const { rows, total } = await listMessages(ctx.db, view.conversation.id, view.staff, size);
  const attachments = await attachmentsOf(
    ctx.db,
    rows.map((m) => m.id),
  );
  return { rows, attachments, total };
}

/**
 * A message's text and its attachments as they are stored: each checked by kit's one upload check (type
 * by content, nothing hidden, a name that fits), images re-encoded without their metadata (a phone's
 * photo carries where it was taken) and turned upright. Throws before anything is written.
 */
async function checkMessage(
  body: string,
  internal: boolean,
  files: readonly TNewFile[],
  view: TConversationView,
) {
  const text = body.trim();
  if (!text || text.length > MESSAGE_MAX_LENGTH)
    throw new ApiError('validation_failed', {}, { pointer: '/data/attributes/body' });
  if (internal && !view.staff) throw forbidden();
  const source = { pointer: '/data/attributes/attachments' };
  if (files.length > ATTACHMENTS_PER_MESSAGE) throw new ApiError('validation_failed', {}, source);
  const checked: { name: string; bytes: Buffer; type: TAttachmentType }[] = [];
  for (const file of files) {
    if (file.bytes.length > ATTACHMENT_MAX_BYTES)
      throw new ApiError('file_too_large', { max_mb: ATTACHMENT_MAX_BYTES / 1024 / 1024 }, source);
    const type = checkUpload(file, { source, allowed: ATTACHMENT_TYPES }) as TAttachmentType;
    if (type === 'application/pdf') {
      checked.push({ ...file, type });
      continue;
    }
    const image = await reencodeImage(file.bytes, type);
    if (!image) throw new ApiError('upload_unreadable', { type: TYPE_NAMES[type] }, source);
    checked.push({ name: file.name, bytes: image.bytes, type });
  }
  return { text, checked };
}

/**
 * A new message in a conversation the author takes part in: stored with its attachments (bytes in the
 * object store, keyed by their hash), the author's read state moved past it, and the event that tells
 * the others through the pipeline (`notifications.conversation.message_posted`: the feed, the mail per
 * preference). An internal note is the school's staff's only: written and told to them alone.
 */
export async function postMessage(
  ctx: TCtx,
  storages: TObjectStorages,
  author: TChangeActor & { userId: string },
  view: TConversationView,
  input: { body: string; internal: boolean; files: readonly TNewFile[] },
): Promise<{ message: TMessageRow; attachments: TAttachmentRow[] }> {
  const { text, checked } = await checkMessage(input.body, input.internal, input.files, view);
  const internal = view.conversation.kind === 'internship' && input.internal;
  const authorName =
    view.participants.find((p) => p.id === author.userId)?.name ||
    (await namesOf(ctx.db, [author.userId])).get(author.userId) ||
    '';
  const message = await insertMessage(ctx.db, {
    tenant_id: ctx.tenant.id,
    conversation_id: view.conversation.id,
    author_id: author.userId,
    author_name: authorName,
    body: text,
    internal,
  });
  const store = { db: ctx.db, tenantId: ctx.tenant.id };
  for (const file of checked) await storages.write.put(store, keyOf(file.bytes), file.bytes);
  const attachments = await insertAttachments(
    ctx.db,
    checked.map((file) => ({
      tenant_id: ctx.tenant.id,
      message_id: message.id,
      file_name: cleanFileName(file.name),
      content_type: file.type,
      size: file.bytes.length,
      hash: keyOf(file.bytes),
      storage: storages.write.kind,
    })),
  );
  await touchConversation(ctx.db, view.conversation.id, message.created_at);
  await setReadUpTo(ctx.db, {
    conversation_id: view.conversation.id,
    tenant_id: ctx.tenant.id,
    user_id: author.userId,
    last_read_at: message.created_at,
  });

  const readers = new Set(view.participants.filter((p) => p.last_read_at).map((p) => p.id));
  const told = (
    view.conversation.kind === 'internship' ? toldOf(view.participants, readers) : view.participants
  )
    .filter((p) => p.id !== author.userId)
    .filter((p) => !internal || isSchoolStaff(p.roles));
  await record(
    ctx,
    author,
    'notifications.conversation.message_posted',
    { type: 'conversation', id: view.conversation.id },
    {
      conversation_id: view.conversation.id,
      message_id: message.id,
      kind: view.conversation.kind,
      internship_id: view.conversation.internship_id,
      author_id: author.userId,
      author_name: authorName,
      title: view.internship?.title ?? '',
      internal,
      recipient_ids: told.map((p) => p.id),
    },
  );
  return { message, attachments };
}

/**
 * The person has read the conversation up to its newest message they may see; their notifications about
 * it are read too. Returns their read state.
 */
export async function markConversationRead(
  ctx: TCtx,
  userId: string,
  view: TConversationView,
): Promise<Date | null> {
  const newest = await newestVisible(ctx.db, view.conversation.id, view.staff);
  await readNotificationsAbout(ctx.db, userId, view.conversation.id, ctx.now);
  if (!newest) return view.participants.find((p) => p.id === userId)?.last_read_at ?? null;
  return setReadUpTo(ctx.db, {
    conversation_id: view.conversation.id,
    tenant_id: ctx.tenant.id,
    user_id: userId,
    last_read_at: newest,
  });
}

/** An attachment's bytes, for a reader who may see its message; undefined otherwise. */
export async function attachmentOf(
  ctx: TCtx,
  storages: TObjectStorages,
  view: TConversationView,
  attachmentId: string,
): Promise<{ row: TAttachmentRow; bytes: Buffer } | undefined> {
  const row = await findAttachment(ctx.db, view.conversation.id, attachmentId);
  if (!row || (row.internal && !view.staff)) return undefined;
  const bytes = await storages.of(row.storage).get({ db: ctx.db, tenantId: ctx.tenant.id }, row.hash);
  if (!bytes) return undefined;
  return { row, bytes };
}

/** Whom the person may open a conversation with: their internships' threads and the people sharing one. */
export async function conversationOptions(ctx: TCtx, userId: string) {
  const internships = await internshipsOfParty(ctx.db, userId, 100);
  const parties = await partiesOf(ctx.db, internships);
  const names = await namesOf(
    ctx.db,
    [...parties.values()].flat().map((p) => p.id),
  );
  const people = new Map<string, { id: string; roles: TParticipantRole[]; internship: TInternshipParties }>();
  for (const i of internships)
    for (const p of parties.get(i.id) ?? [])
      if (p.id !== userId && names.has(p.id) && !people.has(p.id))
        people.set(p.id, { id: p.id, roles: p.roles, internship: i });
  return {
    internships,
    people: [...people.values()].map((p) => ({ ...p, name: names.get(p.id)! })),
  };
}
