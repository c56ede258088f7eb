import { sql } from 'kysely';
import type { TDb } from '../shared/request.ts';
import type { TMailSuppressionRow, TSuppressionReason } from './suppressions.table.ts';

/** How an address is kept: trimmed, lower-cased. */
export const addressKey = (address: string) => address.trim().toLowerCase();

export const findSuppression = (db: TDb, address: string): Promise<TMailSuppressionRow | undefined> =>
  db
    .selectFrom('notifications.mail_suppressions')
    .selectAll()
    .where('address', '=', addressKey(address))
    .executeTakeFirst();

/** The current tenant's rows of these addresses, by address as `addressKey` writes it. */
export async function findSuppressions(
  db: TDb,
  addresses: readonly string[],
): Promise<Map<string, TMailSuppressionRow>> {
  const rows = await db
    .selectFrom('notifications.mail_suppressions')
    .selectAll()
    .where('address', 'in', [...new Set(addresses.map(addressKey))])
    .execute();
  return new Map(rows.map((r) => [r.address, r]));
}

/**
 * Counts a bounce of the current tenant's `address`: a hard one suppresses at once, a soft one when the
 * count reaches `softLimit`. Returns the reason it is suppressed now, or null.
 */
export async function recordBounce(
  db: TDb,
  tenant: string,
  address: string,
  bounce: { kind: 'hard' | 'soft'; response: string; softLimit: number; now: Date },
): Promise<TSuppressionReason | null> {
  const soft = bounce.kind === 'soft' ? 1 : 0;
  const row = await db
    .insertInto('notifications.mail_suppressions')
    .values({
      tenant_id: tenant,
      address: addressKey(address),
      soft_bounces: soft,
      last_response: bounce.response.slice(0, 500),
      updated_at: bounce.now,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'address']).doUpdateSet({
        soft_bounces: sql`notifications.mail_suppressions.soft_bounces + ${soft}`,
        last_response: bounce.response.slice(0, 500),
        updated_at: bounce.now,
      }),
    )
    .returning(['soft_bounces', 'suppressed_at', 'reason'])
    .executeTakeFirstOrThrow();
  if (row.suppressed_at) return row.reason;
  const reason: TSuppressionReason | null =
    bounce.kind === 'hard' ? 'hard_bounce' : row.soft_bounces >= bounce.softLimit ? 'soft_bounces' : null;
  if (reason)
    await db
      .updateTable('notifications.mail_suppressions')
      .set({ suppressed_at: bounce.now, reason })
      .where('address', '=', addressKey(address))
      .execute();
  return reason;
}

/** A delivered mail: soft bounces are counted in a row, so the count starts again. */
export async function recordDelivered(db: TDb, address: string, now: Date): Promise<void> {
  await db
    .updateTable('notifications.mail_suppressions')
    .set({ soft_bounces: 0, updated_at: now })
    .where('address', '=', addressKey(address))
    .where('suppressed_at', 'is', null)
    .where('soft_bounces', '>', 0)
    .execute();
}
