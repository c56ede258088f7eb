// Outbox relay → Kafka (issue #5): relay throughput from committed outbox rows to broker-acked (and
// marked sent), against a plain kafkajs producer sending the same messages in batches in the same run;
// then commit-to-consume latency at a steady load through relay, broker and a consumer group.
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Kafka, Partitioners, logLevel } from 'kafkajs';
import { sql, type Kysely } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { parseConfig } from '@stageplein/kit/config/config';
import { generateAuthSecret } from '@stageplein/kit/auth/auth-keys';
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
import { outboxMigrationV2 } from '@stageplein/kit/migrations/outbox.v2';
import { writeEvent } from '@stageplein/kit/outbox/outbox-writer';
import { ensureDatabase } from '@stageplein/kit/runtime/embedded-postgres';
import { prepareDatabase } from '@stageplein/kit/runtime/platform';
import type { TServiceModule } from '@stageplein/kit/service';
import { KAFKA_VERSION, startKafka } from '@stageplein/engines/kafka';
import { freePort, startProcess } from '@stageplein/testing/processes';
import { startThrowawayPostgres } from '@stageplein/testing/throwaway-postgres';
import { percentile, ROOT, recordResult } from './bench-lib.ts';

const SCHEMA = 'bench';
const TYPE = 'organizations.school_year.created';
const BATCH = 500;
const EVENTS_PER_ROUND = 10_000;
const ROUNDS = 5;
const AGGREGATES = 200;
const LOAD_PER_SECOND = 500;
const LOAD_SECONDS = 10;
// `--rounds=N`: latency rounds per variant (default 3).
const LATENCY_ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3);
// `--latency-only`: skip the throughput rounds and record nothing (for quick runs while tuning).
const LATENCY_ONLY = process.argv.includes('--latency-only');
// `KEY=VALUE` arguments go to the relay and consumer processes' environment (to try the config's knobs).
const KNOBS = Object.fromEntries(
  process.argv.flatMap((a) =>
    /^[A-Z_]+=/.test(a) ? [[a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]] : [],
  ),
) as Record<string, string>;
const WARMUP_SECONDS = 2;
/**
 * `--compare=<checkout>[,KEY=VALUE…]` (repeatable): the latency rounds alternate between this checkout's
 * relay and consumer and those of another checkout (e.g. a worktree of main, with its own knobs), on the
 * same broker and database under the same load, so a change is measured against its base in one run.
 * Only this checkout's rounds are recorded.
 */
interface TVariant {
  name: string;
  root: string;
  knobs: Record<string, string>;
}
const VARIANTS: TVariant[] = [
  { name: 'this checkout', root: ROOT, knobs: KNOBS },
  ...process.argv.flatMap((a) => {
    if (!a.startsWith('--compare=')) return [];
    const [root, ...knobs] = a.slice('--compare='.length).split(',');
    return [
      {
        name: a.slice('--compare='.length),
        root: path.resolve(root!),
        knobs: Object.fromEntries(
          knobs.map((k) => [k.slice(0, k.indexOf('=')), k.slice(k.indexOf('=') + 1)]),
        ),
      },
    ];
  }),
];

