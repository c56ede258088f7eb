import { sql, type Kysely } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { EVENT_PAYLOADS, type TEventType } from '@stageplein/contracts/events/payloads';
import type { TConfig } from '../config/config.ts';
import { createDb, createPool, dbUrls } from '../db/database.ts';
import type { TConsumer } from '../outbox/transport.ts';
import type { TServiceDeps } from '../service.ts';
import { temporalClientFor } from '../temporal/temporal-client.ts';

export interface TBackfillResult {
  /** Events read from the sources' outboxes (of the types some consumer wants). */
  read: number;
  /** Per consumer group: events handed to it (idempotent consumers skip those they applied before). */
  delivered: Record<string, number>;
}

/**
 * Replays the owning services' history into a service's consumers: every event of the wanted types in
 * `sources`' outboxes (kept after sending), oldest first per source, in batches. For a service deployed
 * after those events (or given a new read model): its consumers are idempotent per event id, so a
 * back-fill that overlaps live delivery or runs twice changes nothing. `relayDb` is the relay role's
 * connection (it reads every outbox regardless of tenant); the consumers write with their own.
 */
export async function backfillFromOutboxes(
  relayDb: Kysely<unknown>,
  consumers: readonly TConsumer[],
  sources: readonly string[],
  options: { batchSize?: number; print?: (line: string) => void } = {},
): Promise<TBackfillResult> {
  const batchSize = options.batchSize ?? 500;
  const types = [...new Set(consumers.flatMap((c) => c.types))];
  const result: TBackfillResult = {
    read: 0,
    delivered: Object.fromEntries(consumers.map((c) => [c.group, 0])),
  };
  for (const schema of sources) {
    let after = 0;
    for (;;) {
      const { rows } = await sql<{ seq: string | number; envelope: TEventEnvelope }>`
        select seq, envelope from ${sql.table(`${schema}.outbox`)}
        where seq > ${after} and type = any(${types}) order by seq limit ${batchSize}`.execute(relayDb);
      if (rows.length === 0) break;
      after = Number(rows.at(-1)!.seq);
      // The transports hand consumers validated data only; so does the back-fill (a bad one is skipped).
      const events = rows
        .map((r) => r.envelope)
        .filter((e) => EVENT_PAYLOADS[e.type as TEventType]?.safeParse(e.data).success);
      result.read += events.length;
      for (const consumer of consumers) {
        const mine = events.filter((e) => consumer.types.includes(e.type));
        if (mine.length === 0) continue;
        if (consumer.handleBatch) await consumer.handleBatch(mine, (_event, fn) => fn());
        else for (const event of mine) await consumer.handle(event);
        result.delivered[consumer.group]! += mine.length;
      }
      options.print?.(`${schema}: ${result.read} event(s) up to #${after}`);
    }
  }
  return result;
}

/** What a service back-fills: whose outboxes, into which of its consumers (`npm run backfill -w <service>`). */
export interface TServiceBackfill<C extends TConfig> {
  /** The services whose outboxes are replayed, in this order. */
  sources: readonly string[];
  /** The consumers that receive them, writing with the app role's connection `db`. */
  consumers: (deps: TServiceDeps<C>) => readonly TConsumer[];
}

/**
 * Runs a service's back-fill on the database of `ownerUrl`: the consumers on the app role's
 * connection, the outboxes read with the relay role's (`backfillFromOutboxes`); prints progress and a
 * summary line. Idempotent, like the consumers.
 */
export async function backfillService<C extends TConfig>(
  ownerUrl: string,
  config: C,
  backfill: TServiceBackfill<C>,
  print: (line: string) => void = console.log,
): Promise<TBackfillResult> {
  const urls = dbUrls(ownerUrl, config.DATABASE_APP_PASSWORD);
  const app = createDb<unknown>(createPool(urls.app, 4));
  const relay = createDb<unknown>(createPool(urls.relay, 2));
  const temporal = temporalClientFor(config);
  try {
    const consumers = backfill.consumers({ config, db: app, temporal });
    const result = await backfillFromOutboxes(relay, consumers, backfill.sources, { print });
    print(`back-filled ${result.read} event(s): ${JSON.stringify(result.delivered)}`);
    return result;
  } finally {
    await Promise.all([app.destroy(), relay.destroy(), temporal.close()]);
  }
}
