import { sql, type Kysely, type Transaction } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { setTenant } from '../db/rls.ts';
import { serviceDb } from '../db/schema-tables.ts';
import { recordDeadLetter } from './dead-letters.ts';
import type { TConsumer } from './transport.ts';

export interface TIdempotentConsumerOptions<DB> {
  /**
   * App-role database of the consuming service: its own (`Kysely<DB>`) or the one kit hands it
   * (`deps.db`); `apply` gets a transaction typed with the service's tables either way
   * (`idempotentConsumer<TIdentityDb>({ db: deps.db, … })`).
   */
  db: Kysely<DB> | Kysely<unknown>;
  /** The consuming service's schema: `processed_events` and `dead_letters` (kit migrations) live there. */
  schema: string;
  group: string;
  types: readonly string[];
  /** The effect; runs in the same transaction that records the event id, under the event's tenant. */
  apply(trx: Transaction<DB>, event: TEventEnvelope): Promise<void>;
  /**
   * Optional: the effect of a batch's new events of one tenant at once, in order, in the batch's
   * transaction (instead of `apply` each), for effects whose cost is round trips per event (reads of
   * the same tables, a queue's adds). One consumer span covers them, named by the first.
   */
  applyMany?(trx: Transaction<DB>, events: readonly TEventEnvelope[]): Promise<void>;
  /**
   * Runs once the transaction of `events` has ended (committed or rolled back), e.g. to drop a
   * process's memo of what the effect changed: dropped inside the transaction, a request could read
   * the row being replaced and keep it.
   */
  afterTransaction?(events: readonly TEventEnvelope[]): void;
}

/**
 * Wraps an effect so each event id takes effect once per consumer group, however often it is
 * delivered: the processed-event row and the effect commit (or roll back) together. The transport
 * validates events against the contract before `apply` sees them; dead letters go to the schema's
 * `dead_letters` table.
 */
export function idempotentConsumer<DB>(options: TIdempotentConsumerOptions<DB>): TConsumer {
  const db = serviceDb<DB>(options.db);
  async function once(trx: Transaction<DB>, event: TEventEnvelope): Promise<void> {
    await setTenant(trx, event.tenant);
    const { rows } = await sql<{ event_id: string }>`
      insert into ${sql.table(`${options.schema}.processed_events`)} (tenant_id, consumer, event_id)
      values (${event.tenant}, ${options.group}, ${event.id})
      on conflict do nothing returning event_id`.execute(trx);
    if (rows.length === 0) return;
    await options.apply(trx, event);
  }
  return {
    group: options.group,
    types: options.types,
    async handle(event) {
      const transaction = db.transaction().execute((trx) => once(trx, event));
      await transaction.finally(() => options.afterTransaction?.([event]));
    },
    // Round trips are most of a short transaction's time: a run of events of one tenant sets the tenant
    // once and records all their ids in one statement; then each effect runs, in order, only for an id
    // that was new (once, should the batch hold an event twice).
    async handleBatch(events, each) {
      const transaction = db.transaction().execute(async (trx) => {
        for (let start = 0; start < events.length;) {
          const tenant = events[start]!.tenant;
          let end = start + 1;
          while (end < events.length && events[end]!.tenant === tenant) end++;
          const run = events.slice(start, end);
          start = end;
          await setTenant(trx, tenant);
          const { rows } = await sql<{ event_id: string }>`
            insert into ${sql.table(`${options.schema}.processed_events`)} (tenant_id, consumer, event_id)
            select ${tenant}, ${options.group}, id from unnest(${run.map((e) => e.id)}::uuid[]) as id
            on conflict do nothing returning event_id`.execute(trx);
          const fresh = new Set(rows.map((r) => r.event_id));
          if (options.applyMany) {
            const many = run.filter((e) => fresh.delete(e.id.toLowerCase()));
            if (many.length > 0) await each(many[0]!, () => options.applyMany!(trx, many));
            continue;
          }
          for (const event of run)
            await each(event, async () => {
              if (fresh.delete(event.id.toLowerCase())) await options.apply(trx, event);
            });
        }
      });
      await transaction.finally(() => options.afterTransaction?.(events));
    },
    deadLetter: (letter) => recordDeadLetter(db, options.schema, options.group, letter),
  };
}
