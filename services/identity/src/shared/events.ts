import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { writeEvent } from '@stageplein/kit/outbox/outbox-writer';
import { currentTraceparent } from '@stageplein/kit/telemetry/telemetry';
import type { Kysely } from 'kysely';
import { SCHEMA, type TDb } from '../database.ts';

/** Writes an identity event to the outbox in the use case's transaction; the subject is the user id. */
export async function emit<T extends TEventType>(
  db: TDb,
  tenant: TTenantId,
  actor: string,
  type: T,
  userId: string,
  data: TEventPayload<T>,
): Promise<void> {
  await writeEvent(db as unknown as Kysely<unknown>, SCHEMA, {
    type,
    subject: userId,
    tenant,
    actor,
    data,
    traceparent: currentTraceparent(),
  });
}
