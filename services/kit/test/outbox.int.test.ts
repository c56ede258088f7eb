import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { eventLabService, SCHEMA } from './fixtures/events.ts';
import { createDb, createPool, dbUrls } from '../src/db/database.ts';
import { setTenant } from '../src/db/rls.ts';
import { writeEvent } from '../src/outbox/outbox-writer.ts';
import { createRelay } from '../src/outbox/outbox-relay.ts';
import type { TConsumer, TEventTransport } from '../src/outbox/transport.ts';
import { freshDatabase } from '@stageplein/testing/harness';

let app: Kysely<unknown>;
let relayDb: Kysely<unknown>;
let owner: Kysely<unknown>;
let relayPool: ReturnType<typeof createPool>;

beforeAll(async () => {
  const { ownerUrl, config } = await freshDatabase([eventLabService], { seed: false });
  const urls = dbUrls(ownerUrl, config.DATABASE_APP_PASSWORD);
  app = createDb(createPool(urls.app, 8));
  relayPool = createPool(urls.relay, 6);
  relayDb = createDb(relayPool);
  owner = createDb(createPool(ownerUrl, 2));
});
afterAll(async () => {
  await Promise.all([app?.destroy(), relayDb?.destroy(), owner?.destroy()]);
});

function event(subject: string, n: number) {
  return {
    type: 'organizations.school_year.created' as const,
    subject,
    tenant: 'demo' as const,
    actor: 'test',
    data: { name: `${subject}#${n}`, start_date: '2026-08-01', end_date: '2027-07-31' },
  };
}

async function inTenant<T>(fn: (trx: Kysely<unknown>) => Promise<T>): Promise<T> {
  return app.transaction().execute(async (trx) => {
    await setTenant(trx, 'demo');
    return fn(trx);
  });
}

/** Records every delivery; fails now and then after delivering part of a batch, like a flaky broker. */
class FlakyRecordingTransport implements TEventTransport {
  readonly name = 'recording';
  readonly log: TEventEnvelope[] = [];
  failures = 0;
  constructor(private readonly failureRate: number) {}
  async publish(events: readonly TEventEnvelope[]) {
    for (const e of events) {
      await new Promise((r) => setTimeout(r, Math.random() * 2));
      if (Math.random() < this.failureRate) {
        this.failures++;
        throw new Error('broker hiccup');
      }
      this.log.push(e);
    }
  }
  async subscribe(_c: TConsumer) {}
  async close() {}
}

describe('transactional outbox', () => {
  it('a rolled-back transaction leaves no outbox row; a committed one leaves exactly one', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from eventlab.outbox`.execute(owner);
    await expect(
      inTenant(async (trx) => {
        await writeEvent(trx, SCHEMA, event('rolled-back', 1));
        throw new Error('use case failed after writing its event');
      }),
    ).rejects.toThrow('use case failed');
    const after = await sql<{ n: number }>`select count(*)::int as n from eventlab.outbox`.execute(owner);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);

    const written = await inTenant((trx) => writeEvent(trx, SCHEMA, event('committed', 1)));
    const rows = await sql`select id from eventlab.outbox where id = ${written.id}`.execute(owner);
    expect(rows.rows).toHaveLength(1);
  });

  it('two relays at once deliver every committed event at least once, in order per aggregate', async () => {
    await sql`delete from eventlab.outbox_pending`.execute(owner);
    const aggregates = Array.from({ length: 12 }, (_, i) => `aggregate-${i}`);
    const perAggregate = 25;
    const transport = new FlakyRecordingTransport(0.02);
    const relays = [1, 2].map(() =>
      createRelay({ db: relayDb, pool: relayPool, schemas: [SCHEMA], transport, batchSize: 7, idleMs: 20 }),
    );
    relays.forEach((r) => r.start());

    // Writers commit concurrently while both relays run.
    const written = new Map<string, string[]>();
    await Promise.all(
      aggregates.map(async (aggregate) => {
        for (let n = 0; n < perAggregate; n++) {
          const e = await inTenant((trx) => writeEvent(trx, SCHEMA, event(aggregate, n)));
          written.set(aggregate, [...(written.get(aggregate) ?? []), e.id]);
        }
      }),
    );
    const total = aggregates.length * perAggregate;
    const deadline = Date.now() + 30_000;
    while (new Set(transport.log.map((e) => e.id)).size < total && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(relays.map((r) => r.stop()));

    const delivered = new Set(transport.log.map((e) => e.id));
    expect(delivered.size).toBe(total);
    for (const aggregate of aggregates) {
      // First deliveries, in delivery order, must follow commit order of the aggregate's events.
      const firsts: string[] = [];
      for (const e of transport.log) if (e.subject === aggregate && !firsts.includes(e.id)) firsts.push(e.id);
      expect(firsts).toEqual(written.get(aggregate));
    }
    const unsent = await sql<{
      n: number;
    }>`select count(*)::int as n from eventlab.outbox_pending`.execute(owner);
    expect(unsent.rows[0]!.n).toBe(0);
    console.log(
      `outbox: ${total} events, ${transport.log.length} deliveries, ${transport.failures} injected publish failures`,
    );
  });

  it('waiting for the outbox to settle does not make the relay claim in vain while a batch is in flight', async () => {
    await sql`delete from eventlab.outbox_pending`.execute(owner);
    // The relay's claims, counted through Kysely's log (every statement of the relay goes through it).
    let claims = 0;
    const counted = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: relayPool }),
      log: (e) => {
        if (e.query.sql.includes('with recursive oldest')) claims++;
      },
    });
    // A broker that holds the first batch for a second.
    let entered!: () => void;
    const inFlight = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const transport: TEventTransport = {
      name: 'held',
      async publish() {
        entered();
        await held;
      },
      async subscribe() {},
      async close() {},
    };
    const relay = createRelay({ db: counted, pool: relayPool, schemas: [SCHEMA], transport, idleMs: 1000 });
    relay.start();
    try {
      await inTenant((trx) => writeEvent(trx, SCHEMA, event('held', 1)));
      const settled = relay.settled(SCHEMA, 20_000);
      await inFlight;
      const before = claims;
      await new Promise((r) => setTimeout(r, 1000));
      const meanwhile = claims - before;
      release();
      expect(await settled).toBe(true);
      // The two other loops look once more and then sleep until their idle poll (1 s) or a commit's
      // notification; waking them at every poll of settled() made them claim about 50 times a second each.
      expect(meanwhile, `${meanwhile} claims in that second`).toBeLessThanOrEqual(6);
    } finally {
      release();
      await relay.stop();
    }
  });

  it('the relay role reads every tenant’s outbox while the app role sees only its tenant’s rows', async () => {
    await inTenant((trx) => writeEvent(trx, SCHEMA, event('visible', 1)));
    const appRows = await sql`select id from eventlab.outbox`.execute(app);
    expect(appRows.rows).toEqual([]);
    const relayRows = await sql`select id from eventlab.outbox`.execute(relayDb);
    expect(relayRows.rows.length).toBeGreaterThan(0);
  });
});
