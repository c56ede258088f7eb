import {
  NOTIFICATION_KINDS,
  type TNotificationKind,
  type TNotificationParams,
} from '@stageplein/contracts/notifications/notifications';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TCtx } from '../shared/request.ts';
import {
  findOwnNotification,
  insertNotifications,
  listFeed,
  setAllRead,
  setRead,
  unreadSummary,
} from './feed.repository.ts';

/** What an event tells: a kind, its values, what it is about and where that is shown, and to whom. */
export interface TNotice {
  kind: TNotificationKind;
  params: TNotificationParams;
  subject: { type: string; id: string };
  link: string | null;
  recipients: readonly (string | null | undefined)[];
}

/**
 * Writes an event's notices to the recipients' feeds, once per person and kind: a replayed event (the
 * consumer's processed-events row already stops it) or a person named twice adds nothing. Returns how
 * many were added.
 */
export async function notify(ctx: TCtx, event: TEventEnvelope, notices: readonly TNotice[]): Promise<number> {
  const rows = notices.flatMap((notice) =>
    [...new Set(notice.recipients.filter((r): r is string => !!r))].map((userId) => ({
      tenant_id: ctx.tenant.id,
      user_id: userId,
      event_id: event.id,
      kind: notice.kind,
      category: NOTIFICATION_KINDS[notice.kind],
      params: notice.params,
      subject_type: notice.subject.type,
      subject_id: notice.subject.id,
      link: notice.link,
      created_at: new Date(event.time),
    })),
  );
  return insertNotifications(ctx.db, rows);
}

export const ownFeed = (
  ctx: TCtx,
  userId: string,
  page: { number: number; size: number },
  unreadOnly: boolean,
) => listFeed(ctx.db, userId, page, { unreadOnly });

export const ownUnread = (ctx: TCtx, userId: string) => unreadSummary(ctx.db, userId);

/** Marks one of the person's own notifications read or unread; undefined when it is not theirs. */
export async function markRead(ctx: TCtx, userId: string, id: string, read: boolean) {
  const found = await findOwnNotification(ctx.db, userId, id);
  if (!found) return undefined;
  if (read === (found.read_at !== null)) return found;
  return setRead(ctx.db, id, read ? ctx.now : null);
}

export const markAllRead = (ctx: TCtx, userId: string) => setAllRead(ctx.db, userId, ctx.now);
