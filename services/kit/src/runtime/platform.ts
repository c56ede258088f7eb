import type { Kysely } from 'kysely';
import type pg from 'pg';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import type { TConfig } from '../config/config.ts';
import { createDb, createPool, dbUrls, tenantReadDbs } from '../db/database.ts';
import { ensureRoles } from '../db/roles.ts';
import { migrateSchema } from '../db/migrator.ts';
import { createRelay, type TRelay } from '../outbox/outbox-relay.ts';
import { InProcessTransport } from '../outbox/in-process-transport.ts';
import { KafkaTransport, type TKafkaTransportOptions } from '../outbox/kafka-transport.ts';
import { kafkaOutboxSettled } from '../outbox/outbox-settled.ts';
import { pino } from 'pino';
import type { TEventTransport } from '../outbox/transport.ts';
import { assertConfigured, type TServiceDeps, type TServiceModule } from '../service.ts';
import { temporalClientFor } from '../temporal/temporal-client.ts';

export interface TPlatform<TCfg extends TConfig = TConfig> {
  owner: Kysely<unknown>;
  app: Kysely<unknown>;
  appPool: pg.Pool;
  relay: TRelay;
  transport: TEventTransport;
  deps: TServiceDeps<TCfg>;
  close(): Promise<void>;
}

export type TProgress = (step: string) => void;

/** Provisions roles, migrates every service schema in order and, when asked, seeds every tenant. */
export async function prepareDatabase<TCfg extends TConfig>(
  ownerUrl: string,
  config: TCfg,
  services: readonly TServiceModule<TCfg>[],
  options: { seed: boolean; now?: Date; progress?: TProgress },
): Promise<void> {
  const progress = options.progress ?? (() => undefined);
  const ownerPool = createPool(ownerUrl, 3);
  const owner = createDb<unknown>(ownerPool);
  // Distributed profile: service processes start together; roles and grants must not race.
  const lock = await ownerPool.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('stageplein:prepare-database'))`);
    progress('database roles');
    await ensureRoles(owner, dbUrls(ownerUrl, config.DATABASE_APP_PASSWORD), config.DATABASE_APP_PASSWORD);
    for (const service of services) {
      const result = await migrateSchema(owner, service.schema, service.migrations);
      progress(`migrated ${service.schema} (${result.results?.length ?? 0} new)`);
    }
    if (options.seed) {
      for (const service of services) {
        if (!service.seedTenant) continue;
        for (const tenant of TENANT_IDS)
          await service.seedTenant({ db: owner, today: options.now ?? new Date(), config }, tenant);
        progress(`seeded ${service.name} for ${TENANT_IDS.length} tenants`);
      }
    }
  } finally {
    await lock
      .query(`select pg_advisory_unlock(hashtext('stageplein:prepare-database'))`)
      .catch(() => undefined);
    lock.release();
    await owner.destroy();
  }
}

/** KAFKA_BROKERS set → Kafka (distributed profile); otherwise the embedded in-process transport. */
export function transportFromConfig(
  config: TConfig,
  clientId: string,
  hooks: Pick<TKafkaTransportOptions, 'onFetched'> = {},
): TEventTransport {
  if (!config.KAFKA_BROKERS) return new InProcessTransport();
  return new KafkaTransport({
    brokers: config.KAFKA_BROKERS.split(',')
      .map((b) => b.trim())
      .filter(Boolean),
    namespace: config.KAFKA_NAMESPACE,
    clientId,
    log: pino({ name: clientId, level: config.LOG_LEVEL }),
    concurrency: config.KAFKA_CONSUMER_CONCURRENCY,
    ...hooks,
  });
}

/** Connects the app and relay roles and wires the outbox relay to a transport and the consumers. */
export async function startPlatform<TCfg extends TConfig>(
  ownerUrl: string,
  config: TCfg,
  services: readonly TServiceModule<TCfg>[],
  options: { transport?: TEventTransport; now?: () => Date; relay?: boolean } = {},
): Promise<TPlatform<TCfg>> {
  for (const service of services) assertConfigured(service, config);
  const urls = dbUrls(ownerUrl, config.DATABASE_APP_PASSWORD);
  const appPool = createPool(urls.app, 20);
  const relayPool = createPool(urls.relay, config.RELAY_CONCURRENCY + 1);
  const app = createDb<unknown>(appPool);
  const relayDb = createDb<unknown>(relayPool);
  const transport =
    options.transport ?? transportFromConfig(config, `stageplein-${services.map((s) => s.name).join('-')}`);
  const readDbs = tenantReadDbs(urls.app);
  const temporal = temporalClientFor(config);
  const deps: TServiceDeps<TCfg> = {
    config,
    db: app,
    readDb: readDbs.get,
    transport,
    temporal,
    now: options.now,
  };
  for (const service of services) {
    for (const consumer of service.consumers?.(deps) ?? []) await transport.subscribe(consumer);
  }
  const relay = createRelay({
    db: relayDb,
    pool: relayPool,
    schemas: services.map((s) => s.schema),
    transport,
    batchSize: config.RELAY_BATCH_SIZE,
    concurrency: config.RELAY_CONCURRENCY,
    idleMs: config.RELAY_POLL_MS,
  });
  // The distributed profile runs the relay as its own process.
  if (options.relay !== false) {
    relay.start();
    // Embedded: the relay hands events to this process's consumers, so "delivered" means "applied".
    if (transport instanceof InProcessTransport)
      deps.outboxSettled = (schema, _tenant, timeoutMs) => relay.settled(schema, timeoutMs);
  }
  // Through Kafka (the distributed profile's processes): applied means committed by every live group.
  if (transport instanceof KafkaTransport) deps.outboxSettled = kafkaOutboxSettled(readDbs.get, transport);
  const stops: (() => Promise<void>)[] = [];
  for (const service of services) if (service.start) stops.push(await service.start(deps));
  const owner = createDb<unknown>(createPool(ownerUrl, 2));
  return {
    owner,
    app,
    appPool,
    relay,
    transport,
    deps,
    async close() {
      for (const stop of stops.reverse()) await stop();
      await relay.stop();
      await transport.close();
      await Promise.all([
        app.destroy(),
        relayDb.destroy(),
        owner.destroy(),
        readDbs.close(),
        temporal.close(),
      ]);
    },
  };
}
