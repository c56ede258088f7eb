// Benchmark servers for the vacancy search: `gateway` (the product's full path: gateway, tenant, caller,
// RLS, the search's planning and SQL, JSON:API documents) or `bare` (Fastify + pg running the same
// statements, planned once at start for the URLs it is given, and a plain document of the same rows).
import Fastify from 'fastify';
import pg from 'pg';
// The product's type parsers (dates as text, timestamptz by positions, int8 as numbers), so the bare
// route decodes rows as the gateway's pools do.
import '@stageplein/kit/db/database';
import { MAX_MARKERS } from '@stageplein/contracts/placements/vacancy-search';
import { preparedPoolConfig } from '@stageplein/kit/db/prepared-statements';
import { parseSearch } from '@stageplein/placements/vacancy-search/vacancy-search.plan';
import { markersSql, searchPageSql } from '@stageplein/placements/vacancy-search/vacancy-search.sql';
import { serveForBench, serveGatewayForBench } from './bench-lib.ts';

const [mode, ownerUrl, ...paths] = process.argv.slice(2) as [string, string, ...string[]];

if (mode === 'gateway') {
  await serveGatewayForBench(ownerUrl);
} else {
  // The tenant as a connection setting (the search reads the tenant-filtering view); the statements
  // prepared, as the product's pools run them.
  const pool = new pg.Pool({
    connectionString: ownerUrl,
    max: 10,
    ...preparedPoolConfig('-c app.tenant_id=demo'),
  });
  const statements = new Map(
    paths.map((path) => {
      const url = new URL(path, 'http://bench');
      const query = Object.fromEntries(url.searchParams);
      const parsed = parseSearch(query, 'demo', () => ({ kind: 'public' }));
      const { size, number } = parsed.query.page;
      const statement = url.pathname.endsWith('/markers')
        ? markersSql(parsed.plan, MAX_MARKERS + 1)
        : searchPageSql(parsed.plan, {
            size,
            offset: parsed.cursor ? 0 : (number - 1) * size,
            after: parsed.cursor && { key: parsed.cursor.key, id: parsed.cursor.id },
          });
      return [path, { ...statement, markers: url.pathname.endsWith('/markers'), size }];
    }),
  );
  const app = Fastify();
  const handler = async (req: { url: string }) => {
    const s = statements.get(req.url);
    if (!s) throw new Error(`not planned: ${req.url}`);
    const { rows } = await pool.query(s.text, s.values);
    if (s.markers) {
      return {
        data: rows.map((m) => ({
          type: 'vacancy_marker',
          id: m.id,
          attributes: { title: m.title, lat: m.lat, lng: m.lng },
        })),
        // As the product: the rows are the total unless there are more than it shows (not in this benchmark).
        meta: { total: rows.length },
      };
    }
    const found = rows.filter((r) => r.id !== null);
    return {
      data: found.map(({ total: _t, sort_key: _k, distance, ...v }) => ({
        type: 'vacancy',
        id: v.id,
        attributes: v,
        meta: { distance_km: distance },
      })),
      meta: {
        total: rows[0]?.total ?? 0,
        next_cursor: found.length === s.size ? found.at(-1)?.sort_key : null,
      },
    };
  };
  app.get('/api/v1/vacancies', handler);
  app.get('/api/v1/vacancies/markers', handler);
  await serveForBench(app, () => pool.end());
}
