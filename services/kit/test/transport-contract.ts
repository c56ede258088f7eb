import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { freshDatabase } from '@stageplein/testing/harness';
import { listDeadLetters, replayDeadLetters } from '../src/outbox/dead-letters.ts';
import type { TRetryPolicy } from '../src/outbox/delivery.ts';
import { createRelay, type TRelay } from '../src/outbox/outbox-relay.ts';
import type { TEventTransport } from '../src/outbox/transport.ts';
import {
  SCHEMA,
  commitEvent,
  commitRaw,
  doubled,
  effects,
  eventLabService,
  labConsumer,
  labDbs,
  rawEnvelope,
  until,
  type TLabDbs,
} from './fixtures/events.ts';

/** Small, so dead-lettering after repeated failures takes milliseconds. */
export const FAST_RETRY: TRetryPolicy = { attempts: 3, initialMs: 20, maxMs: 100 };

/**
 * The contract every event transport keeps (DESIGN §2: same semantics in both profiles), run against
 * the in-process transport and against the real Kafka broker, each time through the real outbox and
 * relay on real PostgreSQL: at-least-once delivery with fan-out to every group, per-aggregate order,
 * duplicate suppression, dead-lettering with a reason, replay.
 */
export function transportContract(name: string, makeTransport: () => TEventTransport): void {
  describe(`event transport contract: ${name}`, () => {
    let dbs: TLabDbs;
    const running: { transport: TEventTransport; relays: TRelay[] }[] = [];

    beforeAll(async () => {
      const { ownerUrl, config } = await freshDatabase([eventLabService], { seed: false });
      dbs = labDbs(ownerUrl, config.DATABASE_APP_PASSWORD);
    });
    afterEach(async () => {
      for (const r of running.splice(0)) {
        await Promise.all(r.relays.map((relay) => relay.stop()));
        await r.transport.close();
      }
    });
    afterAll(async () => {
      await dbs?.destroy();
    });

    function start(relays = 1) {
      const transport = makeTransport();
      const started = Array.from({ length: relays }, () =>
        createRelay({
          db: dbs.relay,
          pool: dbs.relayPool,
          schemas: [SCHEMA],
          transport,
          batchSize: 7,
          idleMs: 50,
        }),
      );
      running.push({ transport, relays: started });
      return { transport, relays: started, run: () => started.forEach((r) => r.start()) };
    }

    it('delivers every committed event to every group at least once and in effect once, in order per aggregate', async () => {
      const { transport, run } = start(2);
      // Every 7th event fails on its first attempt: a retry must neither lose it nor reorder its aggregate.
      const a = labConsumer(dbs.app, 'contract.order-a', {
        fail: (n, attempt) =>
          Number(n.split('#')[1]) % 7 === 3 && attempt === 1 ? 'transient failure' : undefined,
      });
      const b = labConsumer(dbs.app, 'contract.order-b');
      await transport.subscribe(a);
      await transport.subscribe(b);
      run();

      const aggregates = Array.from({ length: 8 }, (_, i) => `agg-${i}`);
      const perAggregate = 20;
      const committed = new Map<string, string[]>();
      await Promise.all(
        aggregates.map(async (subject) => {
          for (let n = 0; n < perAggregate; n++) {
            const e = await commitEvent(dbs.app, subject, n);
            committed.set(subject, [...(committed.get(subject) ?? []), e.id]);
          }
        }),
      );
      const total = aggregates.length * perAggregate;
      for (const group of [a, b]) {
        const rows = await until(
          `${group.group} effects`,
          () => effects(dbs.owner, group.group),
          (r) => r.length >= total,
        );
        expect(rows).toHaveLength(total);
        expect(doubled(rows)).toEqual([]);
        for (const subject of aggregates) {
          expect(
            rows.filter((r) => r.subject === subject).map((r) => r.event_id),
            `${group.group} ${subject}`,
          ).toEqual(committed.get(subject));
        }
      }
      expect(a.calls()).toBeGreaterThan(total); // the failed first attempts were delivered again
      // Consumers may see an event before its relay transaction commits (at-least-once): wait for that.
      const unsent = async () =>
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from ${sql.table(`${SCHEMA}.outbox_pending`)}`.execute(dbs.owner)
        ).rows[0]!.n;
      await until('every outbox row sent (dequeued)', unsent, (n) => n === 0, 10_000);
      console.log(
        `[${name}] ${total} events, 2 groups, deliveries a=${a.calls()} b=${b.calls()}, in effect a=${total} b=${total}`,
      );
    });

    it('suppresses duplicates: the same events delivered again take no second effect', async () => {
      const { transport, run } = start();
      const a = labConsumer(dbs.app, 'contract.dup-a');
      await transport.subscribe(a);
      run();
      const sent: TEventEnvelope[] = [];
      for (let n = 0; n < 10; n++) sent.push(await commitEvent(dbs.app, `dup-${n % 3}`, n));
      await until(
        'first deliveries',
        () => effects(dbs.owner, a.group),
        (r) => r.length >= 10,
      );

      // A relay that died after the broker acknowledged but before dequeuing rows publishes them again.
      await transport.publish(sent);
      await transport.publish(sent.slice(0, 4));
      await until(
        'redeliveries',
        async () => a.calls(),
        (calls) => calls >= 24,
      );
      const rows = await effects(dbs.owner, a.group);
      expect(rows).toHaveLength(10);
      expect(doubled(rows)).toEqual([]);
      console.log(`[${name}] duplicates: ${a.calls()} deliveries of 10 events, ${rows.length} in effect`);
    });

    it('dead-letters invalid and repeatedly failing events with the reason, durably, and keeps going', async () => {
      const { transport, run } = start();
      const a = labConsumer(dbs.app, 'contract.dead-a', {
        fail: (n) => (n === 'poison#0' ? 'effect refused: poison' : undefined),
      });
      await transport.subscribe(a);
      const ok1 = await commitEvent(dbs.app, 'dl', 1);
      const badData = rawEnvelope({ subject: 'dl', data: { name: 42 } });
      await commitRaw(dbs.owner, badData);
      const badEnvelope = rawEnvelope({ subject: 'dl', tenant: 'nowhere' });
      await commitRaw(dbs.owner, badEnvelope);
      const poison = await commitEvent(dbs.app, 'poison', 0);
      const ok2 = await commitEvent(dbs.app, 'dl', 2);
      run();

      await until(
        'ok events',
        () => effects(dbs.owner, a.group),
        (r) => r.length >= 2,
      );
      const letters = await until(
        'dead letters',
        () => listDeadLetters(dbs.relay, SCHEMA, { consumer: a.group }),
        (r) => r.length >= 3,
      );
      expect((await effects(dbs.owner, a.group)).map((r) => r.event_id).sort()).toEqual(
        [ok1.id, ok2.id].sort(),
      );
      const byId = new Map(letters.map((l) => [l.event_id, l]));
      expect(byId.get(String(badData.id))).toMatchObject({ attempts: 1, tenant_id: 'demo' });
      expect(byId.get(String(badData.id))!.reason).toMatch(
        /^invalid organizations\.school_year\.created data: name: /,
      );
      expect(byId.get(String(badEnvelope.id))).toMatchObject({ attempts: 1, tenant_id: 'nowhere' });
      expect(byId.get(String(badEnvelope.id))!.reason).toMatch(/^invalid envelope: tenant: /);
      expect(byId.get(poison.id)).toMatchObject({
        attempts: FAST_RETRY.attempts,
        reason: 'effect refused: poison',
        event_type: poison.type,
      });
      expect(byId.get(poison.id)!.envelope).toEqual(poison);
      // A dead-lettered event is not recorded as processed: a replay can still apply it.
      const processed = await sql<{
        event_id: string;
      }>`select event_id from ${sql.table(`${SCHEMA}.processed_events`)}
        where consumer = ${a.group}`.execute(dbs.owner);
      expect(processed.rows.map((r) => r.event_id).sort()).toEqual([ok1.id, ok2.id].sort());
      console.log(
        `[${name}] dead letters: ${letters.map((l) => `${l.attempts}× ${l.reason.slice(0, 60)}`).join(' | ')}`,
      );
    });

    it('replays dead letters once their cause is fixed; invalid ones stay dead, nothing applies twice', async () => {
      const { transport, run } = start();
      let broken = true;
      const a = labConsumer(dbs.app, 'contract.replay-a', {
        fail: (n) => (broken && n.startsWith('fragile') ? 'dependency missing' : undefined),
      });
      await transport.subscribe(a);
      const fragile = await commitEvent(dbs.app, 'fragile', 0);
      const bad = rawEnvelope({ subject: 'fragile', data: {} });
      await commitRaw(dbs.owner, bad);
      run();
      await until(
        'dead letters',
        () => listDeadLetters(dbs.relay, SCHEMA, { consumer: a.group }),
        (r) => r.length >= 2,
      );
      expect(await effects(dbs.owner, a.group)).toEqual([]);

      broken = false;
      const first = await replayDeadLetters(dbs.relay, SCHEMA, [a], { consumer: a.group });
      expect(first.replayed.map((l) => l.event_id)).toEqual([fragile.id]);
      expect(first.failed.map((f) => f.letter.event_id)).toEqual([String(bad.id)]);
      expect(first.failed[0]!.error).toMatch(/invalid organizations\.school_year\.created data/);
      expect((await effects(dbs.owner, a.group)).map((r) => r.event_id)).toEqual([fragile.id]);

      // Replaying again and the event arriving again both change nothing.
      const second = await replayDeadLetters(dbs.relay, SCHEMA, [a], { consumer: a.group });
      expect(second.replayed).toEqual([]);
      await transport.publish([fragile]);
      await until(
        'redelivery',
        async () => a.deliveries.get(fragile.id) ?? 0,
        (n) => n >= FAST_RETRY.attempts + 2,
      );
      expect((await effects(dbs.owner, a.group)).map((r) => r.event_id)).toEqual([fragile.id]);
      const all = await listDeadLetters(dbs.relay, SCHEMA, { consumer: a.group, all: true });
      expect(all.find((l) => l.event_id === fragile.id)?.replayed_at).toBeInstanceOf(Date);
      expect(all.find((l) => l.event_id === String(bad.id))).toMatchObject({
        replayed_at: null,
        attempts: 3,
      });
      console.log(
        `[${name}] replay: ${first.replayed.length} replayed, ${first.failed.length} still invalid; second replay ${second.replayed.length}`,
      );
    });
  });
}
