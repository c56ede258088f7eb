import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, type Kysely } from 'kysely';
import { freshDatabase } from '@stageplein/testing/harness';
import { createDb, createPool } from '../src/db/database.ts';
import { prepared } from '../src/db/prepared-statements.ts';

let db: Kysely<unknown>;

beforeAll(async () => {
  const { ownerUrl } = await freshDatabase([], { seed: false });
  // One connection: the statements below and the look at pg_prepared_statements share it.
  db = createDb(createPool(ownerUrl, 1));
});
afterAll(async () => {
  await db?.destroy();
});

const run = async <R>(s: { text: string; values: unknown[] }) =>
  (await db.executeQuery<R>(CompiledQuery.raw(s.text, s.values))).rows;

const preparedTexts = async () =>
  (
    await run<{ statement: string }>({ text: 'select statement from pg_prepared_statements', values: [] })
  ).map((r) => r.statement);

describe('prepared statements through Kysely', () => {
  it('runs a registered text by name, with its values as parameters, and leaves others unprepared', async () => {
    const shape = 'select $1::int + $2::int as sum /* prepared-statements test */';
    expect(await run<{ sum: number }>({ text: shape, values: [1, 2] })).toEqual([{ sum: 3 }]);
    expect(await preparedTexts()).not.toContain(shape);

    const statement = prepared({ text: shape, values: [20, 22] });
    expect(await run<{ sum: number }>(statement)).toEqual([{ sum: 42 }]);
    expect(await run<{ sum: number }>({ text: shape, values: [5, 6] })).toEqual([{ sum: 11 }]);
    expect(await preparedTexts()).toEqual([shape]);
  });

  it('plans a prepared statement once: a generic plan, never one per run', async () => {
    const shape = 'select $1::int - $2::int as difference /* generic plan test */';
    const statement = prepared({ text: shape, values: [] });
    for (let i = 0; i < 8; i++) await run({ ...statement, values: [i, 1] });
    expect(
      await run<{ generic_plans: number; custom_plans: number }>({
        text: 'select generic_plans, custom_plans from pg_prepared_statements where statement = $1',
        values: [shape],
      }),
    ).toEqual([{ generic_plans: 8, custom_plans: 0 }]);
  });

  it("builds a prepared statement's rows as pg builds any other: names, order, repeats, types, nulls", async () => {
    const shape = `select $1::int as id, 'a' as "__proto__", now() as at, 7::int8 as n, null::text as gone,
      1 as twice, 2 as twice, $2::text as "weird ""name"", with: punctuation" /* rows test */`;
    const plain = await run<Record<string, unknown>>({ text: shape, values: [1, 'x'] });
    const rows = await run<Record<string, unknown>>(prepared({ text: shape, values: [1, 'x'] }));
    expect(await preparedTexts()).toContain(shape);
    expect(rows).toStrictEqual([{ ...plain[0]!, at: rows[0]!.at }]);
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      '__proto__',
      'at',
      'n',
      'gone',
      'twice',
      'weird "name", with: punctuation',
    ]);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect(rows[0]).toMatchObject({
      id: 1,
      n: 7,
      gone: null,
      twice: 2,
      'weird "name", with: punctuation': 'x',
    });
    expect(Object.getOwnPropertyDescriptor(rows[0], '__proto__')?.value).toBe('a');
    expect(rows[0]!.at).toBeInstanceOf(Date);
  });
});

describe("prepared statements through pg's Pool.query (a callback inside)", () => {
  it('runs a registered text by name too, and an unregistered one unprepared', async () => {
    const { ownerUrl } = await freshDatabase([], { seed: false });
    const pool = createPool(ownerUrl, 1);
    try {
      const texts = async () =>
        (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
          (r) => r.statement,
        );
      const shape = 'select $1::int * $2::int as product /* Pool.query test */';
      expect((await pool.query(shape, [6, 7])).rows).toEqual([{ product: 42 }]);
      expect(await texts()).not.toContain(shape);
      prepared({ text: shape, values: [] });
      expect((await pool.query(shape, [3, 4])).rows).toEqual([{ product: 12 }]);
      expect(await texts()).toContain(shape);
      await expect(pool.query(shape, ['not a number', 1])).rejects.toThrow(/invalid input syntax/);
    } finally {
      await pool.end();
    }
  });
});
