// GET /api/v1/analytics/school?period_id={period} (the /analytics page's call, issue #37) for a school
// with 5,000 students over 3 periods (15,000 internships in analytics' read model), signed in as the
// demo School's admin, through the gateway at 16 connections. Target: p95 ≤ 100 ms. Also the rows
// behind "students without a placement" (the drill-down's first page, paged in SQL) and the drill-down's
// statement against reading every row (as it did before). Run: `npm run bench -- analytics`.
// The read models are seeded directly (as the progress benchmark seeds its tables): this measures the
// read path, not the consumer.
import { sql } from 'kysely';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { createDb, createPool } from '@stageplein/kit/db/database';
import {
  LOAD_TABLE_HEAD,
  load,
  loadNow,
  loadRow,
  recordResult,
  seedDemoStudents,
  seedSchoolGroups,
  seriesId,
  vacuumAnalyze,
  signInDemoAdmin,
  startServer,
  stopServer,
  type TLoadResult,
  withSeededDatabase,
} from './bench-lib.ts';

const STUDENTS = 5_000;
const CONNECTIONS = 16;
const SECONDS = 10;
const ROUNDS = 3;
const SCHOOL = seedOrganizationId('demo', 'school');
/** Three periods: the last one (ended), the running one, the next. */
const PERIODS = [
  '52000000-0000-4000-8000-000000000001',
  '52000000-0000-4000-8000-000000000002',
  '52000000-0000-4000-8000-000000000003',
] as const;
const PERIOD = PERIODS[1];
const PATH = `/api/v1/analytics/school?period_id=${PERIOD}`;
const DRILL = `/api/v1/analytics/school/internships?period_id=${PERIOD}&metric=without_placement&page[size]=25`;

const id = seriesId;

/**
 * 5,000 students of the demo School (the student role, a group of 100 in 4 levels), 3 periods, one
 * internship per student per period at one of 300 organizations (most placed; some applied, declined,
 * withdrawn), hours figures and requirements, phases, a contract out for signing for every 7th, an
 * opened evaluation for every 5th, an overdue task for every 11th, 300 published vacancies.
 */
