// GET /api/v1/internships with all seven includes, 50 per page, over 20,000 internships of one tenant,
// signed in as the demo School's admin (who sees all of them), through the gateway — against a bare
// Fastify + pg route running the same statement and serializers, same concurrency, same run.
import pg from 'pg';
import { sql } from 'kysely';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import { internshipScopes } from '@stageplein/contracts/placements/internship-policy';
import { parseJsonApiQuery } from '@stageplein/kit/jsonapi/query';
import { internshipsPageSql } from '@stageplein/placements/internships/internships.sql';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { INTERNSHIP_INCLUDES, INTERNSHIPS_QUERY } from '@stageplein/contracts/placements/internships';
import { createDb, createPool, dbUrls } from '@stageplein/kit/db/database';
import {
  alternatingRounds,
  LOAD_TABLE_HEAD,
  loadRow,
  recordResult,
  signInDemoAdmin,
  startServer,
  stopServer,
  withSeededDatabase,
  type TLoadResult,
  seriesId,
} from './bench-lib.ts';

const INTERNSHIPS = 20_000;
const ROUNDS = 3;
const PATH = `/api/v1/internships?include=${INTERNSHIP_INCLUDES.join(',')}&page[size]=50`;
const SCHOOL = seedOrganizationId('demo', 'school');

const id = seriesId;

/**
 * 20,000 internships of the demo School: 5,000 students, 300 organizations (with websites), 600
 * vacancies, 200 contact persons and supervisors, 10 periods — every include has something to carry.
 */
