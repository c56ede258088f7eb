import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ZEventEnvelope, type TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { EVENT_PAYLOADS, type TEventPayload, type TEventType } from '@stageplein/contracts/events/payloads';
import { executePrepared } from '../db/prepared-statements.ts';
import { currentTraceparent } from '../telemetry/telemetry.ts';
import type { TDbOf } from '../db/schema-tables.ts';

export const OUTBOX_CHANNEL = 'stageplein_outbox';

export interface TEventInput<T extends TEventType> {
  type: T;
  subject: string;
  tenant: TEventEnvelope['tenant'];
  actor: string;
  data: TEventPayload<T>;
  /** Default: the active span's (the request that caused the event), so consumers join its trace. */
  traceparent?: string;
  version?: number;
}

/**
 * The one place an event input becomes its envelope (single writes here, bulk writes in
 * write-events.ts): a new id, the producing service as source, the payload checked against its schema.
 */
export function toEnvelope<T extends TEventType>(
  schema: string,
  input: TEventInput<T>,
  time: string,
  traceparent: string | undefined,
): TEventEnvelope {
  return ZEventEnvelope.parse({
    id: randomUUID(),
    type: input.type,
    source: schema,
    subject: input.subject,
    time,
    tenant: input.tenant,
    actor: input.actor,
    version: input.version ?? 1,
    traceparent: input.traceparent ?? traceparent,
    data: EVENT_PAYLOADS[input.type].parse(input.data),
  });
}

/**
 * Inserts envelopes into `schema`'s outbox log and their keys into its delivery queue
 * (`outbox_pending`, which the relay empties), in one statement: an event is never logged without
 * being queued. Every event of every service enters the outbox here.
 */
export async function insertEvents<DB>(
  trx: TDbOf<DB>,
  schema: string,
  envelopes: readonly TEventEnvelope[],
): Promise<void> {
  const rows = envelopes.map(
    (e) => sql`(${e.id}::uuid, ${e.tenant}, ${e.type}, ${e.subject}, ${JSON.stringify(e)}::jsonb)`,
  );
  const statement = sql`with logged as (
      insert into ${sql.table(`${schema}.outbox`)} (id, tenant_id, type, aggregate_id, envelope)
      values ${sql.join(rows)} returning seq, tenant_id, aggregate_id
    )
    insert into ${sql.table(`${schema}.outbox_pending`)} (seq, tenant_id, aggregate_id)
    select seq, tenant_id, aggregate_id from logged`;
  // One event per statement (writeEvent) is the common case: prepared, since planning the two inserts
  // costs about as much as running them. Bulk texts vary with their row count and plan once per batch.
  if (envelopes.length === 1) await executePrepared(trx, statement);
  else await statement.execute(trx);
}

/**
 * Records an event in the service's outbox inside the caller's transaction: it exists exactly when
 * the change that caused it commits. The NOTIFY is delivered at commit and wakes the relay.
 */
export async function writeEvent<T extends TEventType, DB>(
  trx: TDbOf<DB>,
  schema: string,
  input: TEventInput<T>,
): Promise<TEventEnvelope> {
  const envelope = toEnvelope(schema, input, new Date().toISOString(), currentTraceparent());
  await insertEvents(trx, schema, [envelope]);
  await sql`select pg_notify(${OUTBOX_CHANNEL}, ${schema})`.execute(trx);
  return envelope;
}
