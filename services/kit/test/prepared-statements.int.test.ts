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

  it('plans a prepared statement once: our pools ask for the generic plan', async () => {
    expect(await run<{ plan_cache_mode: string }>({ text: 'show plan_cache_mode', values: [] })).toEqual([
      { plan_cache_mode: 'force_generic_plan' },
    ]);
  });
});
