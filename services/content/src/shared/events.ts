import type { Kysely } from 'kysely';
import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import { recordChange } from '@stageplein/kit/audit/audit-log';
import { writeEvent } from '@stageplein/kit/outbox/outbox-writer';
import { SCHEMA } from '../database.ts';
import type { TAuthor, TCtx } from './request.ts';

/** The change's event in the outbox and its audit row, in the use case's transaction (kit's `recordChange`). */
export async function record<T extends TEventType>(
  ctx: TCtx,
  author: TAuthor,
  type: T,
  subject: { type: string; id: string },
  data: TEventPayload<T>,
): Promise<void> {
  await recordChange(ctx.db as unknown as Kysely<unknown>, SCHEMA, ctx, author, type, subject, data);
}

/** State other services keep (not a change of its own, so no audit row): the event alone, in the transaction. */
export async function emit<T extends TEventType>(
  ctx: TCtx,
  author: TAuthor,
  type: T,
  subject: { id: string },
  data: TEventPayload<T>,
): Promise<void> {
  await writeEvent(ctx.db as unknown as Kysely<unknown>, SCHEMA, {
    type,
    subject: subject.id,
    tenant: ctx.tenant.id,
    actor: author.userId ?? 'system',
    data,
  });
}
