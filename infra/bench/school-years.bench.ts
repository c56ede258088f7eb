// GET /api/v1/school_years through the gateway (tenant, RLS transaction, JSON:API, tracing, headers)
// against a bare Fastify + pg route running the same query, same concurrency, same run.
import { compareServers, loadNow, recordResult, table, withSeededDatabase } from './bench-lib.ts';

await withSeededDatabase('bench', async (ownerUrl) => {
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
  recordResult('GET /api/v1/school_years (gateway vs bare route)', {
    result: `${ratio.toFixed(2)}× bare (target 0.7×)`,
    load: loadNow(),
  });
});
