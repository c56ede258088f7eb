// Outbox relay → Kafka (issue #5): relay throughput from committed outbox rows to broker-acked (and
// marked sent), against a plain kafkajs producer sending the same messages in batches in the same run;
// then commit-to-consume latency at a steady load through relay, broker and a consumer group.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Kafka, Partitioners, logLevel } from 'kafkajs';
import { sql, type Kysely } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { parseConfig } from '@stageplein/kit/config/config';
import { createDb, createPool, dbUrls } from '@stageplein/kit/db/database';
import { setTenant } from '@stageplein/kit/db/rls';
import { deadLettersMigrationV1 } from '@stageplein/kit/migrations/dead-letters.v1';
import {
  DEFAULT_PARTITIONS,
  KafkaTransport,
  kafkaTopic,
  toKafkaMessage,
} from '@stageplein/kit/outbox/kafka-transport';
import { createRelay, DEFAULT_RELAY_CONCURRENCY } from '@stageplein/kit/outbox/outbox-relay';
import { outboxMigrationV1 } from '@stageplein/kit/migrations/outbox.v1';
import { writeEvent } from '@stageplein/kit/outbox/outbox-writer';
import { ensureDatabase } from '@stageplein/kit/runtime/embedded-postgres';
import { prepareDatabase } from '@stageplein/kit/runtime/platform';
import type { TServiceModule } from '@stageplein/kit/service';
import { KAFKA_VERSION, startKafka } from '@stageplein/engines/kafka';
import { freePort, startProcess } from '@stageplein/testing/processes';
import { startThrowawayPostgres } from '@stageplein/testing/throwaway-postgres';
import { recordSection } from './bench-lib.ts';

const SCHEMA = 'bench';
const TYPE = 'organizations.school_year.created';
const BATCH = 500;
const EVENTS_PER_ROUND = 10_000;
const ROUNDS = 5;
const AGGREGATES = 200;
const LOAD_PER_SECOND = 500;
const LOAD_SECONDS = 10;
const WARMUP_SECONDS = 2;

