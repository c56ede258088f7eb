import type { TDb } from '../shared/request.ts';
import type { TNotificationRow, TNotificationsTable } from './feed.table.ts';

export type TNewNotification = Omit<TNotificationsTable, 'id' | 'read_at' | 'params' | 'created_at'> & {
  params: Record<string, string>;
  created_at: Date;
};

/** Adds notifications; one already there for the same event, person and kind is left as it is. */
export async function insertNotifications(db: TDb, rows: readonly TNewNotification[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('notifications.notifications')
    .values(rows.map((r) => ({ ...r, params: JSON.stringify(r.params) })))
    .onConflict((oc) => oc.columns(['tenant_id', 'event_id', 'user_id', 'kind']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** A person's feed, newest first, a page of it and how many there are. */
export async function listFeed(
  db: TDb,
  userId: string,
  page: { number: number; size: number },
  options: { unreadOnly: boolean },
): Promise<{ rows: TNotificationRow[]; total: number }> {
  let base = db.selectFrom('notifications.notifications').where('user_id', '=', userId);
  if (options.unreadOnly) base = base.where('read_at', 'is', null);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.number - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** How many of a person's notifications are unread, and the newest one's id. */
export async function unreadSummary(
  db: TDb,
  userId: string,
): Promise<{ unread: number; latestId: string | null }> {
  const [count, latest] = await Promise.all([
    db
      .selectFrom('notifications.notifications')
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('notifications.notifications')
      .where('user_id', '=', userId)
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { unread: Number(count.n), latestId: latest?.id ?? null };
}

/** One of the person's notifications; another person's is not found. */
export async function findOwnNotification(
  db: TDb,
  userId: string,
  id: string,
): Promise<TNotificationRow | undefined> {
  return db
    .selectFrom('notifications.notifications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function setRead(db: TDb, id: string, readAt: Date | null): Promise<TNotificationRow> {
  return db
    .updateTable('notifications.notifications')
    .set({ read_at: readAt })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Marks every unread notification of the person read; how many. */
export async function setAllRead(db: TDb, userId: string, readAt: Date): Promise<number> {
  const result = await db
    .updateTable('notifications.notifications')
    .set({ read_at: readAt })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
