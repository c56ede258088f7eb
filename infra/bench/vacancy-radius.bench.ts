// Radius search over 200,000 vacancies: GiST on cube/earthdistance against an integer grid cell with a
// btree index (vacancy-radius.sql). Each query: one tenant's published vacancies within 25 km of a
// place (places drawn by population), the total and the newest 25. Sequential on one connection,
// alternating the two queries, so both see the same machine.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase } from '@stageplein/kit/runtime/embedded-postgres';
import { startThrowawayPostgres } from '@stageplein/testing/throwaway-postgres';
import { cellsCovering, circleBox } from '@stageplein/placements/geo/grid';
import { loadNow, percentile, ROOT, recordResult } from './bench-lib.ts';

const QUERIES = 200;
const RADIUS_KM = 25;

const GIST = `
  select count(*) over () as total, id, title from bench_vacancies
  where tenant_id = $4 and status = 'published'
    and earth_box(ll_to_earth($1, $2), $3) @> ll_to_earth(latitude, longitude)
    and earth_distance(ll_to_earth($1, $2), ll_to_earth(latitude, longitude)) <= $3
  order by published_at desc, id desc limit 25`;
const GRID = `
  select count(*) over () as total, id, title from bench_vacancies
  where tenant_id = $4 and status = 'published' and geo_cell = any($5::int[])
    and latitude between $6 and $7 and longitude between $8 and $9
    and earth_distance(ll_to_earth($1, $2), ll_to_earth(latitude, longitude)) <= $3
  order by published_at desc, id desc limit 25`;

type TPlaceRow = [string, string, number, number, number];
const { places } = JSON.parse(
  readFileSync(path.join(ROOT, 'services/placements/src/geo/data/nl-places.json'), 'utf8'),
) as { places: TPlaceRow[] };
const populated = places.filter((p) => p[4] > 0);
const totalWeight = populated.reduce((s, p) => s + p[4], 0);
function randomPlace(): TPlaceRow {
  let r = Math.random() * totalWeight;
  for (const p of populated) if ((r -= p[4]) <= 0) return p;
  return populated[0]!;
}

const server = await startThrowawayPostgres('bench-vacancy-radius');
try {
  const url = await ensureDatabase(server.url, 'bench');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'create table bench_places (lat double precision, lng double precision, weight double precision)',
    );
    await client.query(
      `insert into bench_places select * from unnest($1::float8[], $2::float8[], $3::float8[])`,
      [populated.map((p) => p[2]), populated.map((p) => p[3]), populated.map((p) => p[4])],
    );
    const started = Date.now();
    // One statement at a time: VACUUM may not run in the implicit transaction of a multi-statement query.
    const script = readFileSync(path.join(ROOT, 'infra/bench/vacancy-radius.sql'), 'utf8');
    for (const statement of script.replace(/^--.*$/gm, '').split(/;\s*\n/)) {
      if (statement.trim()) await client.query(statement);
    }
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const params = (p: TPlaceRow) => {
      const box = circleBox(p[2], p[3], RADIUS_KM);
      return {
        gist: [p[2], p[3], RADIUS_KM * 1000, 'bench'],
        grid: [
          p[2],
          p[3],
          RADIUS_KM * 1000,
          'bench',
          cellsCovering(box),
          box.minLat,
          box.maxLat,
          box.minLng,
          box.maxLng,
        ],
      };
    };
    const timings = { gist: [] as number[], grid: [] as number[] };
    const totals: number[] = [];
    const run = async (kind: 'gist' | 'grid', sql: string, values: unknown[]) => {
      const t = process.hrtime.bigint();
      const { rows } = await client.query(sql, values);
      timings[kind].push(Number(process.hrtime.bigint() - t) / 1e6);
      return Number(rows[0]?.total ?? 0);
    };
    // Warm-up: the same number of both.
    for (let i = 0; i < 40; i++) {
      const p = params(randomPlace());
      await run('gist', GIST, p.gist);
      await run('grid', GRID, p.grid);
    }
    timings.gist.length = 0;
    timings.grid.length = 0;
    for (let i = 0; i < QUERIES; i++) {
      const p = params(randomPlace());
      const [a, b] = i % 2 ? (['grid', 'gist'] as const) : (['gist', 'grid'] as const);
      const ta = await run(a, a === 'gist' ? GIST : GRID, p[a]);
      const tb = await run(b, b === 'gist' ? GIST : GRID, p[b]);
      if (ta !== tb) throw new Error(`the two queries disagree: ${ta} vs ${tb} rows`);
      totals.push(ta);
    }
    const sample = params(populated[3]!); // Utrecht
    const plan = async (sql: string, values: unknown[]) =>
      (await client.query(`explain (analyze, costs off, timing off, summary off) ${sql}`, values)).rows
        .map((r: Record<string, string>) => r['QUERY PLAN']!)
        .filter((l: string) => /Scan|Sort|Limit|WindowAgg/.test(l))
        .map((l: string) => l.trim().replace(/^->\s*/, ''))
        .join(' → ');
    const row = (label: string, xs: number[]) =>
      `| ${label} | ${percentile(xs, 50).toFixed(1)} | ${percentile(xs, 95).toFixed(1)} | ${percentile(xs, 99).toFixed(1)} | ${Math.max(...xs).toFixed(1)} |`;
    const body = [
      '| index | p50 ms | p95 ms | p99 ms | max ms |',
      '|---|---|---|---|---|',
      row('GiST on ll_to_earth (cube/earthdistance), earth_box @>', timings.gist),
      row('btree on (tenant_id, geo_cell), 0.1° cells, bounding box + distance', timings.grid),
      '',
      `${QUERIES} queries each, alternating, one connection, after 40 of each as warm-up: a tenant's published vacancies within ${RADIUS_KM} km of a place drawn by population, \`count(*) over ()\` and the newest 25. 200,000 published rows in the tenant (plus 20,000 drafts and 20,000 of another tenant), spread over GeoNames' Dutch places by population; rows within the circle: median ${percentile(totals, 50)}, p95 ${percentile(totals, 95)}. Both queries return the same rows. Plans around Utrecht: GiST: ${await plan(GIST, sample.gist)}; grid: ${await plan(GRID, sample.grid)}. ${new Date().toISOString().slice(0, 10)}.`,
    ].join('\n');
    console.log(body);
    const p = (xs: number[], q: number) => percentile(xs, q).toFixed(0);
    recordResult('Vacancy radius search: GiST (cube/earthdistance) vs grid cell (btree)', {
      result: `grid p50 ${p(timings.grid, 50)} / p95 ${p(timings.grid, 95)} ms, GiST ${p(timings.gist, 50)} / ${p(timings.gist, 95)} ms (kept: grid)`,
      load: loadNow(),
    });
  } finally {
    await client.end();
  }
} finally {
  await server.stop();
}
