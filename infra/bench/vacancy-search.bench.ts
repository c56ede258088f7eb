// The internship bank's search over 200,000 published vacancies of one tenant: text + two filters + a
// 25 km radius (first page, then the next page by cursor) and the map's markers, anonymous, through the
// gateway — against a bare Fastify + pg route running the same statements, same concurrency, same run.
// Also the statement alone on one connection (the database's share).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { MAX_MARKERS } from '@stageplein/contracts/placements/vacancy-search';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { PreparingClient, preparedPoolConfig } from '@stageplein/kit/db/prepared-statements';
import { parseSearch } from '@stageplein/placements/vacancy-search/vacancy-search.plan';
import { markersSql, searchPageSql } from '@stageplein/placements/vacancy-search/vacancy-search.sql';
import {
  alternatingRounds,
  cpuPerRequest,
  LOAD_TABLE_HEAD,
  loadRow,
  percentile,
  postgresPids,
  recordResult,
  ROOT,
  startServer,
  stopServer,
  withSeededDatabase,
} from './bench-lib.ts';

const VACANCIES = 200_000;
const ROUNDS = 3;
/** Requests one at a time per contender (after 5 warm-ups). */
const SINGLE = 40;
const LEVELS = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i + 1}`);
const SEARCH = `filter[search]=zorg&filter[level_id_in]=${LEVELS[2]}&filter[kind_eq]=internship&filter[near]=Utrecht&filter[within_km]=25&page[size]=20`;
const FIRST = `/api/v1/vacancies?${SEARCH}`;
const MARKERS = `/api/v1/vacancies/markers?filter[search]=zorg&filter[level_id_in]=${LEVELS[2]}&filter[kind_eq]=internship&filter[near]=Utrecht&filter[within_km]=25`;

/** The owner's connections name the tenant too: the search reads the tenant-filtering view. */
const TENANT_OPTION = '-c app.tenant_id=demo';

type TPlaceRow = [string, string, number, number, number];

/** 200,000 published vacancies over the Dutch places by population, 500 organizations, as statements. */
async function seedMany(ownerUrl: string): Promise<void> {
  const owner = createDb(createPool(ownerUrl, 1));
  const { places } = JSON.parse(
    readFileSync(path.join(ROOT, 'services/placements/src/geo/data/nl-places.json'), 'utf8'),
  ) as { places: TPlaceRow[] };
  const populated = places.filter((p) => p[4] > 0);
  try {
    await sql`delete from placements.vacancies`.execute(owner);
    await sql`create temp table bench_places as
      select name, lat, lng, sum(weight) over (order by lat, lng, name) / sum(weight) over () as upto
      from unnest(${populated.map((p) => p[0])}::text[], ${populated.map((p) => p[2])}::float8[],
        ${populated.map((p) => p[3])}::float8[], ${populated.map((p) => p[4])}::float8[]) as p(name, lat, lng, weight)`.execute(
      owner,
    );
    await sql`create index on bench_places (upto)`.execute(owner);
    await sql`insert into placements.organizations (id, tenant_id, organization_type, name, status, city, deleted, event_time)
      select ('10000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'demo',
        (array['Provider', 'NonProfit'])[1 + i % 2], 'Organisatie ' || i, 'approved', null, false, now()
      from generate_series(1, 500) as i`.execute(owner);
    await sql`insert into placements.vacancies (tenant_id, organization_id, title, description, description_html,
        city, latitude, longitude, hours_per_week, level_ids, tag_ids, kind, status, published_at, created_at, updated_at)
      select 'demo', ('10000000-0000-4000-8000-' || lpad((1 + i % 500)::text, 12, '0'))::uuid,
        (array['Stageplaats', 'Vrijwilliger', 'Leerwerkplek', 'Meewerkstage', 'Snuffelstage'])[1 + i % 5] || ' ' ||
        (array['zorg', 'techniek', 'horeca', 'administratie', 'sport', 'onderwijs', 'logistiek', 'detailhandel'])[1 + (i / 5) % 8] ||
        ' in ' || p.name,
        '{"type":"doc","content":[]}'::jsonb,
        '<p>Een afwisselende plek in ' || p.name || ' waar je meewerkt in ons team en veel leert.</p>',
        p.name, p.lat + (random() - 0.5) * 0.04, p.lng + (random() - 0.5) * 0.06, 4 + i % 33,
        array[${sql.lit(LEVELS[0])}::uuid, (array[${sql.join(LEVELS.map((l) => sql`${sql.lit(l)}::uuid`))}])[1 + i % 6]],
        '{}'::uuid[], (array['internship', 'volunteer'])[1 + i % 2], 'published',
        now() - (i % 400) * interval '1 day' - i * interval '1 second', now(), now()
      from generate_series(1, ${VACANCIES}) as i
      cross join lateral (select random() + i * 0 as r) as r
      cross join lateral (select name, lat, lng from bench_places where upto >= r.r order by upto limit 1) as p`.execute(
      owner,
    );
    await sql`vacuum analyze placements.vacancies`.execute(owner);
    await sql`vacuum analyze placements.vacancy_terms`.execute(owner);
    await sql`vacuum analyze placements.organizations`.execute(owner);
  } finally {
    await owner.destroy();
  }
}

/** The statement of each path on one connection, sequentially, prepared as the product runs it: the database's time per request. */
async function databaseTimes(ownerUrl: string, paths: Record<string, string>) {
  const client = new PreparingClient({ connectionString: ownerUrl, ...preparedPoolConfig(TENANT_OPTION) });
  await client.connect();
  try {
    const result: Record<string, { p50: number; p95: number }> = {};
    for (const [label, p] of Object.entries(paths)) {
      const url = new URL(p, 'http://bench');
      const parsed = parseSearch(Object.fromEntries(url.searchParams), 'demo', () => ({ kind: 'public' }));
      const s = url.pathname.endsWith('/markers')
        ? markersSql(parsed.plan, MAX_MARKERS + 1)
        : searchPageSql(parsed.plan, {
            size: parsed.query.page.size,
            offset: 0,
            after: parsed.cursor && { key: parsed.cursor.key, id: parsed.cursor.id },
          });
      const times: number[] = [];
      for (let i = 0; i < 220; i++) {
        const t = process.hrtime.bigint();
        await client.query(s.text, s.values);
        if (i >= 20) times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      result[label] = { p50: percentile(times, 50), p95: percentile(times, 95) };
    }
    return result;
  } finally {
    await client.end();
  }
}

await withSeededDatabase('bench-vacancy-search', async (ownerUrl) => {
  const started = Date.now();
  await seedMany(ownerUrl);
  console.log(`seeded ${VACANCIES} vacancies in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (process.env.BENCH_HOLD) {
    // Diagnosis: keep the seeded database up for an hour (psql its URL), then go on.
    console.log(`holding ${ownerUrl}`);
    await new Promise((r) => setTimeout(r, 3_600_000));
  }
  if (process.env.BENCH_EXPLAIN) {
    // Diagnosis: the first page's plan, then stop (no load).
    const client = new PreparingClient({ connectionString: ownerUrl, ...preparedPoolConfig(TENANT_OPTION) });
    await client.connect();
    const url = new URL(FIRST, 'http://bench');
    const parsed = parseSearch(Object.fromEntries(url.searchParams), 'demo', () => ({ kind: 'public' }));
    const s = searchPageSql(parsed.plan, { size: 20, offset: 0, after: null });
    for (let i = 0; i < 3; i++) await client.query(s.text, s.values);
    const { rows } = await client.query(`explain (analyze, buffers) ${s.text}`, s.values);
    console.log(rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
    await client.end();
    process.exit(0);
  }
  const gateway = await startServer('infra/bench/vacancy-search.servers.ts', ['gateway', ownerUrl]);
  let bare: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const gatewayBase = `http://127.0.0.1:${gateway.port}`;
    const first = await fetch(`${gatewayBase}${FIRST}`, { headers: { 'x-tenant': 'demo' } });
    const firstDoc = (await first.json()) as { meta: { total: number; next_cursor: string | null } };
    if (first.status !== 200 || !firstDoc.meta.next_cursor)
      throw new Error(`first page: ${first.status}, ${firstDoc.meta.total} matches`);
    const NEXT = `${FIRST}&page[cursor]=${firstDoc.meta.next_cursor}`;
    const paths = { 'first page': FIRST, 'next page (cursor)': NEXT, markers: MARKERS };
    bare = await startServer('infra/bench/vacancy-search.servers.ts', [
      'bare',
      ownerUrl,
      FIRST,
      NEXT,
      MARKERS,
    ]);
    const tenant = { 'x-tenant': 'demo' };
    // Both sides answer with the same vacancies (ids in order) and total before anything is measured.
    for (const [label, p] of Object.entries(paths)) {
      const answer = async (base: string) => {
        const doc = (await (await fetch(`${base}${p}`, { headers: tenant })).json()) as {
          data: { id: string }[];
          meta: { total: number };
        };
        return JSON.stringify([doc.meta.total, doc.data.map((d) => d.id)]);
      };
      const [b, g] = [await answer(`http://127.0.0.1:${bare.port}`), await answer(gatewayBase)];
      if (b !== g) throw new Error(`${label}: the gateway answers ${g}, the bare route ${b}`);
    }
    const contenders = Object.entries(paths).flatMap(([label, p]) => [
      { label: `${label}: bare Fastify + pg`, url: `http://127.0.0.1:${bare!.port}${p}`, headers: tenant },
      { label: `${label}: gateway → placements`, url: `${gatewayBase}${p}`, headers: tenant },
    ]);
    // One request at a time, alternating: an answer's time without the queueing that 16 connections on
    // the shared 2 cores add (the bare route misses the API p95 there too).
    const single: number[][] = contenders.map(() => []);
    for (let i = 0; i < SINGLE + 5; i++) {
      for (const [j, c] of contenders.entries()) {
        const started = performance.now();
        // Uncompressed, as autocannon asks (fetch would ask for gzip, which only the gateway does).
        const res = await fetch(c.url, { headers: { ...c.headers, 'accept-encoding': 'identity' } });
        await res.arrayBuffer();
        if (i >= 5) single[j]!.push(performance.now() - started);
      }
    }
    const { medians, loads } = await alternatingRounds(contenders, { rounds: ROUNDS, seconds: 5 });
    // CPU per request of each side, its server process with every PostgreSQL process: the work, which
    // the machine's load moves far less than throughput.
    const cpu = await cpuPerRequest(
      contenders.map((c, i) => ({
        pid: (i % 2 ? gateway : bare!).child.pid!,
        url: c.url,
        headers: c.headers,
      })),
      () => postgresPids('bench-vacancy-search'),
    );
    const db = await databaseTimes(ownerUrl, paths);
    const rows: string[] = [];
    const verdicts: string[] = [];
    const summaries: string[] = [];
    /** Paths whose bare route misses the API p95 at 16 connections and one at a time too. */
    const bareMisses: string[] = [];
    for (const [i, label] of Object.keys(paths).entries()) {
      const b = medians[2 * i]!;
      const g = medians[2 * i + 1]!;
      const ratio = g.requestsPerSecond / b.requestsPerSecond;
      const d = db[label]!;
      const [bOne, gOne] = [single[2 * i]!, single[2 * i + 1]!].map(
        (t) => `${percentile(t, 50).toFixed(0)} / ${percentile(t, 95).toFixed(0)}`,
      );
      const [bCpu, gCpu] = [cpu[2 * i]!, cpu[2 * i + 1]!].map((c) => (c / 1000).toFixed(2));
      rows.push(loadRow(b, b), loadRow(g, b));
      // Bare CPU over the gateway's: the ratio by work, comparable with the throughput target.
      const byCpu = cpu[2 * i]! / cpu[2 * i + 1]!;
      summaries.push(
        `${label} ${ratio.toFixed(2)}× by throughput, ${byCpu.toFixed(2)}× by CPU per request (${gCpu} ms, bare ${bCpu}), p95 ${g.p95} ms (bare ${b.p95}), one at a time p50 / p95 ${gOne} ms (bare ${bOne})`,
      );
      if (b.p95 > 40 && percentile(single[2 * i]!, 95) > 40) bareMisses.push(label);
      verdicts.push(
        `${label}: ratio ${ratio.toFixed(2)}× (${ratio >= 0.7 ? 'met' : 'NOT met'}), API p95 ${g.p95} ms (${g.p95 <= 40 ? 'met' : 'NOT met'}), database p50 ${d.p50.toFixed(1)} / p95 ${d.p95.toFixed(1)} ms (${d.p95 <= 10 ? 'met' : 'NOT met'})`,
      );
    }
    const body = [
      ...LOAD_TABLE_HEAD,
      ...rows,
      '',
      `Per path: ${summaries.join('; ')}.`,
      '',
      `Targets: gateway ≥ 0.7× bare, API p95 ≤ 40 ms, database p95 ≤ 10 ms. ${verdicts.join('; ')}.`,
      '',
      `Request: \`${FIRST.replace('/api/v1/vacancies?', '')}\` (${firstDoc.meta.total} matches of ${VACANCIES} published vacancies in the tenant, spread over GeoNames' Dutch places by population), its next page by \`page[cursor]\`, and the markers of the same search (one word near a place in the public bank: the matches from the bank's words alone, the level's copy of them, only the page's vacancies read and none for the markers; docs/decisions/vacancy-search.md). Anonymous, through the gateway (tenant, caller, the tenant-bound read connection with RLS, planning, JSON:API document with the full vacancy attributes); the bare route runs the same statements (planned once at its start) on a pool of 10 and returns the same rows. p95 from every response's time as the client saw it (autocannon's own histogram has no p95). Database: each statement alone, sequentially on one connection (owner role), 200 runs after 20 warm-up. 16 connections; median of ${ROUNDS} alternating rounds of 5 s, each after a 2 s warm-up; 1-minute load average after the rounds ${loads.map((l) => l.toFixed(1)).join(', ')}. One at a time: ${SINGLE} requests each, alternating, before the rounds. CPU per request: the server process with every PostgreSQL process (the gateway's outbox relay included), median of 5 alternating 2 s slices at 16 connections after the rounds.`,
    ].join('\n');
    console.log(body);
    recordResult('GET /api/v1/vacancies search, 200,000 vacancies (gateway vs bare route)', {
      result: `${summaries.join('; ')} (targets 0.7×, API p95 40 ms${bareMisses.length ? `; the bare route misses that p95 too, also one request at a time: ${bareMisses.join(', ')}` : ''})`,
      load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    });
  } finally {
    if (bare) await stopServer(bare.child);
    await stopServer(gateway.child);
  }
});
