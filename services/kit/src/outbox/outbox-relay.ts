import { sql, type Kysely, type RawBuilder } from 'kysely';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TEventTransport, TStoredEvent } from './transport.ts';
import { executePrepared } from '../db/prepared-statements.ts';
import { OUTBOX_CHANNEL } from './outbox-writer.ts';
import { DEFAULT_RELAY_CONCURRENCY } from '../config/config.ts';

export interface TRelayOptions {
  /** Connection as the relay role (may read every tenant's outbox). */
  db: Kysely<unknown>;
  /** Pool of the same role, for the LISTEN connection that wakes the relay on commit. */
  pool?: pg.Pool;
  /** Read on every pass, so a relay process may add schemas it discovers later. */
  schemas: readonly string[];
  transport: TEventTransport;
  batchSize?: number;
  /** Poll interval when no notification arrives (also the safety net for missed ones). */
  idleMs?: number;
  /**
   * Claim loops (default `DEFAULT_RELAY_CONCURRENCY`, 3). Each is its own transaction on other aggregates, like another relay, so
   * one loop's database work (claim, dequeue, commit) overlaps another's wait for the broker.
   */
  concurrency?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Called after each committed batch with how many rows it sent and its phases (metrics, benchmarks). */
  onSent?: (count: number, timing: TRelayBatchTiming) => void;
}

/**
 * Where a batch's time went, in ms: begin, claim, take (dequeue and read, one statement); the broker's
 * acknowledgement; the commit.
 */
export interface TRelayBatchTiming {
  claimMs: number;
  publishMs: number;
  commitMs: number;
}

export interface TRelay {
  /** Publishes one batch of one schema; returns how many events were sent. */
  runOnce(schema: string): Promise<number>;
  start(): void;
  /** Stops after the batch in flight; a claimed batch is either sent and dequeued or left for others. */
  stop(): Promise<void>;
  /**
   * Resolves true once every row of `schema`'s outbox committed before the call is sent (with the
   * in-process transport: handled by every consumer), false after `timeoutMs`. Wakes the loops.
   */
  settled(schema: string, timeoutMs?: number): Promise<boolean>;
}

/**
 * Outbox relay. The outbox is a log (never updated) and a queue of the events still to send
 * (`outbox_pending`, kit outbox.v2). A batch is claimed, dequeued, published and committed in one
 * transaction (the dequeue becomes visible only with the commit, after the broker acknowledged). Aggregates are
 * claimed with transaction-scoped advisory locks, so two relays never interleave one aggregate's
 * events (order per aggregate holds), relays work on different aggregates side by side, and a relay
 * that dies releases its claim. The advisory lock is the only claim (no row locks, no SKIP LOCKED):
 * every relay write to a queued row holds its aggregate's lock, and skipping a locked row would
 * publish its aggregate's later events first. Several claim loops (`concurrency`) keep batches
 * pipelined: one loop's database work overlaps another's wait for the broker.
 */
/** Claim loops of a relay unless told otherwise (also RELAY_CONCURRENCY's default); see `TRelayOptions.concurrency`. */
export { DEFAULT_RELAY_CONCURRENCY };

/** Ascending by `seq` (bigint as text, no sign: a shorter text is a smaller number). */
const bySeq = (a: { seq: string }, b: { seq: string }) =>
  a.seq.length - b.seq.length || (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0);

