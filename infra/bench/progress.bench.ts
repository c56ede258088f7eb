// GET /api/v1/progress/periods/{period}?page[number]=20&page[size]=50 (stagevoortgang): one page of 50
// in the middle of a period of 2,000 students with 30 hours entries each (60,000 entries), signed in
// as the demo School's admin (who sees all of them), through the gateway — against a bare Fastify + pg
// route running the same single statement (the page's rows, the count, the filter choices) on one
// connection and the same per-row arithmetic. Run: `npm run bench -- progress`; BENCH_EXPLAIN=1 prints
// the statement's plan instead.
import pg from 'pg';
import { sql } from 'kysely';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { createDb, createPool } from '@stageplein/kit/db/database';
import {
  alternatingRounds,
  LOAD_TABLE_HEAD,
  loadRow,
  recordResult,
  seedSchoolGroups,
  signInDemoAdmin,
  startServer,
  stopServer,
  withSeededDatabase,
  type TLoadResult,
  seriesId,
} from './bench-lib.ts';

const STUDENTS = 2_000;
const ENTRIES = 30;
const ROUNDS = 3;
/** A page is a small answer: several clients at once, as a school's staff pages through it. */
const CONNECTIONS = 4;
const PAGE = 20;
const PAGE_SIZE = 50;
const SECONDS = 10;
const SCHOOL = seedOrganizationId('demo', 'school');
const PERIOD = '51000000-0000-4000-8000-000000000001';
const PATH = `/api/v1/progress/periods/${PERIOD}?page[number]=${PAGE}&page[size]=${PAGE_SIZE}`;

const id = seriesId;

/**
 * One period of the demo School around today with 2,000 internships (one per student, self-found; statuses
 * approved/active/completed; half with their own requirement, the rest the period's default of 80),
 * 4 levels, 80 groups, 40 mentors (one per student), 30 entries per internship (confirmed, pending,
 * rejected), every tenth sheet signed off — every column of a row has something to carry.
 */
