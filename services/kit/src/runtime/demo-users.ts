import { sql } from 'kysely';
import type { TDbOf } from '../db/schema-tables.ts';

/**
 * A demo account's user id (identity's seeds: `<local>@<tenant>.test`) for another service's seeds.
 * Seeds run before any event is delivered, so this reads identity's published `identity.user.created`
 * event (its outbox, as the back-fill does); undefined where identity is not part of the installation
 * (a single-service test platform) or has not seeded the account.
 */
export async function demoUserId<DB>(
  db: TDbOf<DB>,
  tenant: string,
  local: string,
): Promise<string | undefined> {
  const { rows: exists } = await sql<{
    t: string | null;
  }>`select to_regclass('identity.outbox')::text as t`.execute(db);
  if (!exists[0]?.t) return undefined;
  const { rows } = await sql<{ id: string }>`
    select envelope->'data'->>'user_id' as id from identity.outbox
    where type = 'identity.user.created' and envelope->'data'->>'email' = ${`${local}@${tenant}.test`}
    order by seq limit 1`.execute(db);
  return rows[0]?.id;
}
