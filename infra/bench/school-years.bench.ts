// GET /api/v1/school_years through the gateway (tenant, RLS transaction, JSON:API, tracing, headers)
// against a bare Fastify + pg route running the same query, same concurrency, same run.
import path from 'node:path';
import { parseConfig } from '../../services/kit/src/config/config.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../services/kit/src/runtime/embedded-postgres.ts';
import { prepareDatabase } from '../../services/kit/src/runtime/platform.ts';
import { SERVICES } from '../../services/gateway/src/services.ts';
import { ROOT, load, recordSection, startServer, stopServer, table } from './bench-lib.ts';

const pgServer = await startEmbeddedPostgres({
  dataDir: path.join(ROOT, '.data/postgres-bench'),
  port: 54349,
});
try {
  const ownerUrl = await ensureDatabase(pgServer.url, 'bench');
  await prepareDatabase(ownerUrl, parseConfig({ DATABASE_URL: ownerUrl }), SERVICES, { seed: true });
  const headers = { 'x-tenant': 'demo' };
  const results = [];
  for (const mode of ['bare', 'gateway'] as const) {
    const server = await startServer('infra/bench/school-years.servers.ts', [mode, ownerUrl]);
    try {
      results.push(
        await load(
          mode === 'bare' ? 'bare Fastify + pg' : 'gateway → organizations',
          `http://127.0.0.1:${server.port}/api/v1/school_years`,
          { headers },
        ),
      );
    } finally {
      await stopServer(server.child);
    }
  }
  const [bare, gateway] = results as [(typeof results)[0], (typeof results)[0]];
  const ratio = gateway.requestsPerSecond / bare.requestsPerSecond;
  const body = `${table(results, bare)}\n\nTarget: gateway ≥ 0.7× bare. Result: ${ratio.toFixed(2)}× (${ratio >= 0.7 ? 'met' : 'NOT met'}). 16 connections, 8 s after a 2 s warm-up, ${new Date().toISOString().slice(0, 10)}.`;
  console.log(`\nGET /api/v1/school_years\n${body}`);
  recordSection('GET /api/v1/school_years (gateway vs bare route)', body);
} finally {
  await pgServer.stop();
}