async function seedMany(ownerUrl: string): Promise<void> {
  const owner = createDb(createPool(ownerUrl, 1));
  try {
    await sql`insert into placements.users (id, tenant_id, email, first_name, last_name, status, deleted, created_at, event_time)
      select ${id('21000000', 'i')}, 'demo', 'voortgang' || i || '@bench.test', 'Leerling', 'Nummer ' || i, 'active', false, now(), now()
      from generate_series(1, ${STUDENTS}) as i`.execute(owner);
    await sql`insert into placements.users (id, tenant_id, email, first_name, last_name, status, deleted, created_at, event_time)
      select ${id('31000000', 'i')}, 'demo', 'mentor' || i || '@bench.test', 'Mentor', 'Nummer ' || i, 'active', false, now(), now()
      from generate_series(1, 40) as i`.execute(owner);
    await sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name, start_date,
        end_date, status, deleted, event_time)
      values (${PERIOD}, 'demo', ${SCHOOL}, ${id('61000000', '1')}, 'Voortgangsperiode',
        current_date - 60, current_date + 60, 'active', false, now())`.execute(owner);
    await sql`insert into placements.hours_period_defaults (internship_period_id, tenant_id, required_hours, updated_at)
      values (${PERIOD}, 'demo', 80, now())`.execute(owner);
    await seedSchoolGroups(owner, {
      schoolId: SCHOOL,
      levels: 4,
      groups: 80,
      students: STUDENTS,
      groupName: 'Groep ',
      levelPrefix: '71000000',
      groupPrefix: '72000000',
      studentPrefix: '21000000',
    });
    await sql`insert into placements.mentorships (id, tenant_id, school_id, mentor_id, student_id, removed, event_time)
      select ${id('73000000', 'i')}, 'demo', ${SCHOOL}, ${id('31000000', '1 + i % 40')}, ${id('21000000', 'i')}, false, now()
      from generate_series(1, ${STUDENTS}) as i`.execute(owner);
    await sql`insert into placements.internships (id, tenant_id, student_id, school_id, internship_period_id, title,
        contract_type, self_found, organization_name, hours, updating_hours_allowed, status, start_date, end_date,
        created_at, updated_at)
      select ${id('22000000', 'i')}, 'demo', ${id('21000000', 'i')}, ${SCHOOL}, ${PERIOD}, 'Stage ' || i, 'hours',
        true, 'Organisatie ' || (1 + i % 300), case when i % 2 = 0 then 60 + i % 40 end, i % 10 <> 0,
        (array['approved', 'active', 'active', 'completed'])[1 + i % 4],
        case when i % 3 = 0 then current_date - 40 end, case when i % 3 = 0 then current_date + 40 end, now(), now()
      from generate_series(1, ${STUDENTS}) as i`.execute(owner);
    await sql`insert into placements.hours_entries (tenant_id, internship_id, date, quarters, description, status,
        decided_at, created_at, updated_at)
      select 'demo', ${id('22000000', 'i')}, current_date - 59 + k, 2 + (i + k) % 10, 'Werk van dag ' || k,
        (array['confirmed', 'confirmed', 'pending', 'rejected'])[1 + (i + k) % 4],
        case when (i + k) % 4 <> 2 then now() end, now(), now()
      from generate_series(1, ${STUDENTS}) as i, generate_series(1, ${ENTRIES}) as k`.execute(owner);
    await sql`insert into placements.hours_sheets (internship_id, tenant_id, signed_off_at, signed_off_by, updated_at)
      select ${id('22000000', 'i')}, 'demo', now(), ${id('31000000', '1')}, now()
      from generate_series(10, ${STUDENTS}, 10) as i`.execute(owner);
    for (const t of [
      'internships',
      'users',
      'internship_periods',
      'hours_entries',
      'hours_sheets',
      'hours_period_defaults',
      'groups',
      'levels',
      'group_memberships',
      'mentorships',
    ])
      await sql.raw(`vacuum analyze placements.${t}`).execute(owner);
  } finally {
    await owner.destroy();
  }
}

await withSeededDatabase('bench-progress', async (ownerUrl) => {
  const started = Date.now();
  await seedMany(ownerUrl);
  console.log(
    `seeded ${STUDENTS} internships × ${ENTRIES} entries in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (process.env.BENCH_EXPLAIN) {
    // Diagnosis: the statement's plan as the bare route runs it, then stop (no load).
    const { progressSql } = await import('@stageplein/placements/progress/progress.repository');
    const { compile } = await import('@stageplein/placements/internships/internships.sql');
    const { internshipScopes } = await import('@stageplein/contracts/placements/internship-policy');
    const { derivePermissions } = await import('@stageplein/contracts/identity/permissions');
    const school = { id: SCHOOL, type: 'School' as const, status: 'approved' as const };
    const scopes = internshipScopes({
      userId: 'bench',
      permissions: derivePermissions([{ name: 'admin', resourceType: 'School', resourceId: SCHOOL }], school),
      current: school,
    }).filter((s) => s.kind !== 'organization');
    const s = compile(
      progressSql(PERIOD, scopes, {}, 'student_name', {
        page: { limit: PAGE_SIZE, offset: (PAGE - 1) * PAGE_SIZE },
        meta: true,
      }),
    );
    // Planned for its values (PostgreSQL's default for an unnamed statement, as the product's pools run
    // it) and generically (as they did while plan_cache_mode was forced for the whole session): mean of 20.
    for (const [label, options] of [
      ['custom plan', undefined],
      ['generic plan', '-c plan_cache_mode=force_generic_plan'],
    ] as const) {
      const client = new pg.Client({ connectionString: ownerUrl, options });
      await client.connect();
      for (let i = 0; i < 3; i++) await client.query(s.text, [...s.values]);
      const started = performance.now();
      for (let i = 0; i < 20; i++) await client.query(s.text, [...s.values]);
      console.log(`${label}: ${((performance.now() - started) / 20).toFixed(1)} ms per statement`);
      const { rows } = await client.query(`explain (analyze, buffers) ${s.text}`, [...s.values]);
      console.log(rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      await client.end();
    }
    process.exit(0);
  }
  const bare = await startServer('infra/bench/progress.servers.ts', ['bare', ownerUrl, PERIOD]);
  const gateway = await startServer('infra/bench/progress.servers.ts', ['gateway', ownerUrl]);
  try {
    const gatewayBase = `http://127.0.0.1:${gateway.port}`;
    const headers = await signInDemoAdmin(gatewayBase, {
      organizationId: SCHOOL,
      path: PATH,
      ready: (total) => total >= STUDENTS,
      seconds: 60,
      what: 'the period',
    });
    // Both answer the same rows: same ids in the same order, same figures and flags.
    type TDoc = { data: { id: string; attributes: Record<string, unknown> }[]; meta: { total: number } };
    const [b0, g0] = (await Promise.all([
      fetch(`http://127.0.0.1:${bare.port}${PATH}`).then((r) => r.json()),
      fetch(`${gatewayBase}${PATH}`, { headers }).then((r) => r.json()),
    ])) as [TDoc, TDoc];
    const key = (d: TDoc) =>
      JSON.stringify(
        d.data.map((x) => [
          x.id,
          x.attributes['hours_logged'],
          x.attributes['hours_confirmed'],
          x.attributes['behind_schedule'],
        ]),
      );
    if (key(b0) !== key(g0)) throw new Error('bare and gateway answer different rows');
    if (g0.data.length !== PAGE_SIZE || g0.meta.total !== STUDENTS || b0.meta.total !== STUDENTS)
      throw new Error(`not a page of ${PAGE_SIZE} of ${STUDENTS}: ${g0.data.length}, ${g0.meta.total}`);
    const behind = g0.data.filter((x) => x.attributes['behind_schedule']).length;
    // One request at a time first: the latency without queueing (median of 5 each).
    const single = async (url: string, h: Record<string, string>) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await (await fetch(url, { headers: h })).arrayBuffer();
        times.push(performance.now() - t0);
      }
      return Math.round(times.sort((x, y) => x - y)[2]!);
    };
    const singles = [
      await single(`http://127.0.0.1:${bare.port}${PATH}`, {}),
      await single(`${gatewayBase}${PATH}`, headers),
    ];
    const bytes = JSON.stringify(g0).length;
    const contenders = [
      {
        label: 'bare Fastify + pg (same statement and per-row arithmetic)',
        url: `http://127.0.0.1:${bare.port}${PATH}`,
        headers: {},
      },
      { label: 'gateway → placements (signed in, School admin)', url: `${gatewayBase}${PATH}`, headers },
    ];
    const { medians, loads } = await alternatingRounds(contenders, {
      rounds: ROUNDS,
      seconds: SECONDS,
      connections: CONNECTIONS,
      by: 'total',
    });
    const [b, g] = medians as [TLoadResult, TLoadResult];
    const ratio = g.total / b.total;
    const body = [
      ...LOAD_TABLE_HEAD,
      ...[b, g].map((r) => loadRow(r, b, SECONDS)),
      '',
      `Targets: gateway ≥ 0.6× bare, p99 ≤ 150 ms. Result: ${ratio.toFixed(2)}× (${ratio >= 0.6 ? 'met' : 'NOT met'}), gateway p99 ${g.p99} ms (${g.p99 <= 150 ? 'met' : 'NOT met'}).`,
      '',
      `Request: \`/api/v1/progress/periods/{period}?page[number]=${PAGE}&page[size]=${PAGE_SIZE}\` — page ${PAGE} (rows ${(PAGE - 1) * PAGE_SIZE + 1}–${PAGE * PAGE_SIZE}, \`meta.total\` ${g0.meta.total}) of a period of the demo School with ${STUDENTS} internships, ${ENTRIES} hours entries each (${STUDENTS * ENTRIES} entries), groups, levels and a mentor per student, every tenth sheet signed off (${Math.round(bytes / 1024)} kB, ${behind} rows of the page behind schedule), signed in as the School's admin. Both sides run the same single statement (\`progressSql\` with a page and the meta: the period's visible internships joined to the read models once, the count and the filters' choices from them, the page picked by the sort with limit/offset, then mentors, the lateral hours sums and the evaluation for those 50 only) on one connection, and the same per-row arithmetic (\`rowOf\`); the gateway runs it under RLS and adds the request path (tenant, credentials, current organization, caller, the period check, the policy's scopes). Bare pool of 10 connections like the gateway's per-tenant read pool; owner connection (no RLS predicate); ${CONNECTIONS} client connections; one request at a time beforehand (median of 5): bare ${singles[0]} ms, gateway ${singles[1]} ms; tables vacuumed after seeding; median of ${ROUNDS} alternating rounds of ${SECONDS} s, each after a 2 s warm-up; 1-minute load average after the rounds ${loads.map((l) => l.toFixed(1)).join(', ')} (2 cores shared with the other engineers' tests).`,
    ].join('\n');
    console.log(`\nGET ${PATH}\n${body}`);
    recordResult(
      'GET /api/v1/progress/periods/{period}, a page of 50 of 2,000 students × 30 entries (gateway vs bare route)',
      {
        result: `${ratio.toFixed(2)}× bare (target 0.6×), gateway p99 ${g.p99} ms (target 150 ms); one request at a time bare ${singles[0]} ms, gateway ${singles[1]} ms`,
        load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
      },
    );
  } finally {
    await stopServer(gateway.child);
    await stopServer(bare.child);
  }
});
