// GET /api/v1/organizations?include=vacancies&page[size]=50 over 5,000 organizations of one tenant, signed
// in as a VolunteerCenter admin (who sees every status), through the gateway — against a bare Fastify + pg
// route running the same list query and building the same document, same concurrency, same run.
import { sql } from 'kysely';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { createDb, createPool } from '@stageplein/kit/db/database';
import {
  alternatingRounds,
  recordResult,
  signInDemoAdmin,
  startServer,
  stopServer,
  table,
  withSeededDatabase,
  type TLoadResult,
} from './bench-lib.ts';

const ORGANIZATIONS = 5_000;
const ROUNDS = 5;
const PATH = '/api/v1/organizations?include=vacancies&page[size]=50';

/** 5,000 organizations of every type and status, in real-looking towns, as one statement. */
async function seedMany(ownerUrl: string): Promise<void> {
  const owner = createDb(createPool(ownerUrl, 1));
  try {
    await sql`
      insert into organizations.organizations (tenant_id, type, status, name, city, postcode, address, website,
        latitude, longitude, description, created_at, updated_at)
      select 'demo',
        (array['School', 'VolunteerCenter', 'NonProfit', 'Provider'])[1 + i % 4],
        (array['approved', 'approved', 'approved', 'pending', 'denied', 'archived'])[1 + i % 6],
        'Organisatie ' || lpad(i::text, 5, '0'),
        (array['Utrecht', 'Amersfoort', 'Zeist', 'Nieuwegein', 'Houten'])[1 + i % 5],
        (3500 + i % 400)::text || ' AB', 'Dorpsstraat ' || i, 'https://organisatie' || i || '.test',
        52.09 + (i % 100) / 1000.0, 5.12 + (i % 100) / 1000.0, 'Een organisatie met stageplekken.', now(), now()
      from generate_series(1, ${ORGANIZATIONS}) as i`.execute(owner);
    // include=vacancies reads organizations' copy of placements' vacancies: every fifth organization has
    // two public ones (and one that is not), so a page of 50 includes 20.
    await sql`
      insert into organizations.vacancies (id, tenant_id, organization_id, title, kind, city, latitude, longitude,
        places, hours_per_week, starts_on, ends_on, published_at, closes_at, public, event_time)
      select gen_random_uuid(), o.tenant_id, o.id, 'Vacature ' || v || ' van ' || o.name, 'internship', o.city,
        o.latitude, o.longitude, 2, 16, current_date, current_date + 90, now() - v * interval '1 day', null,
        v < 3, now()
      from organizations.organizations o, generate_series(1, 3) as v
      where o.tenant_id = 'demo' and o.name like 'Organisatie %' and right(o.name, 1) in ('0', '5')`.execute(
      owner,
    );
    // The steady state of a table: vacuumed, so both sides count through the index alone. Otherwise
    // autovacuum does it in the middle of the run (within a minute), and the rounds before it compare
    // a heap scan that evaluates the RLS condition per row with one that compares a constant.
    await sql`vacuum analyze organizations.organizations`.execute(owner);
    await sql`vacuum analyze organizations.vacancies`.execute(owner);
  } finally {
    await owner.destroy();
  }
}

await withSeededDatabase('bench-organizations', async (ownerUrl) => {
  await seedMany(ownerUrl);
  const bare = await startServer('infra/bench/organizations.servers.ts', ['bare', ownerUrl]);
  const gateway = await startServer('infra/bench/organizations.servers.ts', ['gateway', ownerUrl]);
  try {
    const gatewayBase = `http://127.0.0.1:${gateway.port}`;
    const contenders = [
      {
        label: 'bare Fastify + pg (same query and document)',
        url: `http://127.0.0.1:${bare.port}${PATH}`,
        headers: { 'x-tenant': 'demo' },
      },
      {
        label: 'gateway → organizations (signed in, VolunteerCenter admin)',
        url: `${gatewayBase}${PATH}`,
        headers: await signInDemoAdmin(gatewayBase, {
          organizationId: seedOrganizationId('demo', 'volunteer-center'),
          path: PATH,
          ready: (total) => total > ORGANIZATIONS,
          seconds: 20,
          what: 'every organization',
        }),
      },
    ];
    // Both answer the same page: the same organizations and the same included vacancies.
    type TDoc = { data: { id: string }[]; included?: { type: string; id: string }[] };
    const key = (d: TDoc) =>
      JSON.stringify([d.data.map((x) => x.id), (d.included ?? []).map((x) => `${x.type}/${x.id}`)]);
    const [b0, g0] = (await Promise.all(
      contenders.map((c) => fetch(c.url, { headers: c.headers }).then((r) => r.json())),
    )) as [TDoc, TDoc];
    if (key(b0) !== key(g0)) throw new Error('bare and gateway answer different pages');
    const includedVacancies = g0.included?.filter((x) => x.type === 'vacancy').length ?? 0;
    if (includedVacancies === 0) throw new Error('the page includes no vacancies');
    const { medians, loads } = await alternatingRounds(contenders, { rounds: ROUNDS, seconds: 5 });
    const [b, g] = medians as [TLoadResult, TLoadResult];
    const ratio = g.requestsPerSecond / b.requestsPerSecond;
    const body = `${table([b, g], b)}\n\nTarget: gateway ≥ 0.6× bare. Result: ${ratio.toFixed(2)}× (${ratio >= 0.6 ? 'met' : 'NOT met'}). ${ORGANIZATIONS} organizations in the tenant, 50 per page, \`include=vacancies\` (${includedVacancies} public vacancies of the page included, from organizations' copy of placements' events); tables vacuumed after seeding (both sides count by index-only scan); both sides run the same two statements (the list with its total, timestamps formatted by PostgreSQL; the page's vacancies) and build the same document; bare pool of 10 connections like the gateway's per-tenant read pool; 16 client connections; median of ${ROUNDS} alternating rounds of 5 s, each after a 2 s warm-up; 1-minute load average after the rounds ${loads.map((l) => l.toFixed(1)).join(', ')}.`;
    console.log(`\nGET ${PATH}\n${body}`);
    recordResult('GET /api/v1/organizations?include=vacancies&page[size]=50 (gateway vs bare route)', {
      result: `${ratio.toFixed(2)}× bare (target 0.6×), gateway p99 ${g.p99} ms`,
      load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    });
  } finally {
    await stopServer(gateway.child);
    await stopServer(bare.child);
  }
});
