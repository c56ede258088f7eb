import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { freshDatabase } from '@stageplein/testing/harness';
import { createDb, createPool } from '../src/db/database.ts';
import { outboxMigrationV1 } from '../src/migrations/outbox.v1.ts';
import { outboxMigrationV2 } from '../src/migrations/outbox.v2.ts';

// An installation that ran v1 and has both sent and unsent events when v2 (log + queue) arrives. Each
// test migrates its own schema, so neither depends on what the other left.
let owner: Kysely<unknown>;

beforeAll(async () => {
  const { ownerUrl } = await freshDatabase([], { seed: false });
  owner = createDb(createPool(ownerUrl, 1));
});
afterAll(async () => {
  await owner?.destroy();
});

/** A schema with v1's outbox holding events 1–4: 1 and 3 sent, 2 failing, 4 waiting. */
async function installationOnV1(schema: string): Promise<void> {
  await sql.raw(`create schema ${schema}`).execute(owner);
  await outboxMigrationV1(schema).up(owner);
  for (const [n, sent, attempts, error] of [
    [1, true, 1, null],
    [2, false, 3, 'broker away'],
    [3, true, 1, null],
    [4, false, 0, null],
  ] as const) {
    await sql`insert into ${sql.table(`${schema}.outbox`)}
        (seq, id, tenant_id, type, aggregate_id, envelope, sent_at, attempts, last_error)
      values (${n}, gen_random_uuid(), 'demo', 'organizations.school_year.created', ${`aggregate-${n}`},
        '{}'::jsonb, ${sent ? sql`now()` : sql`null`}, ${attempts}, ${error})`.execute(owner);
  }
}

const columns = async (schema: string) =>
  (
    await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = ${schema} and table_name = 'outbox' order by ordinal_position`.execute(owner)
  ).rows.map((r) => r.column_name);

describe('outbox v2 on an installation with events', () => {
  it('queues exactly the unsent events with their attempts and last error, and keeps every event in the log', async () => {
    const schema = 'outbox_up';
    await installationOnV1(schema);
    await outboxMigrationV2(schema).up(owner);
    const { rows: queued } = await sql<{
      seq: string;
      aggregate_id: string;
      attempts: number;
      last_error: string | null;
    }>`select seq::text, aggregate_id, attempts, last_error from ${sql.table(`${schema}.outbox_pending`)} order by seq`.execute(
      owner,
    );
    expect(queued).toEqual([
      { seq: '2', aggregate_id: 'aggregate-2', attempts: 3, last_error: 'broker away' },
      { seq: '4', aggregate_id: 'aggregate-4', attempts: 0, last_error: null },
    ]);
    const { rows: logged } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(`${schema}.outbox`)}`.execute(owner);
    expect(logged[0]!.n).toBe(4);
    expect(await columns(schema)).not.toContain('sent_at');
  });

  it('goes back: down marks the queued events unsent again and the rest sent', async () => {
    const schema = 'outbox_down';
    await installationOnV1(schema);
    await outboxMigrationV2(schema).up(owner);
    await outboxMigrationV2(schema).down!(owner);
    const { rows } = await sql<{ seq: string; sent: boolean; attempts: number; last_error: string | null }>`
      select seq::text, sent_at is not null as sent, attempts, last_error from ${sql.table(`${schema}.outbox`)}
      order by seq`.execute(owner);
    expect(rows).toEqual([
      { seq: '1', sent: true, attempts: 0, last_error: null },
      { seq: '2', sent: false, attempts: 3, last_error: 'broker away' },
      { seq: '3', sent: true, attempts: 0, last_error: null },
      { seq: '4', sent: false, attempts: 0, last_error: null },
    ]);
  });
});