async function seedMany(ownerUrl: string): Promise<void> {
  const owner = createDb(createPool(ownerUrl, 1));
  try {
    await sql`insert into placements.users (id, tenant_id, email, first_name, last_name, status, deleted, created_at, event_time)
      select ${id('20000000', 'i')}, 'demo', 'leerling' || i || '@bench.test', 'Leerling', 'Nummer ' || i, 'active', false, now(), now()
      from generate_series(1, 5000) as i`.execute(owner);
    await sql`insert into placements.users (id, tenant_id, email, first_name, last_name, status, deleted, created_at, event_time)
      select ${id('30000000', 'i')}, 'demo', 'begeleider' || i || '@bench.test', 'Begeleider', 'Nummer ' || i, 'active', false, now(), now()
      from generate_series(1, 200) as i`.execute(owner);
    await sql`insert into placements.organizations (id, tenant_id, organization_type, name, status, city, deleted, event_time)
      select ${id('10000000', 'i')}, 'demo', 'Provider', 'Organisatie ' || i, 'approved',
        (array['Utrecht', 'Amersfoort', 'Zeist'])[1 + i % 3], false, now()
      from generate_series(1, 300) as i`.execute(owner);
    await sql`insert into placements.organization_websites (id, tenant_id, website, event_time)
      select ${id('10000000', 'i')}, 'demo', 'https://organisatie' || i || '.test', now()
      from generate_series(1, 300) as i`.execute(owner);
    await sql`insert into placements.vacancies (id, tenant_id, organization_id, title, description, description_html,
        kind, status, published_at, created_at, updated_at)
      select ${id('40000000', 'i')}, 'demo', ${id('10000000', '1 + i % 300')}, 'Stageplaats ' || i,
        '{"type":"doc","content":[]}'::jsonb, '', 'internship', 'published', now(), now(), now()
      from generate_series(1, 600) as i`.execute(owner);
    await sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name, start_date,
        end_date, status, event_time)
      select ${id('50000000', 'i')}, 'demo', ${SCHOOL}, ${id('60000000', '1')}, 'Periode ' || i,
        date '2027-01-01' + i * 7, date '2027-03-01' + i * 7, 'active', now()
      from generate_series(1, 10) as i`.execute(owner);
    await sql`insert into placements.internships (tenant_id, student_id, school_id, organization_id, vacancy_id,
        internship_period_id, contact_person_id, supervisor_id, title, contract_type, self_found, organization_name,
        updating_hours_allowed, status, start_date, end_date, created_at, updated_at)
      select 'demo', ${id('20000000', '1 + i % 5000')}, ${SCHOOL}, ${id('10000000', '1 + (i % 600) % 300')},
        ${id('40000000', '1 + i % 600')}, ${id('50000000', '1 + i % 10')}, ${id('30000000', '1 + i % 200')},
        ${id('30000000', '1 + (i + 7) % 200')}, 'Stageplaats ' || (1 + i % 600), 'contract', false,
        'Organisatie ' || (1 + (i % 600) % 300), false,
        (array['applied', 'accepted', 'approved', 'active', 'completed', 'declined'])[1 + i % 6],
        date '2027-01-01' + i % 200, date '2027-05-01' + i % 200,
        now() - i * interval '1 minute', now()
      from generate_series(1, ${INTERNSHIPS}) as i`.execute(owner);
    for (const t of [
      'internships',
      'users',
      'organizations',
      'organization_websites',
      'vacancies',
      'internship_periods',
      'internship_tallies',
    ])
      await sql.raw(`vacuum analyze placements.${t}`).execute(owner);
  } finally {
    await owner.destroy();
  }
}

await withSeededDatabase('bench-internships', async (ownerUrl, config) => {
  const started = Date.now();
  await seedMany(ownerUrl);
  console.log(`seeded ${INTERNSHIPS} internships in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (process.env.BENCH_EXPLAIN) {
    // Diagnosis, then stop (no load): the statement's plan and mean time as the bare route runs it (owner,
    // no RLS predicate) and as the product does (the app role on a tenant-bound read connection, RLS on).
    const query = parseJsonApiQuery(
      Object.fromEntries(new URL(PATH, 'http://bench').searchParams),
      INTERNSHIPS_QUERY,
    );
    const school = { id: SCHOOL, type: 'School' as const, status: 'approved' as const };
    const scopes = internshipScopes({
      userId: 'bench',
      permissions: derivePermissions([{ name: 'admin', resourceType: 'School', resourceId: SCHOOL }], school),
      current: school,
    });
    const s = internshipsPageSql(scopes, query);
    const app = dbUrls(ownerUrl, config.DATABASE_APP_PASSWORD).app;
    for (const [label, client] of [
      ['owner (bare)', new pg.Client({ connectionString: ownerUrl })],
      ['app role, RLS (gateway)', new pg.Client({ connectionString: app, options: '-c app.tenant_id=demo' })],
    ] as const) {
      await client.connect();
      for (let i = 0; i < 3; i++) await client.query(s.text, [...s.values]);
      const started = performance.now();
      for (let i = 0; i < 20; i++) await client.query(s.text, [...s.values]);
      console.log(
        `\n${label}: ${((performance.now() - started) / 20).toFixed(1)} ms per statement (mean of 20)`,
      );
      const { rows } = await client.query(`explain (analyze, buffers) ${s.text}`, [...s.values]);
      console.log(rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      await client.end();
    }
    process.exit(0);
  }
  const bare = await startServer('infra/bench/internships.servers.ts', ['bare', ownerUrl]);
  const gateway = await startServer('infra/bench/internships.servers.ts', ['gateway', ownerUrl]);
  try {
    const gatewayBase = `http://127.0.0.1:${gateway.port}`;
    const headers = await signInDemoAdmin(gatewayBase, {
      organizationId: SCHOOL,
      path: PATH,
      ready: (total) => total >= INTERNSHIPS,
      seconds: 30,
      what: 'the internships',
    });
    // Both answer the same page: same ids, same included resources.
    const [b0, g0] = await Promise.all([
      fetch(`http://127.0.0.1:${bare.port}${PATH}`, { headers: { 'x-tenant': 'demo' } }).then((r) =>
        r.json(),
      ),
      fetch(`${gatewayBase}${PATH}`, { headers }).then((r) => r.json()),
    ]);
    const key = (d: { data: { id: string }[]; included: { type: string; id: string }[] }) =>
      JSON.stringify([d.data.map((x) => x.id), d.included.map((x) => `${x.type}/${x.id}`).sort()]);
    if (key(b0) !== key(g0)) throw new Error('bare and gateway answer different pages');
    const documentKb = (Buffer.byteLength(JSON.stringify(g0)) / 1024).toFixed(0);
    const contenders = [
      {
        label: 'bare Fastify + pg (same statements and serializers)',
        url: `http://127.0.0.1:${bare.port}${PATH}`,
        headers: { 'x-tenant': 'demo' },
      },
      { label: 'gateway → placements (signed in, School admin)', url: `${gatewayBase}${PATH}`, headers },
    ];
    // One request at a time, alternating (median of 21 each): the cost of one answer without the
    // queueing that 16 connections on a shared machine add to the rounds below.
    const single: number[][] = contenders.map(() => []);
    for (let i = 0; i < 21; i++) {
      for (const [j, c] of contenders.entries()) {
        const started = performance.now();
        // Uncompressed, as autocannon asks (fetch would ask for gzip, which only the gateway does).
        const res = await fetch(c.url, { headers: { ...c.headers, 'accept-encoding': 'identity' } });
        await res.arrayBuffer();
        single[j]!.push(performance.now() - started);
      }
    }
    const [bareOne, gatewayOne] = single.map((t) => t.sort((a, b) => a - b)[10]!.toFixed(0));
    const { medians, loads } = await alternatingRounds(contenders, { rounds: ROUNDS, seconds: 5 });
    const [b, g] = medians as [TLoadResult, TLoadResult];
    const ratio = g.requestsPerSecond / b.requestsPerSecond;
    const body = [
      ...LOAD_TABLE_HEAD,
      ...[b, g].map((r) => loadRow(r, b)),
      '',
      `Targets: gateway ≥ 0.6× bare, p99 ≤ 80 ms. Result: ${ratio.toFixed(2)}× (${ratio >= 0.6 ? 'met' : 'NOT met'}), gateway p99 ${g.p99} ms (${g.p99 <= 80 ? 'met' : 'NOT met'}).`,
      '',
      `Request: \`${PATH}\` — ${INTERNSHIPS} internships of the demo School (5,000 students, 300 organizations, 600 vacancies, 10 periods, 200 contact persons and supervisors), all seven includes, 50 per page (a ${documentKb} kB document), signed in as the School's admin. Both sides run the same statement (the total from the per-school-and-organization tallies and the page with its seven relations as primary-key lookups, one round trip) and the same serializers; the gateway adds the request path (tenant, credentials, the current organization's facts (a per-process memo, dropped by organizations' events), caller, the tenant-bound read connection with RLS, the policy's scopes and per-internship \`meta.actions\`). Bare pool of 10 connections like the gateway's per-tenant read pool; owner connection (no RLS predicate); 16 client connections; one request at a time beforehand (median of 21): bare ${bareOne} ms, gateway ${gatewayOne} ms; tables vacuumed after seeding; median of ${ROUNDS} alternating rounds of 5 s, each after a 2 s warm-up; 1-minute load average after the rounds ${loads.map((l) => l.toFixed(1)).join(', ')}.`,
    ].join('\n');
    console.log(`\nGET ${PATH}\n${body}`);
    recordResult('GET /api/v1/internships, all seven includes, 20,000 internships (gateway vs bare route)', {
      result: `${ratio.toFixed(2)}× bare (target 0.6×), gateway p99 ${g.p99} ms (target 80 ms); one request at a time bare ${bareOne} ms, gateway ${gatewayOne} ms`,
      load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    });
  } finally {
    await stopServer(gateway.child);
    await stopServer(bare.child);
  }
});
