// Benchmark servers for GET /api/v1/organizations: `gateway` (the product's full path: gateway, tenant,
// credential check, current organization, RLS, JSON:API documents) or `bare` (Fastify + pg
// running the same two statements — the list, then the page's public vacancies for include=vacancies —
// and building the same document, nothing else).
import Fastify from 'fastify';
import pg from 'pg';
// The product's type parsers (timestamptz by positions, int8 as numbers), as the gateway's pools decode rows.
import '@stageplein/kit/db/database';
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

/**
 * `include=vacancies`: the text Kysely builds for the repository's `publicVacanciesOf` (organizations'
 * read model of placements' vacancies), one parameter per organization of the page.
 */
const vacanciesSql = (n: number) =>
  `select * from "organizations"."vacancies" where "organization_id" in (${Array.from(
    { length: n },
    (_, i) => `$${i + 1}`,
  ).join(', ')}) and "public" = $${n + 1} order by "published_at" desc, "id"`;

interface TVacancyRow {
  id: string;
  organization_id: string;
  title: string;
  kind: string;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  places: number;
  hours_per_week: number | null;
  starts_on: string | null;
  ends_on: string | null;
  published_at: Date | null;
  closes_at: Date | null;
}

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
    const ids = [...new Set(rows.map((o) => o.id as string))];
    const vacancies = new Map<string, TVacancyRow[]>();
    if (ids.length > 0) {
      const found = await pool.query<TVacancyRow>(vacanciesSql(ids.length), [...ids, true]);
      for (const v of found.rows)
        vacancies.set(v.organization_id, [...(vacancies.get(v.organization_id) ?? []), v]);
    }
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
          vacancies: { data: (vacancies.get(o.id) ?? []).map((v) => ({ type: 'vacancy', id: v.id })) },
        },
      })),
      included: rows.flatMap((o) =>
        (vacancies.get(o.id) ?? []).map((v) => ({
          type: 'vacancy',
          id: v.id,
          attributes: {
            title: v.title,
            kind: v.kind,
            organization_id: v.organization_id,
            city: v.city,
            latitude: v.latitude,
            longitude: v.longitude,
            places: v.places,
            hours_per_week: v.hours_per_week,
            starts_on: v.starts_on,
            ends_on: v.ends_on,
            published_at: v.published_at?.toISOString() ?? null,
            closes_at: v.closes_at?.toISOString() ?? null,
          },
        })),
      ),
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
