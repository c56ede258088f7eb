// GET /api/v1/school_years through the gateway (tenant, RLS transaction, JSON:API, tracing, headers)
// against a bare Fastify + pg route running the same query, same concurrency, same run.
import { parseConfig } from '@stageplein/kit/config/config';
import { generateAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { ensureDatabase } from '@stageplein/kit/runtime/embedded-postgres';
import { startThrowawayPostgres } from '@stageplein/testing/throwaway-postgres';
import { prepareDatabase } from '@stageplein/kit/runtime/platform';
import { SERVICES } from '@stageplein/stack/services';
import { compareServers, recordSection, table } from './bench-lib.ts';
import { STACK_CONFIG } from '@stageplein/stack/services';

const pgServer = await startThrowawayPostgres('bench');
try {
  const ownerUrl = await ensureDatabase(pgServer.url, 'bench');
  await prepareDatabase(
    ownerUrl,
    parseConfig({ DATABASE_URL: ownerUrl, AUTH_TOKEN_SECRET: generateAuthSecret() }, STACK_CONFIG),
    SERVICES,
    {
      seed: true,
    },
  );
  const headers = { 'x-tenant': 'demo' };
  const contender = (label: string, mode: string) => ({
    label,
    script: 'infra/bench/school-years.servers.ts',
    args: [mode, ownerUrl],
    path: '/api/v1/school_years',
    headers,
  });
  const results = await compareServers([
    contender('bare Fastify + pg', 'bare'),
    contender('gateway → organizations', 'gateway'),
  ]);
  const [bare, gateway] = results as [(typeof results)[0], (typeof results)[0]];
  const ratio = gateway.requestsPerSecond / bare.requestsPerSecond;
  const body = `${table(results, bare)}\n\nTarget: gateway ≥ 0.7× bare. Result: ${ratio.toFixed(2)}× (${ratio >= 0.7 ? 'met' : 'NOT met'}). 16 connections; median of 3 alternating rounds of 5 s, each after a 2 s warm-up; ${new Date().toISOString().slice(0, 10)}.`;
  console.log(`\nGET /api/v1/school_years\n${body}`);
  recordSection('GET /api/v1/school_years (gateway vs bare route)', body);
} finally {
  await pgServer.stop();
}
