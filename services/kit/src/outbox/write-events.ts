import { sql } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TEventType } from '@stageplein/contracts/events/payloads';
import { currentTraceparent } from '../telemetry/telemetry.ts';
import { OUTBOX_CHANNEL, insertEvents, toEnvelope, type TEventInput } from './outbox-writer.ts';
import type { TDbOf } from '../db/schema-tables.ts';

/**
 * `writeEvent` for many events at once (bulk use cases such as imports): the same envelopes, one
 * multi-row insert (per 500) and one NOTIFY instead of two statements per event. Same transaction rules.
 */
export async function writeEvents<DB>(
  trx: TDbOf<DB>,
  schema: string,
  inputs: readonly TEventInput<TEventType>[],
): Promise<TEventEnvelope[]> {
  if (!inputs.length) return [];
  const traceparent = currentTraceparent();
  const time = new Date().toISOString();
  const envelopes = inputs.map((input) => toEnvelope(schema, input, time, traceparent));
  const CHUNK = 500;
  for (let i = 0; i < envelopes.length; i += CHUNK)
    await insertEvents(trx, schema, envelopes.slice(i, i + CHUNK));
  await sql`select pg_notify(${OUTBOX_CHANNEL}, ${schema})`.execute(trx);
  return envelopes;
}
