import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { freshDatabase } from '@stageplein/testing/harness';
import { brokerControl, testKafka, type TBrokerControl } from '@stageplein/testing/kafka';
import { startProcess, type TProcess } from '@stageplein/testing/processes';
import { KafkaTransport } from '../src/outbox/kafka-transport.ts';
import { createRelay } from '../src/outbox/outbox-relay.ts';
import type { TEventTransport } from '../src/outbox/transport.ts';
import {
  SCHEMA,
  commitEvent,
  doubled,
  effects,
  eventLabService,
  eventName,
  labConsumer,
  labDbs,
  rawEnvelope,
  until,
  type TEffect,
  type TLabDbs,
} from './fixtures/events.ts';
import { schoolYear } from './fixtures/envelope.ts';

/**
 * Faults against the real broker, real PostgreSQL and real processes (DESIGN §5, issue #5 item 4):
 * the broker stopped while events are written, a relay killed mid-batch, a consumer killed mid-event.
 * Each prints its numbers.
 */
let dbs: TLabDbs;
let ownerUrl: string;
let appPassword: string;
let broker: TBrokerControl;
const processes: TProcess[] = [];

beforeAll(async () => {
  const fresh = await freshDatabase([eventLabService], { seed: false });
  ownerUrl = fresh.ownerUrl;
  appPassword = fresh.config.DATABASE_APP_PASSWORD;
  dbs = labDbs(ownerUrl, appPassword);
  broker = await brokerControl();
}, 300_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  await broker?.start().catch(() => undefined); // never leave the run's broker down
  await broker?.close();
  await dbs?.destroy();
}, 120_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function markAllSent(): Promise<void> {
  await sql`delete from ${sql.table(`${SCHEMA}.outbox_pending`)}`.execute(dbs.owner);
}