export function createRelay(options: TRelayOptions): TRelay {
  const {
    db,
    schemas,
    transport,
    batchSize = 500,
    idleMs = 1000,
    concurrency = DEFAULT_RELAY_CONCURRENCY,
    log,
  } = options;
  let running = false;
  let loops: Promise<void> | undefined;
  const wakers = new Set<() => void>();
  // Bumped by every commit notification: one that arrives while a pass runs may have missed that
  // pass's snapshot, so the loop runs another pass at once instead of sleeping.
  let notifications = 0;
  let listener: pg.PoolClient | undefined;

  async function runOnce(schema: string): Promise<number> {
    return (await runBatch(schema)).sent;
  }

  async function runBatch(schema: string): Promise<{ sent: number; timing: TRelayBatchTiming }> {
    const start = performance.now();
    let claimedAt = start;
    let ackedAt = start;
    // A batch is 4 round trips: begin with its settings, claim, take (dequeue and read), commit (the
    // broker's acknowledgement in between). Per relayed event the database deletes one queue row and
    // reads its log row; the log is never written.
    const count = await db.connection().execute(async (conn) => {
      // Transaction-local settings, sent with `begin` in one round trip (no parameters: the simple
      // protocol runs both statements), before the claim is planned:
      // - synchronous_commit off: the commit that dequeues sent rows does not wait for its WAL flush. A
      //   database crash can lose that (never an unsent row: those were committed by the writers), and
      //   the rows are then published again, which at-least-once delivery absorbs.
      // - no bitmap scans: on a queue table the statistics rarely know the backlog, so the planner
      //   expects few queued rows and would read them ALL through a bitmap scan and sort them, on every
      //   claim; walking the queue's key in seq order reads just the window.
      await sql
        .raw(
          `begin; select set_config('synchronous_commit', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
        )
        .execute(conn);
      try {
        const sent = await claimPublishDequeue(conn, schema, () => (claimedAt = performance.now()));
        ackedAt = performance.now();
        await sql.raw('commit').execute(conn);
        return sent;
      } catch (error) {
        // A failed publish leaves the rows unsent: the rollback puts them back and frees the claim.
        await sql
          .raw('rollback')
          .execute(conn)
          .catch(() => undefined);
        throw error;
      }
    });
    const timing = {
      claimMs: claimedAt - start,
      publishMs: ackedAt - claimedAt,
      commitMs: performance.now() - ackedAt,
    };
    return { sent: count, timing };
  }

  /** Claim, take (dequeue and read) and publish inside the batch's transaction; returns how many were sent. */
  async function claimPublishDequeue(
    trx: Kysely<unknown>,
    schema: string,
    claimed: () => void,
  ): Promise<number> {
    const queue = sql.table(`${schema}.outbox_pending`);
    const log = sql.table(`${schema}.outbox`);
    // 1. Claim aggregates: walk the aggregates of the oldest queued rows (the window) in order,
    //    try-locking each (skipping those another relay holds) until the claimed ones cover a batch,
    //    so a relay holds just its batch's aggregates and a held aggregate never starves the rest. The
    //    recursive query runs step by step and stops there (`materialized`: inlined, the window would be
    //    grouped again at every step); the window's aggregates are two arrays in walking order, so a
    //    step reads its aggregate by subscript (a join would scan every candidate at every step). The
    //    locks are transaction-scoped: released at commit, or when this relay dies (its connection
    //    drops). Returns the claimed aggregates' rows of the window.
    // The relay's statements run prepared (one text per schema): planning them cost about as much as
    // running them for a small batch.
    const run = <R>(statement: RawBuilder<R>): Promise<R[]> => executePrepared(trx, statement);
    const window = await run(sql<{ seq: string }>`
      with recursive oldest as materialized (
        select seq, aggregate_id from ${queue} order by seq limit ${batchSize * 4}
      ), candidates as materialized (
        select array_agg(aggregate_id order by first) as ids, array_agg(n order by first) as ns
        from (select aggregate_id, min(seq) as first, count(*) as n from oldest group by aggregate_id) g
      ), walk (i, covered, locked, aggregate_id) as (
        select 0, 0::bigint, false, null::text
        union all
        select w.i + 1, w.covered + case when l.ok then c.ns[w.i + 1] else 0 end, l.ok, c.ids[w.i + 1]
        from walk w
        cross join candidates c
        cross join lateral (select pg_try_advisory_xact_lock(hashtextextended(${schema} || '/' || c.ids[w.i + 1], 0)) as ok) l
        where w.covered < ${batchSize} and w.i < cardinality(c.ids)
      )
      select o.seq from oldest o join walk w on w.locked and w.aggregate_id = o.aggregate_id`);
    if (window.length === 0) return 0;
    // 2. Only now take those rows: dequeue them and read their envelopes from the log in one statement
    //    (the dequeue commits only with the transaction, i.e. after the broker acknowledged, and a failed
    //    publish rolls it back). With the locks held, this statement's fresh snapshot drops the rows a
    //    previous holder sent meanwhile, so a batch is always a prefix per aggregate (a per-row lock test
    //    in one scan could skip an aggregate's early rows and take a later one). Its row locks block no
    //    other relay: every relay write to the queue (this dequeue, the failure bookkeeping) holds the
    //    aggregate's advisory lock. The result has no order: sorted by seq here.
    const seqs = window.map((c) => c.seq);
    const take = (columns: ReturnType<typeof sql>) => sql`
      with batch as (
        delete from ${queue} q where q.seq in (
          select seq from ${queue} where seq = any(${seqs}::bigint[]) order by seq limit ${batchSize}
        ) returning q.seq
      )
      select o.seq, ${columns} from batch join ${log} o on o.seq = batch.seq`;
    if (transport.publishStored) {
      // The JSON text as stored becomes the message: no parse and re-serialise per event. Headers
      // come from the envelope (the row's columns only stand in where a buggy envelope lacks them,
      // so such an event still reaches the consumers, which dead-letter it).
      const rows = await run(
        take(sql`coalesce(o.envelope->>'id', o.id::text) as id,
        coalesce(o.envelope->>'type', o.type) as type, coalesce(o.envelope->>'subject', o.aggregate_id) as subject,
        coalesce(o.envelope->>'tenant', o.tenant_id) as tenant, coalesce(o.envelope->>'source', ${schema}) as source,
        o.envelope->>'traceparent' as traceparent, o.envelope::text as json`).$castTo<
          TStoredEvent & { seq: string }
        >(),
      );
      if (rows.length === 0) return 0;
      claimed();
      await transport.publishStored(rows.sort(bySeq));
      return rows.length;
    }
    const rows = await run(take(sql`o.envelope`).$castTo<{ seq: string; envelope: TEventEnvelope }>());
    if (rows.length === 0) return 0;
    claimed();
    await transport.publish(rows.sort(bySeq).map((r) => r.envelope));
    return rows.length;
  }

  async function recordFailure(schema: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    log?.warn({ schema, err: message }, 'outbox publish failed; will retry');
    const queue = sql.table(`${schema}.outbox_pending`);
    // Bookkeeping only, under the aggregate's advisory lock like every relay write: a claim holding
    // the aggregate may be dequeuing this row right now.
    await db
      .transaction()
      .execute((trx) =>
        sql`with oldest as (select seq, aggregate_id from ${queue} order by seq limit 1)
          update ${queue} q set attempts = q.attempts + 1, last_error = ${message} from oldest
          where q.seq = oldest.seq and pg_try_advisory_xact_lock(hashtextextended(${schema} || '/' || oldest.aggregate_id, 0))`.execute(
          trx,
        ),
      )
      .catch(() => undefined);
  }

  async function run(): Promise<void> {
    let backoff = 0;
    while (running) {
      const seen = notifications;
      let sent = 0;
      for (const schema of schemas) {
        try {
          const { sent: n, timing } = await runBatch(schema);
          if (n > 0) options.onSent?.(n, timing);
          sent += n;
          backoff = 0;
        } catch (error) {
          await recordFailure(schema, error);
          backoff = Math.min(backoff ? backoff * 2 : 100, 5000);
        }
      }
      if (backoff || (sent === 0 && notifications === seen)) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            wakers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, backoff || idleMs);
          wakers.add(wake);
        });
      }
    }
  }

  async function listen(): Promise<void> {
    if (!options.pool) return;
    try {
      listener = await options.pool.connect();
      listener.on('notification', () => {
        notifications++;
        for (const wake of [...wakers]) wake();
      });
      listener.on('error', () => undefined);
      await listener.query(`listen ${OUTBOX_CHANNEL}`);
    } catch (error) {
      log?.warn({ err: String(error) }, 'outbox relay runs without LISTEN; polling only');
    }
  }

  async function settled(schema: string, timeoutMs = 5000): Promise<boolean> {
    const queue = sql.table(`${schema}.outbox_pending`);
    const pending = async (upTo?: string) =>
      (
        await sql<{ seq: string | null }>`select max(seq)::text as seq from ${queue}
          ${upTo ? sql`where seq <= ${upTo}` : sql``}`.execute(db)
      ).rows[0]?.seq ?? null;
    const upTo = await pending();
    if (upTo === null) return true;
    const deadline = Date.now() + timeoutMs;
    // One wake: from then on the loops run until the queue is empty (a pass that sent something runs
    // the next at once, the bumped count makes one that saw nothing look again). Waking them at every
    // poll made the loops without a batch claim in vain at the poll's rate for the whole wait: about a
    // thousand empty claim transactions to settle the seeds, competing with the batch in flight.
    notifications++;
    for (const wake of [...wakers]) wake();
    for (let wait = 1; Date.now() < deadline; wait = Math.min(wait * 2, 20)) {
      await new Promise((r) => setTimeout(r, wait));
      if ((await pending(upTo)) === null) return true;
    }
    return false;
  }

  return {
    runOnce,
    settled,
    start() {
      if (running) return;
      running = true;
      loops = listen().then(() =>
        Promise.all(Array.from({ length: concurrency }, run)).then(() => undefined),
      );
    },
    async stop() {
      running = false;
      for (const wake of [...wakers]) wake();
      await loops;
      if (listener) {
        await listener.query(`unlisten ${OUTBOX_CHANNEL}`).catch(() => undefined);
        listener.release();
        listener = undefined;
      }
    },
  };
}
