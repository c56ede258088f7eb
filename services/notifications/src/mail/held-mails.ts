import { createHash } from 'node:crypto';
import type { ColumnType } from 'kysely';
import type { TMailJob } from '../delivery/mail-job.ts';
import type { TDb } from '../shared/request.ts';

export interface THeldMailsTable {
  delivery_id: string;
  tenant_id: string;
  user_id: string;
  address: string;
  /** Read as the job; written as its JSON. */
  job: ColumnType<TMailJob, string, string>;
  held_at: Date;
}

declare module '../database.ts' {
  interface TNotificationsDb {
    'notifications.held_mails': THeldMailsTable;
  }
}

/**
 * A user's mail that bounced hard or met a suppressed address is kept (rendered, as queued) until their
 * address changes (docs/decisions/mail-delivery.md "Bounces"). Mail to an address without an account,
 * or deferred mail, is not: there is no corrected address to wait for, or it may pass later.
 */
export async function holdBounced(db: TDb, mail: TMailJob, now: Date): Promise<void> {
  if (!mail.userId) return;
  const row = {
    delivery_id: mail.deliveryId ?? mail.id,
    tenant_id: mail.tenant,
    user_id: mail.userId,
    address: mail.to.toLowerCase(),
    job: JSON.stringify(mail),
    held_at: now,
  };
  await db
    .insertInto('notifications.held_mails')
    .values(row)
    .onConflict((oc) =>
      oc.column('delivery_id').doUpdateSet({ address: row.address, job: row.job, held_at: now }),
    )
    .execute();
}

/**
 * A user's address changed: each mail held for them goes to the new address (a job of its own per
 * delivery and address, so the same change told twice queues it once) and is no longer held.
 */
export async function resendHeld(
  db: TDb,
  userId: string,
  address: string,
  enqueue: (job: TMailJob) => Promise<void>,
): Promise<number> {
  const held = await db
    .selectFrom('notifications.held_mails')
    .selectAll()
    .where('user_id', '=', userId)
    .where('address', '<>', address.toLowerCase())
    .execute();
  const suffix = createHash('sha256').update(address.toLowerCase()).digest('hex').slice(0, 16);
  for (const h of held) {
    await enqueue({ ...h.job, id: `${h.delivery_id}-to-${suffix}`, deliveryId: h.delivery_id, to: address });
  }
  if (held.length)
    await db
      .deleteFrom('notifications.held_mails')
      .where(
        'delivery_id',
        'in',
        held.map((h) => h.delivery_id),
      )
      .execute();
  return held.length;
}
