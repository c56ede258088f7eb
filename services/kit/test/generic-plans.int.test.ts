import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { freshDatabase } from '@stageplein/testing/harness';
import { createPool } from '../src/db/database.ts';
import { prepared } from '../src/db/prepared-statements.ts';

/**
 * `plan_cache_mode` is a session setting that PostgreSQL applies to every statement with parameters,
 * the unnamed ones Kysely sends too. Our pools plan only registered statements generically: any other
 * statement is planned for its values, so a partial index whose predicate a parameter names is used.
 */
let pool: pg.Pool;

beforeAll(async () => {
  const { ownerUrl } = await freshDatabase([], { seed: false });
  // One connection: every statement below shares its session and its plan mode.
  pool = createPool(ownerUrl, 1);
  await pool.query(`create table probe (id int primary key, org int not null, pub boolean not null)`);
  await pool.query(`insert into probe select i, i % 1000, i % 3 = 0 from generate_series(1, 30000) i`);
  await pool.query(`create index probe_pub on probe (org) where pub`);
  await pool.query(`analyze probe`);
});
afterAll(async () => {
  await pool?.end();
});

const UNREGISTERED = `select * from probe where org in ($1, $2) and pub = $3`;
const REGISTERED = `select * from probe where org in ($1, $2) and pub = $3 /* registered */`;
prepared({ text: REGISTERED, values: [] });

/** The plan PostgreSQL ran for `text` with `values`, as auto_explain reports it to the client. */
async function planOf(client: pg.PoolClient, text: string, values: unknown[]): Promise<string> {
  const notices: string[] = [];
  const onNotice = (n: { message?: string }) => notices.push(String(n.message));
  client.on('notice', onNotice);
  try {
    await client.query(text, values);
    return notices.join('\n');
  } finally {
    client.off('notice', onNotice);
  }
}

/** How often the registered statement was planned generically and for its values on this connection. */
async function plansOfRegistered(client: pg.PoolClient) {
  const { rows } = await client.query<{ generic_plans: number; custom_plans: number }>(
    'select generic_plans, custom_plans from pg_prepared_statements where statement = $1',
    [REGISTERED],
  );
  return rows[0];
}

describe("our pools' plans", () => {
  it('plan an unregistered statement for its values and a registered one generically, switching as needed', async () => {
    const client = await pool.connect();
    try {
      await client.query(`load 'auto_explain'`);
      await client.query(`set auto_explain.log_min_duration = 0`);
      await client.query(`set auto_explain.log_level = notice`);
      // Planned for its values: the parameter proves the partial index's predicate.
      expect(await planOf(client, UNREGISTERED, [5, 7, true])).toMatch(/probe_pub/);
      // Registered: one generic plan (which cannot use the partial index), never one per run.
      expect(await planOf(client, REGISTERED, [5, 7, true])).toMatch(/Seq Scan on probe/);
      await client.query(REGISTERED, [1, 2, false]);
      expect(await plansOfRegistered(client)).toEqual({ generic_plans: 2, custom_plans: 0 });
      // And back, on the same connection.
      expect(await planOf(client, UNREGISTERED, [5, 7, true])).toMatch(/probe_pub/);
      // A rollback undoes a switch made in its transaction: the next statement of that kind switches again.
      await client.query('begin');
      await client.query(REGISTERED, [5, 7, true]);
      await client.query('rollback');
      await client.query(REGISTERED, [5, 7, true]);
      expect(await plansOfRegistered(client)).toEqual({ generic_plans: 4, custom_plans: 0 });
      await client.query('begin');
      await client.query(UNREGISTERED, [5, 7, true]);
      await client.query('rollback');
      expect(await planOf(client, UNREGISTERED, [5, 7, true])).toMatch(/probe_pub/);
    } finally {
      await client.query(`reset auto_explain.log_min_duration`);
      client.release();
    }
  });
});
