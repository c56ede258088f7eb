import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ZEventEnvelope, type TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { EVENT_PAYLOADS, type TEventType } from '@stageplein/contracts/events/payloads';
import { currentTraceparent } from '../telemetry/telemetry.ts';
import { OUTBOX_CHANNEL, type TEventInput } from './outbox-writer.ts';

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
  const envelopes = inputs.map((input) =>
    ZEventEnvelope.parse({
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
    }),
  );
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