async function unsent(ids?: readonly string[]): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from ${sql.table(`${SCHEMA}.outbox_pending`)}
    join ${sql.table(`${SCHEMA}.outbox`)} using (seq)
    where (${ids ? [...ids] : null}::uuid[] is null or id = any(${ids ? [...ids] : null}::uuid[]))`.execute(
    dbs.owner,
  );
  return rows[0]!.n;
}

function expectOrderPerSubject(rows: readonly TEffect[], committed: Map<string, string[]>): void {
  for (const [subject, ids] of committed) {
    expect(
      rows.filter((r) => r.subject === subject).map((r) => r.event_id),
      subject,
    ).toEqual(ids);
  }
}

function spawn(name: string, script: string, env: Record<string, string>): TProcess {
  const p = startProcess(name, script, {
    OWNER_URL: ownerUrl,
    APP_PASSWORD: appPassword,
    BROKERS: broker.brokers.join(','),
    ...env,
  });
  processes.push(p);
  return p;
}

describe('faults with a real Kafka broker', () => {
  it('broker stopped while events are committed and restarted later: every event arrives, none twice in effect', async () => {
    await markAllSent();
    const { namespace } = testKafka();
    const transport = new KafkaTransport({ brokers: broker.brokers, namespace, log: false });
    const consumer = labConsumer(dbs.app, 'faults.broker-down');
    await transport.subscribe(consumer);
    const relay = createRelay({
      db: dbs.relay,
      pool: dbs.relayPool,
      schemas: [SCHEMA],
      transport,
      idleMs: 100,
    });
    relay.start();

    const committed = new Map<string, string[]>();
    let phase: 'up' | 'down' = 'up';
    let whileDown = 0;
    let writing = true;
    const writers = [0, 1, 2, 3].map(async (w) => {
      for (let n = 0; writing; n++) {
        const subject = `bd-${w}`;
        const e = await commitEvent(dbs.app, subject, n);
        committed.set(subject, [...(committed.get(subject) ?? []), e.id]);
        if (phase === 'down') whileDown++;
        await sleep(15);
      }
    });
    try {
      await sleep(1500);
      phase = 'down';
      const stopAt = Date.now();
      await broker.stop();
      await sleep(4000);
      await broker.start();
      phase = 'up';
      const upAt = Date.now();
      await sleep(1500);
      writing = false;
      await Promise.all(writers);
      const total = [...committed.values()].reduce((n, ids) => n + ids.length, 0);

      const rows = await until(
        'every committed event in effect',
        () => effects(dbs.owner, consumer.group),
        (r) => r.length >= total,
        150_000,
      );
      const drainedMs = Date.now() - upAt;
      expect(rows).toHaveLength(total);
      expect(doubled(rows)).toEqual([]);
      expectOrderPerSubject(rows, committed);
      await until(
        'outbox drained',
        () => unsent(),
        (n) => n === 0,
      );
      console.log(
        `[faults] broker down ${((upAt - stopAt) / 1000).toFixed(1)} s: ${total} events committed (${whileDown} while the broker was down), ` +
          `${consumer.calls()} deliveries, ${consumer.calls() - total} duplicates suppressed, ${rows.length} in effect, ` +
          `all in effect ${(drainedMs / 1000).toFixed(1)} s after the broker was back`,
      );
      expect(whileDown).toBeGreaterThan(0);
    } finally {
      writing = false;
      await Promise.all(writers);
      await relay.stop();
      await transport.close();
    }
  }, 240_000);

  it('a consumer crash kafkajs does not restart, while the broker is down: the group keeps starting until the broker is back', async () => {
    await markAllSent();
    const { namespace } = testKafka();
    // kafkajs restarts a consumer itself only after retriable errors; after any other crash (e.g. no group
    // coordinator found while a broker shuts down) the transport starts the group again, and the broker
    // may still be down then. The crash here: a callback that throws a non-retriable error once, and
    // kills the broker as it does.
    const logged: string[] = [];
    const log = {
      warn: (_: object, msg: string) => logged.push(msg),
      error: (_: object, msg: string) => logged.push(msg),
    };
    let sabotage = false;
    let killed: Promise<void> | undefined;
    const transport = new KafkaTransport({
      brokers: broker.brokers,
      namespace,
      log,
      onFetched: () => {
        if (!sabotage) return;
        sabotage = false;
        killed = broker.stop('SIGKILL');
        throw Object.assign(new Error('a callback failed'), { retriable: false });
      },
    });
    const consumer = labConsumer(dbs.app, 'faults.restart-while-down');
    await transport.subscribe(consumer);
    const envelope = (n: number) => rawEnvelope({ subject: 'rw', data: schoolYear(eventName('rw', n)) });
    const inEffect = (n: number) =>
      until(
        `rw#${n} in effect`,
        () => effects(dbs.owner, consumer.group),
        (rows) => rows.some((r) => r.name === eventName('rw', n)),
        120_000,
      );
    try {
      await transport.publish([envelope(0)]);
      await inEffect(0);
      sabotage = true;
      await transport.publish([envelope(1)]);
      await until(
        'the crash',
        async () => logged.includes('kafka consumer crashed; starting it again'),
        Boolean,
      );
      await killed;
      const downAt = Date.now();
      // Down for longer than the transport's pause before it starts the group again (2 s) and kafkajs'
      // connection retries (~3 s): the first start fails against no broker. (The outage is the fault
      // under test, so this waits for time on purpose.)
      await sleep(8000);
      await broker.start();
      const upAt = Date.now();
      await transport.publish([envelope(2)]);
      await inEffect(1);
      await inEffect(2);
      const rows = await effects(dbs.owner, consumer.group);
      expect(rows.map((r) => r.name)).toEqual(['rw#0', 'rw#1', 'rw#2']);
      console.log(
        `[faults] consumer crashed (not restarted by kafkajs) with the broker killed: down ${((upAt - downAt) / 1000).toFixed(1)} s, ` +
          `the group consumed again ${((Date.now() - upAt) / 1000).toFixed(1)} s after the broker was back; ` +
          `${logged.filter((m) => m.startsWith('kafka consumer could not start')).length} failed starts meanwhile`,
      );
    } finally {
      sabotage = false;
      await killed?.catch(() => undefined);
      await broker.start().catch(() => undefined);
      await transport.close();
    }
  }, 240_000);

  it('a relay killed mid-batch: its claimed rows are published by another relay, each event in effect once', async () => {
    await markAllSent();
    const { namespace } = testKafka();
    const committed = new Map<string, string[]>();
    // Aggregate by aggregate, so the dying relay's claim (the oldest 50 rows) covers aggregates 0-4.
    for (let a = 0; a < 12; a++) {
      for (let n = 0; n < 10; n++) {
        const e = await commitEvent(dbs.app, `rk-${a}`, n);
        committed.set(`rk-${a}`, [...(committed.get(`rk-${a}`) ?? []), e.id]);
      }
    }
    const total = 120;
    const transport = new KafkaTransport({ brokers: broker.brokers, namespace, log: false });
    const consumer = labConsumer(dbs.app, 'faults.relay-kill');
    await transport.subscribe(consumer);

    const dying = spawn('relay (dies mid-batch)', 'services/kit/test/fixtures/relay-process.ts', {
      NAMESPACE: namespace,
      BATCH: '50',
    });
    const [, idsJson, half] = await dying.waitFor(/^MID_BATCH (\S+) (\d+)$/);
    const claimed: string[] = JSON.parse(idsJson!);
    const publishedBeforeKill = Number(half);

    const bySurvivor: string[] = [];
    const recording: TEventTransport = {
      name: 'recording-kafka',
      publish: async (events: readonly TEventEnvelope[]) => {
        await transport.publish(events);
        bySurvivor.push(...events.map((e) => e.id));
      },
      subscribe: (c) => transport.subscribe(c),
      close: async () => undefined,
    };
    const survivor = createRelay({
      db: dbs.relay,
      pool: dbs.relayPool,
      schemas: [SCHEMA],
      transport: recording,
      batchSize: 50,
      idleMs: 50,
    });
    survivor.start();
    try {
      // While the claim holds, the survivor publishes every other row, and none of the claimed ones.
      await until(
        'the unclaimed rows',
        async () => bySurvivor.length,
        (n) => n >= total - claimed.length,
        60_000,
      );
      await sleep(500);
      const duringClaim = bySurvivor.length;
      expect(duringClaim).toBe(total - claimed.length);
      expect(bySurvivor.filter((id) => claimed.includes(id))).toEqual([]);
      expect(await unsent(claimed)).toBe(claimed.length);

      await dying.kill();
      const rows = await until(
        'every event in effect',
        () => effects(dbs.owner, consumer.group),
        (r) => r.length >= total,
        90_000,
      );
      await until(
        'outbox drained',
        () => unsent(),
        (n) => n === 0,
      );
      expect(claimed).toHaveLength(50);
      expect(claimed.filter((id) => !bySurvivor.includes(id))).toEqual([]);
      expect(rows).toHaveLength(total);
      expect(doubled(rows)).toEqual([]);
      expectOrderPerSubject(rows, committed);
      await until(
        'the half-published batch delivered again',
        async () => consumer.calls(),
        (n) => n >= total + publishedBeforeKill,
      );
      console.log(
        `[faults] relay killed mid-batch: ${claimed.length} rows claimed, ${publishedBeforeKill} published before the kill; ` +
          `survivor published ${duringClaim} other rows while the claim held and ${bySurvivor.length - duringClaim} after, incl. all ${claimed.length} claimed; ` +
          `${consumer.calls()} deliveries, ${consumer.calls() - total} duplicates suppressed, ${rows.length}/${total} in effect once`,
      );
    } finally {
      await dying.kill(); // its open transaction would hold the claimed rows for the next test
      await survivor.stop();
      await transport.close();
    }
  }, 180_000);

  it('a consumer killed mid-event (before and after its database commit): processed once in effect after restart', async () => {
    await markAllSent();
    const { namespace } = testKafka();
    const group = 'faults.consumer-kill';
    const transport = new KafkaTransport({ brokers: broker.brokers, namespace, log: false });
    const relay = createRelay({
      db: dbs.relay,
      pool: dbs.relayPool,
      schemas: [SCHEMA],
      transport,
      idleMs: 50,
    });
    relay.start();
    const env = { NAMESPACE: namespace, GROUP: group };
    const deliveries = (ps: TProcess[], id?: string) =>
      ps.flatMap((p) => p.lines).filter((l) => l.startsWith('DELIVERED ') && (!id || l === `DELIVERED ${id}`))
        .length;
    const commitRound = async (prefix: string) => {
      const committed = new Map<string, string[]>();
      for (let n = 0; n < 8; n++) {
        for (let a = 0; a < 3; a++) {
          const e = await commitEvent(dbs.app, `${prefix}-${a}`, n);
          committed.set(`${prefix}-${a}`, [...(committed.get(`${prefix}-${a}`) ?? []), e.id]);
        }
      }
      return committed;
    };
    try {
      // 1. Killed inside the effect's transaction: nothing of it commits, Kafka redelivers it.
      const first = await commitRound('ck');
      const p1 = spawn(
        'consumer 1 (dies mid-transaction)',
        'services/kit/test/fixtures/consumer-process.ts',
        {
          ...env,
          MODE: 'hang-in-transaction',
          VICTIM: 'ck-1#3',
        },
      );
      const [, victim1] = await p1.waitFor(/^MID_EVENT (\S+)$/);
      await p1.kill();
      expect((await effects(dbs.owner, group)).filter((r) => r.event_id === victim1)).toEqual([]);
      const p2 = spawn('consumer 2', 'services/kit/test/fixtures/consumer-process.ts', env);
      let rows = await until(
        'round 1 in effect',
        () => effects(dbs.owner, group),
        (r) => r.length >= 24,
        90_000,
      );
      expect(rows).toHaveLength(24);
      expect(doubled(rows)).toEqual([]);
      expectOrderPerSubject(rows, first);
      const round1 = { deliveries: deliveries([p1, p2]), victim: deliveries([p1, p2], victim1) };
      expect(round1.victim).toBeGreaterThanOrEqual(2);
      expect(await p2.stop()).toBe(0);

      // 2. Killed after the database commit, before Kafka's offset commit: redelivered, skipped as processed.
      const second = await commitRound('ck2');
      const p3 = spawn('consumer 3 (dies after commit)', 'services/kit/test/fixtures/consumer-process.ts', {
        ...env,
        MODE: 'hang-after-commit',
        VICTIM: 'ck2-1#3',
      });
      const [, victim2] = await p3.waitFor(/^AFTER_COMMIT (\S+)$/);
      await p3.kill();
      expect((await effects(dbs.owner, group)).filter((r) => r.event_id === victim2)).toHaveLength(1);
      const p4 = spawn('consumer 4', 'services/kit/test/fixtures/consumer-process.ts', env);
      await p4.waitFor(new RegExp(`^DELIVERED ${victim2}$`), 90_000);
      rows = await until(
        'round 2 in effect',
        () => effects(dbs.owner, group),
        (r) => r.length >= 48,
        90_000,
      );
      await sleep(500);
      rows = await effects(dbs.owner, group);
      expect(rows).toHaveLength(48);
      expect(doubled(rows)).toEqual([]);
      expectOrderPerSubject(rows, new Map([...first, ...second]));
      const round2 = { deliveries: deliveries([p3, p4]), victim: deliveries([p3, p4], victim2) };
      expect(round2.victim).toBe(2);
      expect(await p4.stop()).toBe(0);
      console.log(
        `[faults] consumer killed mid-transaction: 24 events, ${round1.deliveries} deliveries (victim ${round1.victim}×), 24 in effect once; ` +
          `killed after commit: 24 events, ${round2.deliveries} deliveries (victim ${round2.victim}×), 24 in effect once`,
      );
    } finally {
      await relay.stop();
      await transport.close();
    }
  }, 240_000);
});
