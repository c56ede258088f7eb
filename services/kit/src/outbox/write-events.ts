import { sql, type Kysely } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TEventType } from '@stageplein/contracts/events/payloads';
import { currentTraceparent } from '../telemetry/telemetry.ts';
import { OUTBOX_CHANNEL, toEnvelope, type TEventInput } from './outbox-writer.ts';

/**
 * `writeEvent` for many events at once (bulk use cases such as imports): the same envelopes, one
 * multi-row insert and one NOTIFY instead of two statements per event. Same transaction rules.
 */
export async function writeEvents(
  trx: Kysely<unknown>,
  schema: string,
  inputs: readonly TEventInput<TEventType>[],
): Promise<TEventEnvelope[]> {
  if (!inputs.length) return [];
  const traceparent = currentTraceparent();
  const time = new Date().toISOString();
  const envelopes = inputs.map((input) => toEnvelope(schema, input, time, traceparent));
  const CHUNK = 500;
  for (let i = 0; i < envelopes.length; i += CHUNK) {
    const rows = envelopes
      .slice(i, i + CHUNK)
      .map((e) => sql`(${e.id}::uuid, ${e.tenant}, ${e.type}, ${e.subject}, ${JSON.stringify(e)}::jsonb)`);
    await sql`insert into ${sql.table(`${schema}.outbox`)} (id, tenant_id, type, aggregate_id, envelope)
      values ${sql.join(rows)}`.execute(trx);
  }
  await sql`select pg_notify(${OUTBOX_CHANNEL}, ${schema})`.execute(trx);
  return envelopes;
}
