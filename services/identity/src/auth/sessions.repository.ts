import type { Selectable } from 'kysely';
import type { TDb } from '../database.ts';
import type { TSessionsTable } from './sessions.table.ts';

export type TSessionRow = Selectable<TSessionsTable>;

export function insertSession(
  db: TDb,
  row: {
    client: string;
    tenant_id: string;
    user_id: string;
    token_hash: string;
    expires_at: Date;
    impersonator_id: string | null;
    created_at: Date;
  },
) {
  return db.insertInto('identity.sessions').values(row).execute();
}

export function findSession(db: TDb, client: string, tokenHash: string) {
  return db
    .selectFrom('identity.sessions')
    .selectAll()
    .where('client', '=', client)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function deleteSession(db: TDb, client: string) {
  return db.deleteFrom('identity.sessions').where('client', '=', client).returningAll().executeTakeFirst();
}

/** Every session of a user (optionally but one), removed and returned so they can be revoked everywhere. */
export function deleteSessionsOf(db: TDb, userId: string, exceptClient?: string) {
  return db
    .deleteFrom('identity.sessions')
    .where('user_id', '=', userId)
    .$if(!!exceptClient, (q) => q.where('client', '<>', exceptClient!))
    .returningAll()
    .execute();
}

/** Own sessions (not impersonations) beyond the newest `keep`, removed and returned. */
export async function evictOldestSessions(db: TDb, userId: string, keep: number) {
  const excess = await db
    .selectFrom('identity.sessions')
    .select('client')
    .where('user_id', '=', userId)
    .where('impersonator_id', 'is', null)
    .orderBy('seq', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (excess.length === 0) return [];
  return db
    .deleteFrom('identity.sessions')
    .where(
      'client',
      'in',
      excess.map((e) => e.client),
    )
    .returningAll()
    .execute();
}

/** Expired rows are dead weight: the tokens no longer verify anywhere. */
export function deleteExpiredSessions(db: TDb, userId: string, now: Date) {
  return db
    .deleteFrom('identity.sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now)
    .execute();
}
