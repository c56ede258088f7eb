import { sql, type Kysely } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { KafkaTransport } from './kafka-transport.ts';

/** See `TServiceDeps.outboxSettled`. */
export type TOutboxSettled = (schema: string, tenant: string, timeoutMs?: number) => Promise<boolean>;

export const DEFAULT_SETTLE_TIMEOUT_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `outboxSettled` when events travel through Kafka (the distributed profile, whose relay is another
 * process): first the tenant's outbox rows committed so far are sent (the relay dequeues them), then every
 * consumer group that reads the schema's topics has committed past them — i.e. every running service
 * applied them. Event types are named after their service's schema (`identity.session.revoked`).
 */
export function kafkaOutboxSettled(
  readDb: (tenant: string) => Kysely<unknown>,
  transport: KafkaTransport,
): TOutboxSettled {
  return async (schema, tenant, timeoutMs = DEFAULT_SETTLE_TIMEOUT_MS) => {
    const deadline = Date.now() + timeoutMs;
    const db = readDb(tenant);
    const queue = sql.table(`${schema}.outbox_pending`);
    const { rows } = await sql<{ seq: string | null }>`
      select max(seq)::text as seq from ${queue}`.execute(db);
    const upTo = rows[0]?.seq ?? null;
    for (let wait = 2; upTo !== null; wait = Math.min(wait * 2, 50)) {
      if (Date.now() >= deadline) return false;
      await sleep(wait);
      const left = await sql`select 1 from ${queue} where seq <= ${upTo} limit 1`.execute(db);
      if (left.rows.length === 0) break;
    }
    const types = Object.keys(EVENT_PAYLOADS).filter((t) => t.startsWith(`${schema}.`));
    return transport.consumedEverywhere(types, Math.max(0, deadline - Date.now()));
  };
}
