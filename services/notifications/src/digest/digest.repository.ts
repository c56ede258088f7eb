import { sql } from 'kysely';
import type { TNotificationRow } from '../feed/feed.table.ts';
import type { TDb } from '../shared/request.ts';
import type { TDigestFrequency } from './digest-period.ts';
import '../mail/users.table.ts';
import '../preferences/preferences.table.ts';

/** The people of the tenant (in the transaction's tenant) who want the periodic mail this often. */
export const recipientsOf = (db: TDb, frequency: TDigestFrequency) =>
  db
    .selectFrom('notifications.users')
    .select(['id', 'email', 'first_name', 'locale'])
    .where('periodic_mail_frequency', '=', frequency)
    .where('deleted', '=', false)
    .where('status', 'not in', ['inactive', 'archived'])
    .where('email', '<>', '')
    .orderBy('id')
    .execute();

/** Claims the person's digest of the period; false when a run before claimed it (nothing is sent twice). */
export async function claimDigest(
  db: TDb,
  row: { tenant_id: string; user_id: string; period: string; created_at: Date },
): Promise<boolean> {
  const claimed = await db
    .insertInto('notifications.digests')
    .values({ ...row, notifications: 0, tasks: 0, sent: false })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'period']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function recordDigest(
  db: TDb,
  userId: string,
  period: string,
  counts: { notifications: number; tasks: number; sent: boolean },
): Promise<void> {
  await db
    .updateTable('notifications.digests')
    .set(counts)
    .where('user_id', '=', userId)
    .where('period', '=', period)
    .execute();
}

/** The categories the person hears of by digest. */
export async function digestCategories(db: TDb, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications.preferences')
    .select('category')
    .where('user_id', '=', userId)
    .where('delivery', '=', 'digest')
    .execute();
  return rows.map((r) => r.category);
}

/** Unread notifications of those categories no digest told yet, oldest first, `limit` of them and how many. */
export async function undigested(
  db: TDb,
  userId: string,
  categories: readonly string[],
  limit: number,
): Promise<{ rows: TNotificationRow[]; total: number }> {
  if (categories.length === 0) return { rows: [], total: 0 };
  const { rows } = await sql<TNotificationRow & { total: string }>`
    select *, count(*) over () as total from notifications.notifications
    where user_id = ${userId} and read_at is null and digested_at is null
      and category in (${sql.join(categories)})
    order by created_at, id limit ${limit}`.execute(db);
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** Every unread notification of the person that has not yet gone into a digest (of those categories). */
export async function markDigested(db: TDb, userId: string, categories: readonly string[], at: Date) {
  if (categories.length === 0) return;
  await sql`update notifications.notifications set digested_at = ${at}
    where user_id = ${userId} and read_at is null and digested_at is null
      and category in (${sql.join(categories)})`.execute(db);
}

export async function unreadCount(db: TDb, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications.notifications')
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
