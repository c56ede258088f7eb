import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { freshDatabase } from '@stageplein/testing/harness';
import { createDb, createPool } from '../src/db/database.ts';
import { fastTimestamptzParser } from '../src/db/timestamptz.ts';

let db: Kysely<unknown>;

beforeAll(async () => {
  const { ownerUrl } = await freshDatabase([], { seed: false });
  db = createDb(createPool(ownerUrl, 1));
});
afterAll(async () => {
  await db?.destroy();
});

const FALLBACK = Symbol('fallback');
const fallbacks: string[] = [];
const parse = fastTimestamptzParser((v) => {
  fallbacks.push(v);
  return FALLBACK;
});

/**
 * PostgreSQL's own text of random instants (years 100–9999, microseconds, some with fewer fraction
 * digits) in a session zone, with the instant as epoch milliseconds (floor, as a Date keeps them).
 */
async function instantsIn(zone: string) {
  await sql`select set_config('TimeZone', ${zone}, false)`.execute(db);
  const { rows } = await sql<{ text: string; ms: number }>`
    with t as (
      select timestamptz '0100-01-01 00:00:00+00'
        + (random() * (timestamptz '9999-12-31 00:00:00+00' - timestamptz '0100-01-01 00:00:00+00')) as t
      from generate_series(1, 3000)
      union all select date_trunc('second', now()) + (g * interval '10 milliseconds') from generate_series(1, 200) g
      union all select timestamptz '1900-01-01 00:00:00+00' + g * interval '1 day 1 microsecond' from generate_series(1, 200) g
    )
    select t::text as text, floor(extract(epoch from t) * 1000)::float8 as ms from t`.execute(db);
  return rows;
}

describe('timestamptz by fixed positions', () => {
  for (const zone of ['UTC', 'Europe/Amsterdam', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham']) {
    it(`reads PostgreSQL's text to the same instant, with the session in ${zone}`, async () => {
      fallbacks.length = 0;
      const rows = await instantsIn(zone);
      const wrong = rows.filter((r) => {
        const d = parse(r.text);
        return !(d instanceof Date) || d.getTime() !== r.ms;
      });
      expect(wrong).toEqual([]);
      expect(fallbacks).toEqual([]);
    });
  }

  it('leaves what is not plain ISO output to the default parser', async () => {
    await sql`select set_config('TimeZone', 'UTC', false)`.execute(db);
    const { rows } = await sql<{ text: string }>`
      select v::text as text from unnest(array[
        'infinity', '-infinity', '0044-03-15 12:00:00+00 BC', '0050-06-01 00:00:00+00', '12345-01-01 00:00:00+00'
      ]::timestamptz[]) v`.execute(db);
    fallbacks.length = 0;
    for (const r of rows) expect(parse(r.text)).toBe(FALLBACK);
    expect(fallbacks).toEqual(rows.map((r) => r.text));
    for (const odd of [
      '2026-11-27',
      '2026-11-27 18:20:27',
      '2026-11-27T18:20:27+00',
      '2026-11-27 18:20:27+0x',
    ])
      expect(parse(odd)).toBe(FALLBACK);
  });

  it("is the pools' parser: a query's timestamptz is that Date", async () => {
    await sql`select set_config('TimeZone', 'Asia/Kolkata', false)`.execute(db);
    const { rows } = await sql<{ t: Date; ms: number; infinite: unknown }>`
      select timestamptz '2026-11-27 18:20:27.727654+00' as t,
        floor(extract(epoch from timestamptz '2026-11-27 18:20:27.727654+00') * 1000)::float8 as ms,
        timestamptz 'infinity' as infinite`.execute(db);
    expect(rows[0]!.t).toBeInstanceOf(Date);
    expect(rows[0]!.t.toISOString()).toBe('2026-11-27T18:20:27.727Z');
    expect(rows[0]!.t.getTime()).toBe(rows[0]!.ms);
    expect(rows[0]!.infinite).toBe(Infinity);
  });
});
