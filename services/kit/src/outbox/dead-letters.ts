import { sql, type Generated, type Kysely } from 'kysely';
import { setTenant } from '../db/rls.ts';
import { handleOnce } from './delivery.ts';
import type { TConsumer, TDeadLetter } from './transport.ts';
import type { TDbOf } from '../db/schema-tables.ts';

/**
 * Dead letters, one design for both transports (docs/decisions/events.md): an event a consumer
 * group gives up on is recorded in that group's own schema, in `<schema>.dead_letters`, with the
 * reason. That row is the record an operator lists and replays (`npm run events:replay`); the Kafka
 * transport also copies it to the `<ns>.dead-letter` topic for broker-side monitoring.
 */
export interface TDeadLettersTable {
  id: Generated<number>;
  tenant_id: string;
  consumer: string;
  /** The envelope id, or the origin when the message had no readable id. */
  event_id: string;
  event_type: string | null;
  envelope: unknown;
  reason: string;
  attempts: number;
  origin: string;
  created_at: Generated<Date>;
  replayed_at: Date | null;
  replay_error: string | null;
}

/** Tenant recorded for messages whose tenant is unreadable, so RLS still lets the consumer write them. */
export const UNKNOWN_TENANT = 'unknown';

const field = (event: unknown, key: string): string | undefined => {
  const value = event && typeof event === 'object' ? (event as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/**
 * Records a dead letter as the consuming service (app role, under the event's tenant). A redelivered
 * poison message finds its row already there and changes nothing.
 */
export async function recordDeadLetter<DB>(
  db: TDbOf<DB>,
  schema: string,
  group: string,
  letter: TDeadLetter,
): Promise<void> {
  const tenant = field(letter.event, 'tenant') ?? UNKNOWN_TENANT;
  // jsonb refuses NUL characters; a dead letter must always be recordable.
  const envelope = JSON.stringify(letter.event ?? null).replaceAll('\\u0000', '');
  await db.transaction().execute(async (trx) => {
    await setTenant(trx, tenant);
    await sql`insert into ${sql.table(`${schema}.dead_letters`)}
        (tenant_id, consumer, event_id, event_type, envelope, reason, attempts, origin)
      values (${tenant}, ${group}, ${field(letter.event, 'id') ?? letter.origin}, ${field(letter.event, 'type') ?? null},
        ${envelope}::jsonb, ${letter.reason}, ${letter.attempts}, ${letter.origin})
      on conflict (consumer, event_id) do nothing`.execute(trx);
  });
}

export interface TDeadLetterRow {
  id: number;
  tenant_id: string;
  consumer: string;
  event_id: string;
  event_type: string | null;
  envelope: unknown;
  reason: string;
  attempts: number;
  origin: string;
  created_at: Date;
  replayed_at: Date | null;
  replay_error: string | null;
}

export interface TDeadLetterFilter {
  consumer?: string;
  /** Dead-letter row ids or event ids. */
  ids?: readonly string[];
  /** Also rows already replayed (listing only). */
  all?: boolean;
}

/** Dead letters of one schema, oldest first; `db` is the relay role (reads every tenant). */
export async function listDeadLetters(
  db: Kysely<unknown>,
  schema: string,
  filter: TDeadLetterFilter = {},
): Promise<TDeadLetterRow[]> {
  const ids = filter.ids?.length ? [...filter.ids] : null;
  const { rows } = await sql<TDeadLetterRow>`
    select * from ${sql.table(`${schema}.dead_letters`)}
    where (${filter.all ?? false} or replayed_at is null)
      and (${filter.consumer ?? null}::text is null or consumer = ${filter.consumer ?? null})
      and (${ids}::text[] is null or id::text = any(${ids}::text[]) or event_id = any(${ids}::text[]))
    order by id`.execute(db);
  return rows;
}

export interface TReplayResult {
  replayed: TDeadLetterRow[];
  failed: { letter: TDeadLetterRow; error: string }[];
}

/**
 * Runs the group's handler again on each pending dead letter (after the cause was fixed). A success
 * marks the row replayed; a failure keeps it pending with the new error. Handlers are idempotent, so
 * replaying an event that meanwhile arrived again changes nothing. `relayDb` lists and marks the rows;
 * the consumers run as the service does.
 */
export async function replayDeadLetters(
  relayDb: Kysely<unknown>,
  schema: string,
  consumers: readonly TConsumer[],
  filter: TDeadLetterFilter = {},
): Promise<TReplayResult> {
  const result: TReplayResult = { replayed: [], failed: [] };
  const table = sql.table(`${schema}.dead_letters`);
  for (const letter of await listDeadLetters(relayDb, schema, { ...filter, all: false })) {
    const consumer = consumers.find((c) => c.group === letter.consumer);
    try {
      if (!consumer) throw new Error(`no consumer group ${letter.consumer} in schema ${schema}`);
      await handleOnce(consumer, letter.envelope, 'replay');
      await sql`update ${table} set replayed_at = now(), replay_error = null where id = ${letter.id}`.execute(
        relayDb,
      );
      result.replayed.push(letter);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await sql`update ${table} set attempts = attempts + 1, replay_error = ${message} where id = ${letter.id}`.execute(
        relayDb,
      );
      result.failed.push({ letter, error: message });
    }
  }
  return result;
}
