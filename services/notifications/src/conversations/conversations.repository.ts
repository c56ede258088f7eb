import { sql } from 'kysely';
import type { TInternshipParties } from '../pipeline/recipients.repository.ts';
import type { TDb } from '../shared/request.ts';
import type {
  TAttachmentRow,
  TConversationRow,
  TMessageAttachmentsTable,
  TMessageRow,
} from './conversations.table.ts';
import { isPartySql, isStaffSql } from './parties.ts';
import '../pipeline/recipients.table.ts';
import '../feed/feed.table.ts';

/** The internship's thread or the pair's direct conversation, made when missing (one each, whoever comes first). */
export async function findOrCreateConversation(
  db: TDb,
  row: { tenant_id: string; created_at: Date } & (
    | { kind: 'internship'; internship_id: string }
    | { kind: 'direct'; direct_key: string; members: readonly string[] }
  ),
): Promise<{ conversation: TConversationRow; created: boolean }> {
  const key = row.kind === 'internship' ? row.internship_id : row.direct_key;
  const column = row.kind === 'internship' ? 'internship_id' : 'direct_key';
  const inserted = await db
    .insertInto('notifications.conversations')
    .values({
      tenant_id: row.tenant_id,
      kind: row.kind,
      internship_id: row.kind === 'internship' ? row.internship_id : null,
      direct_key: row.kind === 'direct' ? row.direct_key : null,
      created_at: row.created_at,
      last_message_at: null,
    })
    .onConflict((oc) => oc.columns(['tenant_id', column]).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted && row.kind === 'direct')
    await db
      .insertInto('notifications.direct_members')
      .values(
        row.members.map((user_id) => ({ conversation_id: inserted.id, tenant_id: row.tenant_id, user_id })),
      )
      .execute();
  if (inserted) return { conversation: inserted, created: true };
  const found = await db
    .selectFrom('notifications.conversations')
    .selectAll()
    .where(column, '=', key)
    .executeTakeFirstOrThrow();
  return { conversation: found, created: false };
}

export async function directMembersOf(db: TDb, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('notifications.direct_members')
    .select(['conversation_id', 'user_id'])
    .where('conversation_id', 'in', conversationIds)
    .execute();
}

export const findInternshipById = (db: TDb, id: string): Promise<TInternshipParties | undefined> =>
  db.selectFrom('notifications.internships').selectAll().where('id', '=', id).executeTakeFirst();

export async function findInternshipsById(db: TDb, ids: readonly string[]): Promise<TInternshipParties[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('notifications.internships').selectAll().where('id', 'in', ids).execute();
}

/** Whether the person is a party of the internship. */
export async function isParty(db: TDb, userId: string, internshipId: string): Promise<boolean> {
  const { rows } = await sql<{ yes: boolean }>`select ${isPartySql(userId)} as yes
    from notifications.internships i where i.id = ${internshipId}`.execute(db);
  return rows[0]?.yes === true;
}

/** Whether two people are parties of one internship at least. */
export async function shareAnInternship(db: TDb, a: string, b: string): Promise<boolean> {
  const { rows } = await sql<{ yes: boolean }>`select exists (select 1 from notifications.internships i
    where ${isPartySql(a)} and ${isPartySql(b)}) as yes`.execute(db);
  return rows[0]?.yes === true;
}

/** The internships the person is a party of, most recently changed first. */
export async function internshipsOfParty(
  db: TDb,
  userId: string,
  limit: number,
): Promise<TInternshipParties[]> {
  const { rows } = await sql<TInternshipParties>`select i.* from notifications.internships i
    where ${isPartySql(userId)} order by i.updated_at desc, i.id limit ${limit}`.execute(db);
  return rows;
}

export interface TListedConversation extends TConversationRow {
  staff: boolean;
  last_read_at: Date | null;
  unread: number;
  last_body: string | null;
  last_at: Date | null;
  last_internal: boolean | null;
}

/**
 * The conversations the person takes part in (an internship's thread of which they are a party, a direct
 * one of which they are a member), with what they may read of each: the newest message and how many of
 * the others' they have not read (internal notes count for the school's staff only). Newest first.
 */