const benchService: TServiceModule = {
  name: 'bench',
  schema: SCHEMA,
  prefixes: [],
  migrations: {
    '1-outbox': outboxMigrationV1(SCHEMA),
    '2-dead-letters': deadLettersMigrationV1(SCHEMA),
    '3-outbox-v2': outboxMigrationV2(SCHEMA),
  },
  routes: async () => undefined,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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

/**
 * CPU seconds so far of this process, the broker and this run's PostgreSQL cluster (postmaster, live
 * backends, reaped ones). Per event they show the work each path costs, which the machine's load
 * (other engineers' runs on the 2 shared cores) distorts far less than events/s.
 */
function cpuSeconds(brokerPidFile: string): { node: number; broker: number; postgres: number } {
  const stat = (pid: string | number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = (pid: string | number, children: boolean) => {
    try {
      const f = stat(pid);
      return Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
    } catch {
      return 0; // gone meanwhile, or no /proc
    }
  };
  const dir = path.join(ROOT, '.data/throwaway-postgres', `${process.pid}-relay-bench`);
  const postmaster = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let postgres = ticks(postmaster, true);
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (Number(stat(pid)[1]) === postmaster) postgres += ticks(pid, false);
    } catch {
      // the process ended meanwhile
    }
  }
  const broker = Number(readFileSync(brokerPidFile, 'utf8').trim());
  const cpu = process.cpuUsage();
  return {
    node: (cpu.user + cpu.system) / 1e6,
    broker: ticks(broker, false) / 100,
    postgres: postgres / 100,
  };
}
type TCpu = ReturnType<typeof cpuSeconds>;
/** Microseconds of CPU per event between two readings, per process and in all. */
const cpuPerEvent = (a: TCpu, b: TCpu, events: number) => {
  const us = (x: number) => (x * 1e6) / events;
  const node = us(b.node - a.node);
  const broker = us(b.broker - a.broker);
  const postgres = us(b.postgres - a.postgres);
  return { node, broker, postgres, total: node + broker + postgres };
};
interface TQuantiles {
  p50: number;
  p99: number;
}
interface TLatencyRound {
  offered: number;
  p50: number;
  p99: number;
  max: number;
  load: [number, number];
  loopDelay: TQuantiles;
  phases: { toSend: TQuantiles; toFetch: TQuantiles; toHandler: TQuantiles; toCommit: TQuantiles };
  relay: { batches: number; events: number; claim: TQuantiles; publish: TQuantiles; commit: TQuantiles };
}

const quantiles = (xs: number[]): TQuantiles => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

/**
 * One latency round: fresh relay and consumer processes on their own topics and group, a steady load
 * of one event per transaction, and per event the phases the consumer's timestamps tell apart.
 */
