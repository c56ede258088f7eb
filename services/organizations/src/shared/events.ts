import type { Kysely } from 'kysely';
import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { writeEvent } from '@stageplein/kit/outbox/outbox-writer';
import { SCHEMA } from '../database.ts';
import type { TDb } from './request.ts';

/**
 * Writes an organizations event to the outbox in the use case's transaction. `actor` is who caused
 * it: a user id, `system` (seeds, consumers) or `anonymous` (public signup).
 */
export async function emit<T extends TEventType>(
  db: TDb,
  tenant: TTenantId,
  actor: string,
  type: T,
  subject: string,
  data: TEventPayload<T>,
): Promise<void> {
  await writeEvent(db as unknown as Kysely<unknown>, SCHEMA, { type, subject, tenant, actor, data });
}