const benchService: TServiceModule = {
  name: 'bench',
  schema: SCHEMA,
  prefixes: [],
  migrations: { '1-outbox': outboxMigrationV1(SCHEMA), '2-dead-letters': deadLettersMigrationV1(SCHEMA) },
  routes: async () => undefined,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function commitBatch(app: Kysely<unknown>, count: number, round: number): Promise<void> {
  for (let done = 0; done < count; done += BATCH) {
    await app.transaction().execute(async (trx) => {
      await setTenant(trx, 'demo');
      for (let i = done; i < Math.min(count, done + BATCH); i++) {
        await writeEvent(trx, SCHEMA, {
          type: TYPE,
          subject: `aggregate-${i % AGGREGATES}`,
          tenant: 'demo',
          actor: 'bench',
          data: { name: `round ${round} event ${i}`, start_date: '2026-08-01', end_date: '2027-07-31' },
        });
      }
    });
  }
}

const log = (m: string) => console.log(`  ${m}`);
const pgServer = await startThrowawayPostgres('relay-bench');
const kafkaDir = await mkdtemp(path.join(tmpdir(), 'stageplein-relay-bench-'));
const broker = await startKafka({
  port: await freePort(),
  controllerPort: await freePort(),
  dataDir: kafkaDir,
  reuse: false,
  log,
});
try {
  const ownerUrl = await ensureDatabase(pgServer.url, 'bench');
  const config = parseConfig({ DATABASE_URL: ownerUrl });
  await prepareDatabase(ownerUrl, config, [benchService], { seed: false });
  const urls = dbUrls(ownerUrl, config.DATABASE_APP_PASSWORD);
  const app = createDb<unknown>(createPool(urls.app, 8));
  const relayPool = createPool(urls.relay, 4);
  const relayDb = createDb<unknown>(relayPool);

  // --- 1. Throughput: relay vs a plain kafkajs producer, alternating rounds, median of each.
  const relayTransport = new KafkaTransport({
    brokers: broker.brokers,
    namespace: 'bench-relay',
    log: false,
  });
  const plain = new Kafka({ clientId: 'bench-plain', brokers: broker.brokers, logLevel: logLevel.NOTHING });
  const admin = plain.admin();
  await admin.connect();
  const plainTopic = kafkaTopic('bench-plain', TYPE);
  await admin.createTopics({
    topics: [{ topic: plainTopic, numPartitions: DEFAULT_PARTITIONS }],
    waitForLeaders: true,
  });
  await relayTransport.ensureTopics([kafkaTopic('bench-relay', TYPE)]);
  // Same guarantees as the relay's producer: idempotent, acks=all, one request in flight.
  const producer = plain.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();

  const loadAtStart = loadavg()[0]!;
  const relayRates: number[] = [];
  const plainRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await commitBatch(app, EVENTS_PER_ROUND, round);
    const { rows } = await sql<{
      envelope: TEventEnvelope;
    }>`select envelope from bench.outbox where sent_at is null order by seq`.execute(relayDb);
    const messages = rows.map((r) => toKafkaMessage(r.envelope));

    let t = performance.now();
    for (let i = 0; i < messages.length; i += BATCH) {
      await producer.sendBatch({
        acks: -1,
        topicMessages: [{ topic: plainTopic, messages: messages.slice(i, i + BATCH) }],
      });
    }
    plainRates.push(messages.length / ((performance.now() - t) / 1000));

    // The relay as it runs (its default claim loops), until every row is acknowledged and marked sent
    // (counted by its per-commit hook, so no polling query competes with it; checked after).
    let marked = 0;
    let done!: () => void;
    const allMarked = new Promise<void>((resolve) => (done = resolve));
    const relay = createRelay({
      db: relayDb,
      schemas: [SCHEMA],
      transport: relayTransport,
      batchSize: BATCH,
      idleMs: 20,
      onSent: (n) => {
        marked += n;
        if (marked >= messages.length) done();
      },
    });
    t = performance.now();
    relay.start();
    await allMarked;
    relayRates.push(messages.length / ((performance.now() - t) / 1000));
    await relay.stop();
    const { rows: left } = await sql<{
      n: number;
    }>`select count(*)::int as n from bench.outbox where sent_at is null`.execute(relayDb);
    if (left[0]!.n !== 0 || marked !== messages.length)
      throw new Error(`relay round ended with ${left[0]!.n} unsent rows, ${marked} marked`);
    log(
      `round ${round + 1}: plain ${Math.round(plainRates.at(-1)!)} events/s, relay ${Math.round(relayRates.at(-1)!)} events/s`,
    );
  }
  await producer.disconnect();
  await admin.disconnect();
  await relayTransport.close();

  // --- 2. Commit-to-consume latency at a steady load, as the distributed profile runs: the relay as its
  // own process (relay-server.ts), the consuming service as another (relay.consumer.ts), this process only
  // committing one event per transaction. Times are epoch ms, comparable across processes.
  const epoch = () => performance.timeOrigin + performance.now();
  const processEnv = {
    DATABASE_URL: ownerUrl,
    KAFKA_BROKERS: broker.brokers.join(','),
    KAFKA_NAMESPACE: 'bench-latency',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  const relayPort = await freePort();
  const relayProcess = startProcess('relay', 'services/kit/src/runtime/relay-server.ts', {
    ...processEnv,
    PORT: String(relayPort),
  });
  const consumerProcess = startProcess('consumer', 'infra/bench/relay.consumer.ts', processEnv);
  const committedAt = new Map<string, number>();
  const latencies: number[] = [];
  const received: number[] = [];
  let offered = 0;
  let loopDelay = { p50: 0, p99: 0 };
  const total = (WARMUP_SECONDS + LOAD_SECONDS) * LOAD_PER_SECOND;
  try {
    await consumerProcess.waitFor(/^SUBSCRIBED$/, 120_000);
    // Ready = it found the bench schema's outbox (at start) and reaches the database and the broker.
    for (const deadline = Date.now() + 120_000; ; await sleep(200)) {
      const ok = await fetch(`http://127.0.0.1:${relayPort}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline || relayProcess.child.exitCode !== null)
        throw new Error('the relay process did not get ready');
    }
    const writers = createDb<unknown>(createPool(urls.app, 16));
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const start = performance.now();
    // Enough concurrent writers to offer the load (a commit waits for its WAL flush, ~10 ms here).
    const lanes = 16;
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        for (let i = lane; i < total; i += lanes) {
          const due = start + (i * 1000) / LOAD_PER_SECOND;
          if (due > performance.now()) await sleep(due - performance.now());
          const event = await writers.transaction().execute(async (trx) => {
            await setTenant(trx, 'demo');
            return writeEvent(trx, SCHEMA, {
              type: TYPE,
              subject: `steady-${i % AGGREGATES}`,
              tenant: 'demo',
              actor: 'bench',
              data: { name: `steady ${i}`, start_date: '2026-08-01', end_date: '2027-07-31' },
            });
          });
          if (i >= WARMUP_SECONDS * LOAD_PER_SECOND) committedAt.set(event.id, epoch());
        }
      }),
    );
    offered = total / ((performance.now() - start) / 1000);
    loop.disable();
    loopDelay = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6 };
    await writers.destroy();
    const consumedLines = () => consumerProcess.lines.filter((l) => /^[0-9a-f-]{36} /.test(l));
    for (const deadline = Date.now() + 120_000; consumedLines().length < total && Date.now() < deadline;)
      await sleep(100);
    const seen = new Set<string>();
    for (const line of consumedLines()) {
      const [id, receivedAt, doneAt] = line.split(' ') as [string, string, string];
      const at = committedAt.get(id);
      if (at === undefined || seen.has(id)) continue; // warm-up, or a redelivery
      seen.add(id);
      received.push(Number(receivedAt) - at);
      latencies.push(Number(doneAt) - at);
    }
    if (seen.size < committedAt.size)
      throw new Error(`only ${seen.size} of ${committedAt.size} measured events consumed`);
  } finally {
    await Promise.all([relayProcess.stop(), consumerProcess.stop()]);
    await Promise.all([app.destroy(), relayDb.destroy()]);
  }
  console.log(
    `  event loop delay of the writing process: p50 ${loopDelay.p50.toFixed(1)} ms, p99 ${loopDelay.p99.toFixed(1)} ms`,
  );

  const sorted = latencies.sort((a, b) => a - b);
  const [p50, p99, max] = [percentile(sorted, 50), percentile(sorted, 99), sorted.at(-1)!];
  const arrived = received.sort((a, b) => a - b);
  const relayRate = median(relayRates);
  const plainRate = median(plainRates);
  const ratio = relayRate / plainRate;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const body = [
    '| path | events/s | ratio to baseline |',
    '|---|---|---|',
    `| plain kafkajs producer, batches of ${BATCH} (baseline) | ${Math.round(plainRate)} | 1.00× |`,
    `| outbox relay (claim ${BATCH} rows, publish, mark sent, commit; ${DEFAULT_RELAY_CONCURRENCY} claim loops) | ${Math.round(relayRate)} | ${ratio.toFixed(2)}× |`,
    '',
    `Commit-to-consume latency at a steady ${LOAD_PER_SECOND} events/s (offered ${Math.round(offered)}/s, one event per transaction, ${LOAD_SECONDS} s after a ${WARMUP_SECONDS} s warm-up, ${sorted.length} events; consumed = the consuming service's group committed the event id in its transaction): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms. Until the consumer received it: p50 ${percentile(arrived, 50).toFixed(1)} ms, p99 ${percentile(arrived, 99).toFixed(1)} ms. Relay and consumer each in their own process, like the distributed profile.`,
    '',
    `Targets: relay ≥ 2,000 events/s (${verdict(relayRate >= 2000)}), ≥ 0.5× the plain producer (${verdict(ratio >= 0.5)}), p99 commit-to-consume ≤ 1 s (${verdict(p99 <= 1000)}).`,
    `Both producers idempotent with acks=all and one request in flight; one local KRaft broker (Kafka ${KAFKA_VERSION} from Maven Central), ${DEFAULT_PARTITIONS} partitions, ${AGGREGATES} aggregates; throughput is the median of ${ROUNDS} alternating rounds of ${EVENTS_PER_ROUND} events; load average ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end on ${cpus().length} cores (shared machine); ${new Date().toISOString().slice(0, 10)}.`,
  ].join('\n');
  console.log(`\nOutbox relay → Kafka\n${body}`);
  recordSection('Outbox relay → Kafka (relay vs plain kafkajs producer)', body);
} finally {
  await broker.stop();
  await rm(kafkaDir, { recursive: true, force: true });
  await pgServer.stop();
}