async function seedMany(ownerUrl: string): Promise<void> {
  const owner = createDb(createPool(ownerUrl, 1));
  try {
    await seedDemoStudents(owner, {
      schoolId: SCHOOL,
      count: STUDENTS,
      userPrefix: '23000000',
      rolePrefix: '24000000',
      emailPrefix: 'analyse',
    });
    for (const [n, period] of PERIODS.entries())
      await sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name, start_date,
          end_date, status, deleted, event_time)
        values (${period}, 'demo', ${SCHOOL}, ${id('62000000', '1')}, ${`Analyseperiode ${n + 1}`},
          current_date + ${(n - 1) * 120 - 60}::int, current_date + ${(n - 1) * 120 + 60}::int, 'active', false, now())`.execute(
        owner,
      );
    await sql`insert into placements.analytics_period_defaults (period_id, tenant_id, required_hours)
      select p, 'demo', 80 from unnest(${[...PERIODS]}::uuid[]) as p`.execute(owner);
    await seedSchoolGroups(owner, {
      schoolId: SCHOOL,
      levels: 4,
      groups: 100,
      students: STUDENTS,
      groupName: 'Klas ',
      levelPrefix: '74000000',
      groupPrefix: '75000000',
      studentPrefix: '23000000',
    });
    await sql`insert into placements.analytics_vacancies (id, tenant_id, organization_id, title, status, hidden, places, published_at)
      select ${id('76000000', 'i')}, 'demo', ${id('77000000', '1 + i % 300')}, 'Stageplek ' || i, 'published', false, 1 + i % 3, now()
      from generate_series(1, 300) as i`.execute(owner);
    await sql`insert into placements.analytics_internships (id, tenant_id, school_id, student_id, organization_id,
        organization_name, vacancy_id, period_id, status, start_date, end_date, applied_at, placed_at, required_hours,
        hours_logged, hours_confirmed, hours_pending, phase_id, phase_name, contract_id, contract_status,
        contract_out_since, evaluation_id, evaluation_outstanding)
      select ${id('25000000', '(p - 1) * 100000 + i')}, 'demo', ${SCHOOL}, ${id('23000000', 'i')},
        ${id('77000000', '1 + i % 300')}, 'Organisatie ' || (1 + i % 300),
        case when i % 4 = 0 then ${id('76000000', '1 + i % 300')} end, (${[...PERIODS]}::uuid[])[p],
        s.status, current_date - 40, current_date + 40, now() - interval '90 days' + (i % 60) * interval '1 day',
        case when s.status in ('accepted', 'approved', 'active', 'completed') then now() - interval '30 days' + (i % 20) * interval '1 day' end,
        case when i % 2 = 0 then 60 + i % 40 end, i % 90, i % 70, i % 20,
        case when i % 3 <> 0 then ${id('78000000', '1 + i % 5')} end,
        case when i % 3 <> 0 then jsonb_build_object('nl', 'Fase ' || (1 + i % 5), 'en', 'Phase ' || (1 + i % 5)) end,
        case when i % 7 = 0 then ${id('79000000', '(p - 1) * 100000 + i')} end,
        case when i % 7 = 0 then 'signing' end,
        case when i % 7 = 0 then now() - (i % 40) * interval '1 day' end,
        case when i % 5 = 0 then ${id('7a000000', '(p - 1) * 100000 + i')} end, i % 10 = 0
      from generate_series(1, 3) as p, generate_series(1, ${STUDENTS}) as i,
        lateral (select (array['active', 'active', 'approved', 'completed', 'accepted', 'applied', 'declined', 'withdrawn',
          'active', 'approved', 'active', 'submitted', 'completed'])[1 + (i + p) % 13]::text as status) s
      where i % 29 <> 0`.execute(owner);
    await sql`insert into placements.analytics_overdue_tasks (phase_task_id, tenant_id, internship_id, due_at)
      select ${id('7b000000', '(p - 1) * 100000 + i')}, 'demo', ${id('25000000', '(p - 1) * 100000 + i')}, now() - interval '3 days'
      from generate_series(1, 3) as p, generate_series(11, ${STUDENTS}, 11) as i where i % 29 <> 0`.execute(
      owner,
    );
    await vacuumAnalyze(
      owner,
      [
        'analytics_internships',
        'analytics_overdue_tasks',
        'analytics_vacancies',
        'analytics_period_defaults',
        'auth_roles',
        'users',
        'groups',
        'levels',
        'group_memberships',
        'internship_periods',
      ].map((t) => `placements.${t}`),
    );
  } finally {
    await owner.destroy();
  }
}

/**
 * The drill-down's statement with its page (SQL's limit) against the same statement reading every row of
 * the number (as the CSV does; the drill-down did before it paged in SQL), alternating on one connection as
 * the owner (no RLS): the median of 15 of each, per metric, in ms.
 */
async function drillStatements(ownerUrl: string) {
  const { drillRows } = await import('@stageplein/placements/analytics/analytics.repository');
  const db = createDb(createPool(ownerUrl, 1)) as Parameters<typeof drillRows>[0];
  const f = { schoolId: SCHOOL, periodId: PERIOD };
  const now = new Date();
  const ms = async (run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    return performance.now() - t0;
  };
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  try {
    const out: { metric: string; rows: number; page: number; every: number }[] = [];
    for (const metric of ['without_placement', 'all'] as const) {
      const page = () => drillRows(db, f, metric, now, {}, { limit: 25, offset: 0 });
      const every = () => drillRows(db, f, metric, now);
      const { total } = await page();
      await every();
      const times = { page: [] as number[], every: [] as number[] };
      for (let i = 0; i < 15; i++) {
        times.page.push(await ms(page));
        times.every.push(await ms(every));
      }
      out.push({ metric, rows: total, page: mid(times.page), every: mid(times.every) });
    }
    return out;
  } finally {
    await db.destroy();
  }
}

await withSeededDatabase('bench-analytics', async (ownerUrl) => {
  const started = Date.now();
  await seedMany(ownerUrl);
  console.log(`seeded ${STUDENTS} students × 3 periods in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (process.env.BENCH_EXPLAIN) {
    // Diagnosis: the numbers' statement, its time (mean of 10) and plan, as the owner (no RLS), then stop.
    const [{ schoolSummarySql, drillSql }, { compile }, pg] = await Promise.all([
      import('@stageplein/placements/analytics/analytics.repository'),
      import('@stageplein/placements/internships/internships.sql'),
      import('pg'),
    ]);
    // BENCH_EXPLAIN=drill: the drill-down's first page of students without a placement instead.
    const f = { schoolId: SCHOOL, periodId: PERIOD };
    const s = compile(
      process.env.BENCH_EXPLAIN === 'drill'
        ? drillSql(f, 'without_placement', new Date(), {}, { limit: 25, offset: 0 })
        : schoolSummarySql(f, new Date()),
    );
    const client = new pg.default.Client({ connectionString: ownerUrl });
    await client.connect();
    for (let i = 0; i < 3; i++) await client.query(s.text, [...s.values]);
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) await client.query(s.text, [...s.values]);
    console.log(`${((performance.now() - t0) / 10).toFixed(1)} ms per statement (load ${loadNow()})`);
    const { rows } = await client.query(`explain (analyze, buffers) ${s.text}`, [...s.values]);
    console.log(rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
    await client.end();
    return;
  }
  const gateway = await startServer('infra/bench/progress.servers.ts', ['gateway', ownerUrl]);
  try {
    const base = `http://127.0.0.1:${gateway.port}`;
    const headers = await signInDemoAdmin(base, {
      organizationId: SCHOOL,
      path: PATH,
      ready: () => true,
      seconds: 60,
      what: 'the analytics',
    });
    const first = (await (await fetch(`${base}${PATH}`, { headers })).json()) as {
      data: {
        attributes: { students: number; action: Record<string, number>; applications: { total: number } };
      };
    };
    const a = first.data.attributes;
    if (a.students < STUDENTS || a.applications.total < STUDENTS * 0.9)
      throw new Error(`not the seeded school: ${JSON.stringify(a)}`);
    const results: { summary: TLoadResult[]; drill: TLoadResult[]; loads: string[] } = {
      summary: [],
      drill: [],
      loads: [],
    };
    for (let round = 0; round < ROUNDS; round++) {
      results.summary.push(
        await load('gateway: /analytics numbers', `${base}${PATH}`, {
          headers,
          connections: CONNECTIONS,
          seconds: SECONDS,
        }),
      );
      results.drill.push(
        await load('gateway: drill-down, first page', `${base}${DRILL}`, {
          headers,
          connections: CONNECTIONS,
          seconds: SECONDS,
        }),
      );
      results.loads.push(loadNow());
    }
    const statements = await drillStatements(ownerUrl);
    const statementText = statements
      .map(
        (x) =>
          `${x.metric} (${x.rows} rows) page ${x.page.toFixed(1)} ms vs every row ${x.every.toFixed(1)} ms (${(x.page / x.every).toFixed(2)}×)`,
      )
      .join('; ');
    const median = (rs: TLoadResult[]) => [...rs].sort((x, y) => x.p95 - y.p95)[Math.floor(rs.length / 2)]!;
    const [s, d] = [median(results.summary), median(results.drill)];
    const body = [
      ...LOAD_TABLE_HEAD,
      loadRow(s, s, SECONDS),
      loadRow(d, s, SECONDS),
      '',
      `p95 of every round: numbers ${results.summary.map((r) => r.p95).join(', ')} ms; drill-down ${results.drill.map((r) => r.p95).join(', ')} ms. Target: numbers p95 ≤ 100 ms at ${CONNECTIONS} connections: ${s.p95 <= 100 ? 'met' : 'NOT met'} (${s.p95} ms). Action numbers: ${JSON.stringify(a.action)}. 1-minute load after each round: ${results.loads.join(', ')}.`,
      `Drill-down statement, first page of 25 against the same statement without its limit (every row, as the CSV reads), owner, 1 connection, median of 15: ${statementText}.`,
    ].join('\n');
    console.log(`\nGET ${PATH}\n${body}`);
    recordResult(
      'GET /api/v1/analytics/school, a school of 5,000 students × 3 periods (gateway, 16 connections)',
      {
        result: `numbers p95 ${s.p95} ms (target 100 ms), ${s.requestsPerSecond} req/s; drill-down page p95 ${d.p95} ms (its statement ${statements.map((x) => `${(x.page / x.every).toFixed(2)}×`).join(' and ')} of reading every row, ${statements.map((x) => x.metric).join(' and ')})`,
        load: `${Math.min(...results.loads.map(Number)).toFixed(1)}–${Math.max(...results.loads.map(Number)).toFixed(1)}`,
      },
    );
  } finally {
    await stopServer(gateway.child);
  }
});
