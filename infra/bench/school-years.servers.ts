// Benchmark servers: `gateway` (the product's full path) or `bare` (Fastify + pg, the same query).
import Fastify from 'fastify';
import pg from 'pg';
import { parseConfig } from '../../services/kit/src/config/config.ts';
import { startPlatform } from '../../services/kit/src/runtime/platform.ts';
import { buildGateway } from '../../services/gateway/src/gateway.app.ts';
import { SERVICES } from '../../services/gateway/src/services.ts';
import { UI_DIRS } from '../../services/gateway/src/runtime.ts';

const [mode, ownerUrl] = process.argv.slice(2) as [string, string];

if (mode === 'gateway') {
  const config = parseConfig({
    DATABASE_URL: ownerUrl,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    AUTH_TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret!',
  });
  const platform = await startPlatform(ownerUrl, config, SERVICES);
  const app = await buildGateway({
    config: platform.deps.config,
    deps: platform.deps,
    services: SERVICES,
    ui: UI_DIRS,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`LISTENING ${(app.server.address() as { port: number }).port}`);
  process.on('SIGTERM', async () => {
    await app.close();
    await platform.close();
    process.exit(0);
  });
} else {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 20 });
  const app = Fastify();
  app.get('/api/v1/school_years', async (req) => {
    const tenant = String(req.headers['x-tenant']);
    const { rows } = await pool.query(
      'select id, name, start_date, end_date from organizations.school_years where tenant_id = $1 order by start_date',
      [tenant],
    );
    return { data: rows.map(({ id, ...attributes }) => ({ type: 'school_year', id, attributes })) };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`LISTENING ${(app.server.address() as { port: number }).port}`);
  process.on('SIGTERM', async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}
