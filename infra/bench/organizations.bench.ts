// GET /api/v1/organizations?include=vacancies&page[size]=50 over 5,000 organizations of one tenant, signed
// in as a VolunteerCenter admin (who sees every status), through the gateway — against a bare Fastify + pg
// route running the same list query and building the same document, same concurrency, same run.
import { sql } from 'kysely';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { createDb, createPool } from '@stageplein/kit/db/database';
import {
  alternatingRounds,
  recordSection,
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
    // The steady state of a table: vacuumed, so both sides count through the index alone. Otherwise
    // autovacuum does it in the middle of the run (within a minute), and the rounds before it compare
    // a heap scan that evaluates the RLS condition per row with one that compares a constant.
    await sql`vacuum analyze organizations.organizations`.execute(owner);
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
    const { medians } = await alternatingRounds(contenders, { rounds: ROUNDS, seconds: 5 });
    const [b, g] = medians as [TLoadResult, TLoadResult];
    const ratio = g.requestsPerSecond / b.requestsPerSecond;
    const body = `${table([b, g], b)}\n\nTarget: gateway ≥ 0.6× bare. Result: ${ratio.toFixed(2)}× (${ratio >= 0.6 ? 'met' : 'NOT met'}). ${ORGANIZATIONS} organizations in the tenant, 50 per page, \`include=vacancies\` (empty until placements exists); table vacuumed after seeding (both sides count by index-only scan); both sides run the same statement, timestamps formatted by PostgreSQL; bare pool of 10 connections like the gateway's per-tenant read pool; 16 client connections; median of ${ROUNDS} alternating rounds of 5 s, each after a 2 s warm-up; ${new Date().toISOString().slice(0, 10)}.`;
    console.log(`\nGET ${PATH}\n${body}`);
    recordSection('GET /api/v1/organizations?include=vacancies&page[size]=50 (gateway vs bare route)', body);
  } finally {
    await stopServer(gateway.child);
    await stopServer(bare.child);
  }
});
