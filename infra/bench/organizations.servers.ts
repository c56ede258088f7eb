// Benchmark servers for GET /api/v1/organizations: `gateway` (the product's full path: gateway, tenant,
// credential check, current organization, RLS, JSON:API documents) or `bare` (Fastify + pg
// running the same list query and building the same document, nothing else).
import Fastify from 'fastify';
import pg from 'pg';
import { serveForBench, serveGatewayForBench } from './bench-lib.ts';

const [mode, ownerUrl] = process.argv.slice(2) as [string, string];

/**
 * The statement the organizations repository runs for a moderator who sees every type (RLS adds the
 * tenant), timestamps formatted by PostgreSQL exactly as the repository has them formatted, so both
 * sides run the same query.
 */
const iso = (column: string) =>
  `to_char(o.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;
const LIST_SQL = `
  select o.id, o.type, o.status, o.name, o.website, o.city, o.parent_id, ${iso('created_at')}, ${iso('updated_at')},
    (select p.type from organizations.organizations p where p.id = o.parent_id) as parent_type,
    (select count(*) from organizations.organizations o where o.tenant_id = $1) as total
  from organizations.organizations o
  where o.tenant_id = $1
  order by o.name asc, o.id
  limit $2 offset $3`;

if (mode === 'gateway') {
  await serveGatewayForBench(ownerUrl);
} else {
  // As many connections as the product's read path has per tenant (kit tenantReadDbs), so both sides
  // get the same database concurrency and the difference is the request path itself.
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 10 });
  const app = Fastify();
  app.get<{ Querystring: Record<string, string> }>('/api/v1/organizations', async (req) => {
    const tenant = String(req.headers['x-tenant']);
    const size = Number(req.query['page[size]'] ?? 25);
    const number = Number(req.query['page[number]'] ?? 1);
    const { rows } = await pool.query(LIST_SQL, [tenant, size, (number - 1) * size]);
    const total = Number(rows[0]?.total ?? 0);
    const url = new URL(`http://${req.host}${req.url}`);
    const at = (n: number) => (url.searchParams.set('page[number]', String(n)), url.toString());
    const last = Math.max(1, Math.ceil(total / size));
    return {
      data: rows.map((o) => ({
        type: o.type,
        id: o.id,
        attributes: {
          name: o.name,
          status: o.status,
          website: o.website,
          city: o.city,
          parent_id: o.parent_id,
          created_at: o.created_at,
          updated_at: o.updated_at,
        },
        relationships: {
          profile: { data: { type: 'profile', id: o.id } },
          parent: { data: o.parent_id ? { type: o.parent_type, id: o.parent_id } : null },
          vacancies: { data: [] },
        },
      })),
      meta: { total },
      links: {
        self: at(number),
        first: at(1),
        last: at(last),
        prev: number > 1 ? at(number - 1) : null,
        next: number < last ? at(number + 1) : null,
      },
    };
  });
  await serveForBench(app, () => pool.end());
}
