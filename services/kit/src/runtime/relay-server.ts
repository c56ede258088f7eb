import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { parseConfig, type TConfig } from '../config/config.ts';
import { createDb, createPool, dbUrls } from '../db/database.ts';
import { createHttpApp } from '../http/http-app.ts';
import type { KafkaTransport } from '../outbox/kafka-transport.ts';
import { createRelay } from '../outbox/outbox-relay.ts';
import { startTelemetry } from '../telemetry/telemetry.ts';
import { transportFromConfig } from './platform.ts';

export interface TRelayServer {
  app: FastifyInstance;
  /** Schemas whose outbox this relay publishes (grows as services are deployed). */
  schemas: readonly string[];
  stop(): Promise<void>;
}

const DISCOVERY_MS = 10_000;

/**
 * The outbox relay as its own process (distributed profile). It publishes the outbox of every schema
 * that has one to Kafka, finding them in the database (the relay role sees exactly the outbox tables
 * granted to it), so deploying a service needs no relay change. Relays may run side by side: rows
 * are claimed per aggregate with advisory locks. SIGTERM finishes the batch in flight (sent and dequeued, or
 * left for the next relay: no claimed row is lost). `/health` and `/ready` on PORT.
 */
export async function startRelayServer(config: TConfig): Promise<TRelayServer> {
  if (!config.DATABASE_URL)
    throw new Error('relay: DATABASE_URL is required (the embedded profile runs the relay in-process).');
  if (!config.KAFKA_BROKERS)
    throw new Error('relay: KAFKA_BROKERS is required (the embedded profile runs the relay in-process).');
  const telemetry = startTelemetry({
    serviceName: 'relay',
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  const app = await createHttpApp({ name: 'relay', logLevel: config.LOG_LEVEL });
  // One connection per claim loop (each holds its batch's transaction while the broker acknowledges),
  // plus LISTEN, schema discovery and readiness checks, so none of them waits behind a batch.
  const pool = createPool(
    dbUrls(config.DATABASE_URL, config.DATABASE_APP_PASSWORD).relay,
    config.RELAY_CONCURRENCY + 3,
  );
  const db = createDb<unknown>(pool);
  const transport = transportFromConfig(config, 'stageplein-relay') as KafkaTransport;
  const schemas: string[] = [];

  async function discover(): Promise<void> {
    try {
      const { rows } = await sql<{
        schema: string;
      }>`select table_schema as schema from information_schema.tables
        where table_name = 'outbox_pending' order by 1`.execute(db);
      for (const { schema } of rows) {
        if (schemas.includes(schema)) continue;
        schemas.push(schema);
        app.log.info({ schema }, 'relay publishes this schema’s outbox');
      }
    } catch (error) {
      // The services create the relay role and their schemas when they first start.
      app.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'relay: database not ready yet',
      );
    }
  }

  await discover();
  const discovery = setInterval(() => void discover(), DISCOVERY_MS);
  const relay = createRelay({
    db,
    pool,
    schemas,
    transport,
    batchSize: config.RELAY_BATCH_SIZE,
    concurrency: config.RELAY_CONCURRENCY,
    idleMs: config.RELAY_POLL_MS,
    log: app.log,
    onSent: (events, timing) => app.log.debug({ events, ...timing }, 'relay batch'),
  });
  relay.start();
  app.readinessChecks.push(
    { name: 'database', check: async () => void (await sql`select 1`.execute(db)) },
    { name: 'kafka', check: () => transport.ping() },
  );
  await app.listen({ port: config.PORT, host: config.HOST });

  return {
    app,
    schemas,
    async stop() {
      clearInterval(discovery);
      await relay.stop();
      await app.close();
      await transport.close();
      await db.destroy();
      await telemetry.shutdown();
    },
  };
}

// `node --import tsx services/kit/src/runtime/relay-server.ts` (the relay container's command).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = await startRelayServer(parseConfig());
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