export async function listConversationsOf(
  db: TDb,
  userId: string,
  page: { number: number; size: number },
  onlyId?: string,
): Promise<{ rows: TListedConversation[]; total: number }> {
  const { rows } = await sql<TListedConversation & { total: string }>`
    with mine as (
      select c.*, (c.kind = 'internship' and coalesce(${isStaffSql(userId)}, false)) as staff
      from notifications.conversations c
      left join notifications.internships i on i.id = c.internship_id
      where (${onlyId ?? null}::uuid is null or c.id = ${onlyId ?? null}::uuid)
        and ((c.kind = 'internship' and ${isPartySql(userId)})
          or (c.kind = 'direct' and exists (select 1 from notifications.direct_members d
            where d.conversation_id = c.id and d.user_id = ${userId})))
    )
    select mine.*, r.last_read_at, last.body as last_body, last.created_at as last_at,
      last.internal as last_internal,
      (select count(*)::int from notifications.messages m
        where m.conversation_id = mine.id and m.author_id <> ${userId} and (not m.internal or mine.staff)
          and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)) as unread,
      count(*) over () as total
    from mine
    left join notifications.conversation_reads r on r.conversation_id = mine.id and r.user_id = ${userId}
    left join lateral (select left(m.body, 140) as body, m.created_at, m.internal from notifications.messages m
      where m.conversation_id = mine.id and (not m.internal or mine.staff)
      order by m.created_at desc, m.id desc limit 1) last on true
    order by coalesce(last.created_at, mine.created_at) desc, mine.id
    limit ${page.size} offset ${(page.number - 1) * page.size}`.execute(db);
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** A page of the conversation's messages the reader may see: the newest `size`, returned oldest first. */
export async function listMessages(
  db: TDb,
  conversationId: string,
  staff: boolean,
  size: number,
): Promise<{ rows: TMessageRow[]; total: number }> {
  let base = db.selectFrom('notifications.messages').where('conversation_id', '=', conversationId);
  if (!staff) base = base.where('internal', '=', false);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(size).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.reverse(), total: Number(count.n) };
}

export async function insertMessage(
  db: TDb,
  row: Omit<TMessageRow, 'id' | 'created_at'>,
): Promise<TMessageRow> {
  return db.insertInto('notifications.messages').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertAttachments(
  db: TDb,
  rows: readonly Omit<TMessageAttachmentsTable, 'id'>[],
): Promise<TAttachmentRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('notifications.message_attachments').values(rows).returningAll().execute();
}

export async function attachmentsOf(db: TDb, messageIds: readonly string[]): Promise<TAttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom('notifications.message_attachments')
    .selectAll()
    .where('message_id', 'in', messageIds)
    .orderBy('file_name')
    .execute();
}

export async function findAttachment(db: TDb, conversationId: string, id: string) {
  return db
    .selectFrom('notifications.message_attachments as a')
    .innerJoin('notifications.messages as m', 'm.id', 'a.message_id')
    .selectAll('a')
    .select('m.internal')
    .where('a.id', '=', id)
    .where('m.conversation_id', '=', conversationId)
    .executeTakeFirst();
}

export async function touchConversation(db: TDb, id: string, at: Date): Promise<void> {
  await db
    .updateTable('notifications.conversations')
    .set({ last_message_at: at })
    .where('id', '=', id)
    .execute();
}

export async function readsOf(db: TDb, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('notifications.conversation_reads')
    .select(['conversation_id', 'user_id', 'last_read_at'])
    .where('conversation_id', 'in', conversationIds)
    .execute();
}

/** Moves the person's read state forward to `at` (never back). */
export async function setReadUpTo(
  db: TDb,
  row: { conversation_id: string; tenant_id: string; user_id: string; last_read_at: Date },
): Promise<Date> {
  const saved = await db
    .insertInto('notifications.conversation_reads')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['conversation_id', 'user_id']).doUpdateSet((eb) => ({
        last_read_at: sql<Date>`greatest(${eb.ref('notifications.conversation_reads.last_read_at')}, ${eb.ref('excluded.last_read_at')})`,
      })),
    )
    .returning('last_read_at')
    .executeTakeFirstOrThrow();
  return saved.last_read_at;
}

/** The newest message the reader may see: its time (null in an empty conversation). */
export async function newestVisible(db: TDb, conversationId: string, staff: boolean): Promise<Date | null> {
  let q = db
    .selectFrom('notifications.messages')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('conversation_id', '=', conversationId);
  if (!staff) q = q.where('internal', '=', false);
  const row = await q.executeTakeFirst();
  return (row?.at as Date | null | undefined) ?? null;
}

/** The person's notifications about this conversation marked read (they have read it). */
export async function readNotificationsAbout(
  db: TDb,
  userId: string,
  conversationId: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('notifications.notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('subject_type', '=', 'conversation')
    .where('subject_id', '=', conversationId)
    .where('read_at', 'is', null)
    .execute();
}

/** Names by id: first and last name, else the address; a deleted or unknown person has none. */
export async function namesOf(db: TDb, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const rows = await db
    .selectFrom('notifications.people')
    .select(['id', 'first_name', 'last_name', 'email', 'deleted'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  for (const p of rows) {
    const name = [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email;
    if (!p.deleted && name) names.set(p.id, name);
  }
  return names;
}
