// Benchmark servers: `gateway` (the product's full path) or `bare` (Fastify + pg, the same query).
import Fastify from 'fastify';
import pg from 'pg';
import { serveForBench, serveGatewayForBench } from './bench-lib.ts';

const [mode, ownerUrl] = process.argv.slice(2) as [string, string];

if (mode === 'gateway') {
  await serveGatewayForBench(ownerUrl);
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
  await serveForBench(app, () => pool.end());
}