async function measureLatency(
  variant: TVariant,
  namespace: string,
  ownerUrl: string,
  appUrl: string,
  brokers: readonly string[],
): Promise<TLatencyRound> {
  const epoch = () => performance.timeOrigin + performance.now();
  const processEnv = {
    DATABASE_URL: ownerUrl,
    KAFKA_BROKERS: brokers.join(','),
    KAFKA_NAMESPACE: namespace,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    AUTH_TOKEN_SECRET: generateAuthSecret(),
    ...variant.knobs,
  };
  const relayPort = await freePort();
  // debug: the relay logs each batch's phases ('relay batch').
  const relayProcess = startProcess(
    'relay',
    path.join(variant.root, 'services/kit/src/runtime/relay-server.ts'),
    {
      ...processEnv,
      LOG_LEVEL: 'debug',
      PORT: String(relayPort),
    },
  );
  const consumerProcess = startProcess(
    'consumer',
    path.join(variant.root, 'infra/bench/relay.consumer.ts'),
    processEnv,
  );
  const committedAt = new Map<string, number>();
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
    const loadStart = loadavg()[0]!;
    const writers = createDb<unknown>(createPool(appUrl, 16));
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const start = performance.now();
    // Enough concurrent writers to offer the load (a commit waits for its WAL flush).
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
    const offered = total / ((performance.now() - start) / 1000);
    loop.disable();
    const loopDelay = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6 };
    await writers.destroy();
    const consumedLines = () => consumerProcess.lines.filter((l) => /^[0-9a-f-]{36} /.test(l));
    for (const deadline = Date.now() + 120_000; consumedLines().length < total && Date.now() < deadline;)
      await sleep(100);
    const loadEnd = loadavg()[0]!;
    const seen = new Set<string>();
    const latencies: number[] = [];
    const phases = {
      toSend: [] as number[],
      toFetch: [] as number[],
      toHandler: [] as number[],
      toCommit: [] as number[],
    };
    for (const line of consumedLines()) {
      const [id, ...times] = line.split(' ');
      const [produced, fetched, received, done] = times.map(Number) as [number, number, number, number];
      const at = committedAt.get(id!);
      if (at === undefined || seen.has(id!)) continue; // warm-up, or a redelivery
      seen.add(id!);
      latencies.push(done - at);
      phases.toSend.push(produced - at);
      phases.toFetch.push(fetched - produced);
      phases.toHandler.push(received - fetched);
      phases.toCommit.push(done - received);
    }
    if (seen.size < committedAt.size)
      throw new Error(`only ${seen.size} of ${committedAt.size} measured events consumed`);
    const batches = relayProcess.lines.flatMap((l) => {
      if (!l.includes('"relay batch"')) return [];
      return [JSON.parse(l) as { events: number; claimMs: number; publishMs: number; commitMs: number }];
    });
    const sorted = latencies.sort((a, b) => a - b);
    return {
      offered,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1)!,
      load: [loadStart, loadEnd],
      loopDelay,
      phases: {
        toSend: quantiles(phases.toSend),
        toFetch: quantiles(phases.toFetch),
        toHandler: quantiles(phases.toHandler),
        toCommit: quantiles(phases.toCommit),
      },
      relay: {
        batches: batches.length,
        events: batches.reduce((n, b) => n + b.events, 0),
        claim: quantiles(batches.map((b) => b.claimMs)),
        publish: quantiles(batches.map((b) => b.publishMs)),
        commit: quantiles(batches.map((b) => b.commitMs)),
      },
    };
  } finally {
    await Promise.all([relayProcess.stop(), consumerProcess.stop()]);
    for (const l of consumerProcess.lines) if (l.startsWith('DIAG')) console.log('  consumer ' + l);
  }
}

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
  const config = parseConfig({ DATABASE_URL: ownerUrl, AUTH_TOKEN_SECRET: generateAuthSecret() });
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
  const writeRates: number[] = [];
  const brokerPidFile = path.join(kafkaDir, 'broker.pid');
  const plainCpu: ReturnType<typeof cpuPerEvent>[] = [];
  const relayCpu: ReturnType<typeof cpuPerEvent>[] = [];
  for (let round = 0; round < (LATENCY_ONLY ? 0 : ROUNDS); round++) {
    // The writers' side of the outbox (log row and queue row per event), for the record.
    const writeStart = performance.now();
    await commitBatch(app, EVENTS_PER_ROUND, round);
    writeRates.push(EVENTS_PER_ROUND / ((performance.now() - writeStart) / 1000));
    const { rows } = await sql<{
      envelope: TEventEnvelope;
    }>`select o.envelope from bench.outbox_pending p join bench.outbox o using (seq) order by seq`.execute(
      relayDb,
    );
    const messages = rows.map((r) => toKafkaMessage(r.envelope));

    let cpu = cpuSeconds(brokerPidFile);
    let t = performance.now();
    for (let i = 0; i < messages.length; i += BATCH) {
      await producer.sendBatch({
        acks: -1,
        topicMessages: [{ topic: plainTopic, messages: messages.slice(i, i + BATCH) }],
      });
    }
    plainRates.push(messages.length / ((performance.now() - t) / 1000));
    plainCpu.push(cpuPerEvent(cpu, cpuSeconds(brokerPidFile), messages.length));

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
    cpu = cpuSeconds(brokerPidFile);
    t = performance.now();
    relay.start();
    await allMarked;
    relayRates.push(messages.length / ((performance.now() - t) / 1000));
    relayCpu.push(cpuPerEvent(cpu, cpuSeconds(brokerPidFile), messages.length));
    await relay.stop();
    const { rows: left } = await sql<{
      n: number;
    }>`select count(*)::int as n from bench.outbox_pending`.execute(relayDb);
    if (left[0]!.n !== 0 || marked !== messages.length)
      throw new Error(`relay round ended with ${left[0]!.n} unsent rows, ${marked} marked`);
    log(
      `round ${round + 1}: plain ${Math.round(plainRates.at(-1)!)} events/s, relay ${Math.round(relayRates.at(-1)!)} events/s; CPU per event plain ${plainCpu.at(-1)!.total.toFixed(1)} µs, relay ${relayCpu.at(-1)!.total.toFixed(1)} µs (load ${loadavg()[0]!.toFixed(1)})`,
    );
  }
  await producer.disconnect();
  await admin.disconnect();
  await relayTransport.close();

  // --- 2. Commit-to-consume latency at a steady load, as the distributed profile runs: the relay as its
  // own process (relay-server.ts), the consuming service as another (relay.consumer.ts), this process only
  // committing one event per transaction. Times are epoch ms, comparable across processes.
  const byVariant = VARIANTS.map(() => [] as TLatencyRound[]);
  for (let round = 0; round < LATENCY_ROUNDS; round++) {
    for (const [v, variant] of VARIANTS.entries()) {
      const namespace = `bench-latency-${round}-${v}`;
      byVariant[v]!.push(await measureLatency(variant, namespace, ownerUrl, urls.app, broker.brokers));
      const r = byVariant[v]!.at(-1)!;
      log(
        `latency round ${round + 1}${VARIANTS.length > 1 ? ` (${variant.name})` : ''}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, offered ${Math.round(r.offered)}/s (load ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)})`,
      );
    }
  }
  const rounds = byVariant[0]!;
  await Promise.all([app.destroy(), relayDb.destroy()]);

  const relayRate = median(relayRates);
  const plainRate = median(plainRates);
  const ratio = relayRate / plainRate;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const mid = [...rounds].sort((a, b) => a.p99 - b.p99)[Math.floor(rounds.length / 2)]!;
  const ms = (x: number) => x.toFixed(1);
  const cpuOf = (rounds: ReturnType<typeof cpuPerEvent>[]) => ({
    node: median(rounds.map((r) => r.node)),
    broker: median(rounds.map((r) => r.broker)),
    postgres: median(rounds.map((r) => r.postgres)),
    total: median(rounds.map((r) => r.total)),
  });
  const [plainCpuMedian, relayCpuMedian] = LATENCY_ONLY ? [] : [cpuOf(plainCpu), cpuOf(relayCpu)];
  const cpuRow = (name: string, c: ReturnType<typeof cpuOf>) =>
    `| ${name} | ${ms(c.node)} | ${ms(c.broker)} | ${ms(c.postgres)} | ${ms(c.total)} |`;
  const phaseRow = (name: string, q: TQuantiles) => `| ${name} | ${ms(q.p50)} | ${ms(q.p99)} |`;
  const body = [
    '| path | events/s | ratio to baseline |',
    '|---|---|---|',
    `| plain kafkajs producer, batches of ${BATCH} (baseline) | ${Math.round(plainRate)} | 1.00× |`,
    `| outbox relay (claim ${BATCH} rows, dequeue and read, publish, commit; ${DEFAULT_RELAY_CONCURRENCY} claim loops) | ${Math.round(relayRate)} | ${ratio.toFixed(2)}× |`,
    '',
    `Writing the events before each round (transactions of ${BATCH} \`writeEvent\` calls, one statement per event): median ${Math.round(median(writeRates))} events/s.`,
    '',
    "CPU per event (µs, median of the rounds), which the load distorts far less than events/s; the plain path's ratio of CPU to the relay's is the throughput ratio the relay would reach if CPU alone bounded both:",
    '',
    '| path | this process | broker | PostgreSQL | total |',
    '|---|---|---|---|---|',
    ...(plainCpuMedian && relayCpuMedian
      ? [
          cpuRow('plain kafkajs producer', plainCpuMedian),
          cpuRow('outbox relay', relayCpuMedian),
          `| ratio plain / relay | | | | ${(plainCpuMedian.total / relayCpuMedian.total).toFixed(2)}× |`,
        ]
      : []),
    '',
    `Commit-to-consume latency at a steady ${LOAD_PER_SECOND} events/s (one event per transaction, ${LOAD_SECONDS} s after a ${WARMUP_SECONDS} s warm-up, ${LOAD_SECONDS * LOAD_PER_SECOND} events per round; consumed = the consuming service's group committed the event id in its transaction), ${rounds.length} rounds, each with fresh relay and consumer processes (like the distributed profile) and its load average (1 min) at its start → end:`,
    '',
    '| round | offered/s | p50 ms | p99 ms | max ms | load |',
    '|---|---|---|---|---|---|',
    ...rounds.map(
      (r, i) =>
        `| ${i + 1} | ${Math.round(r.offered)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} |`,
    ),
    '',
    `Where the time goes in the median round (by p99: round ${rounds.indexOf(mid) + 1}), per event; the phases' percentiles do not add up to the total's:`,
    '',
    '| phase | p50 ms | p99 ms |',
    '|---|---|---|',
    phaseRow('commit → relay sends (wake-up, claim, read)', mid.phases.toSend),
    phaseRow('sent → consumer fetched it (broker ack, fetch)', mid.phases.toFetch),
    phaseRow('fetched → handler starts (earlier runs of its partition)', mid.phases.toHandler),
    phaseRow('handler → committed (the consuming transaction)', mid.phases.toCommit),
    phaseRow('total', { p50: mid.p50, p99: mid.p99 }),
    '',
    `Relay batches in that round: ${mid.relay.batches}, ${ms(mid.relay.events / Math.max(1, mid.relay.batches))} events each on average; per batch claim p50 ${ms(mid.relay.claim.p50)} / p99 ${ms(mid.relay.claim.p99)} ms, broker ack p50 ${ms(mid.relay.publish.p50)} / p99 ${ms(mid.relay.publish.p99)} ms, commit p50 ${ms(mid.relay.commit.p50)} / p99 ${ms(mid.relay.commit.p99)} ms. Event loop delay of the writing process: p50 ${ms(mid.loopDelay.p50)} ms, p99 ${ms(mid.loopDelay.p99)} ms.`,
    '',
    `Targets: relay ≥ 2,000 events/s (${verdict(relayRate >= 2000)}), ≥ 0.7× the plain producer (${verdict(ratio >= 0.7)}), commit-to-consume p50 ≤ 50 ms (${verdict(mid.p50 <= 50)}) and p99 ≤ 300 ms (${verdict(mid.p99 <= 300)}) in the median round.`,
    `Both producers idempotent with acks=all and one request in flight; one local KRaft broker (Kafka ${KAFKA_VERSION} from Maven Central), ${DEFAULT_PARTITIONS} partitions, ${AGGREGATES} aggregates; throughput is the median of ${ROUNDS} alternating rounds of ${EVENTS_PER_ROUND} events; load average ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end on ${cpus().length} cores (shared machine).`,
  ].join('\n');
  console.log(`\nOutbox relay → Kafka\n${body}`);
  if (VARIANTS.length > 1) {
    // Per variant its rounds, and the phases (p50 / p99) of its median round by p99.
    const lines = [
      '| variant | rounds p50 / p99 ms (load) | send | fetch | wait | transaction | relay batches |',
      '|---|---|---|---|---|---|---|',
    ];
    for (const [v, variant] of VARIANTS.entries()) {
      const rs = byVariant[v]!;
      const m = [...rs].sort((a, b) => a.p99 - b.p99)[Math.floor(rs.length / 2)]!;
      const q = (x: TQuantiles) => `${ms(x.p50)} / ${ms(x.p99)}`;
      lines.push(
        `| ${variant.name} | ${rs.map((r) => `${ms(r.p50)} / ${ms(r.p99)} (${r.load[0].toFixed(0)}–${r.load[1].toFixed(0)}, ${Math.round(r.offered)}/s)`).join('; ')} | ${q(m.phases.toSend)} | ${q(m.phases.toFetch)} | ${q(m.phases.toHandler)} | ${q(m.phases.toCommit)} | ${m.relay.batches} |`,
      );
    }
    console.log(`\nVariants, rounds alternating:\n${lines.join('\n')}`);
  }
  if (!LATENCY_ONLY)
    recordResult('Outbox relay → Kafka (relay vs plain kafkajs producer)', {
      result: `${ratio.toFixed(2)}× the plain producer (target 0.7×), ${Math.round(relayRate)} events/s; commit to consume p50 ${ms(mid.p50)} / p99 ${ms(mid.p99)} ms at ${LOAD_PER_SECOND} events/s (the writers offered ${Math.round(mid.offered)}/s; targets 50 / 300 ms)`,
      load: `${loadAtStart.toFixed(1)}–${loadavg()[0]!.toFixed(1)}`,
    });
} finally {
  await broker.stop();
  await rm(kafkaDir, { recursive: true, force: true });
  await pgServer.stop();
}
