import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type {
  TNotificationResource,
  TUnreadCountDocument,
} from '@stageplein/contracts/notifications/notifications';

/**
 * The portal's calls to the notifications service (contracts/src/notifications/notifications.ts), read
 * `raw`: the wire's snake_case as it came. Shared by the header's bell and `/notificaties`.
 */
const NOTIFICATIONS = '/api/v1/notifications';

export type TNotification = TNotificationResource['attributes'] & { id: string };
export type TUnread = TUnreadCountDocument['meta'];

/** The query keys: the bell's count, and the feed's pages (invalidated together when something new came). */
export const UNREAD_KEY = ['notifications', 'unread'] as const;
export const FEED_KEY = ['notifications', 'feed'] as const;

/**
 * The unread count. The answer carries an ETag and `no-cache`: the browser asks again with
 * If-None-Match and the service answers 304 while nothing changed (docs/decisions/notifications.md).
 */
export async function fetchUnread(client: TApiClient, signal?: AbortSignal): Promise<TUnread> {
  return (await client.get<TUnreadCountDocument>(`${NOTIFICATIONS}/unread_count`, { signal, raw: true }))
    .meta;
}

export interface TFeedPage {
  items: TNotification[];
  total: number;
}

export async function fetchFeed(
  client: TApiClient,
  page: { number: number; size: number },
  signal?: AbortSignal,
): Promise<TFeedPage> {
  const doc = await client.get<{ data: TNotificationResource[]; meta: { total: number } }>(NOTIFICATIONS, {
    signal,
    raw: true,
    query: { 'page[number]': page.number, 'page[size]': page.size },
  });
  return { items: doc.data.map((r) => ({ ...r.attributes, id: r.id })), total: doc.meta.total };
}

export async function markRead(client: TApiClient, id: string): Promise<void> {
  await client.patch(
    `${NOTIFICATIONS}/${encodeURIComponent(id)}`,
    { data: { type: 'notification', id, attributes: { read: true } } },
    { raw: true },
  );
}

export async function markAllRead(client: TApiClient): Promise<number> {
  return (
    await client.post<{ meta: { marked: number } }>(`${NOTIFICATIONS}/read_all`, undefined, { raw: true })
  ).meta.marked;
}
