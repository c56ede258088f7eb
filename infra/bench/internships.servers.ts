// Benchmark servers for GET /api/v1/internships: `gateway` (the product's full path: gateway, tenant,
// credentials, current organization, caller, RLS transaction, the policy's scopes, JSON:API document
// with meta per internship) or `bare` (Fastify + pg running the same statement — the counts and the
// page with every relation looked up by key — and the same serializers, nothing else).
import Fastify from 'fastify';
import pg from 'pg';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { INTERNSHIPS_QUERY } from '@stageplein/contracts/placements/internships';
import { internshipScopes } from '@stageplein/contracts/placements/internship-policy';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
// The product's type parsers (dates as text, timestamptz by positions, int8 as numbers), so the bare
// route decodes rows as the gateway's pools do.
import '@stageplein/kit/db/database';
import { preparedPoolConfig } from '@stageplein/kit/db/prepared-statements';
import { parseJsonApiQuery } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, pageLinks } from '@stageplein/kit/jsonapi/serialize';
import { internshipsPageSql } from '@stageplein/placements/internships/internships.sql';
import { includedOfAll, internshipResource } from '@stageplein/placements/internships/internships.serialize';
import type { TInternshipView } from '@stageplein/placements/internships/internships.repository';
import { serveForBench, serveGatewayForBench } from './bench-lib.ts';

const [mode, ownerUrl] = process.argv.slice(2) as [string, string];

if (mode === 'gateway') {
  await serveGatewayForBench(ownerUrl);
} else {
  // As many connections as the product's read path has per tenant (kit tenantReadDbs), and like its
  // pools running the statement prepared.
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 10, ...preparedPoolConfig() });
  // The demo school's admin, as the gateway's caller is: the same scopes, so the same statements.
  const school = {
    id: seedOrganizationId('demo', 'school'),
    type: 'School' as const,
    status: 'approved' as const,
  };
  const scopes = internshipScopes({
    userId: 'bench',
    permissions: derivePermissions(
      [{ name: 'admin', resourceType: 'School', resourceId: school.id }],
      school,
    ),
    current: school,
  });
  const app = Fastify();
  app.get<{ Querystring: Record<string, string> }>('/api/v1/internships', async (req) => {
    const query = parseJsonApiQuery(req.query, INTERNSHIPS_QUERY);
    const page = internshipsPageSql(scopes, query);
    const result = await pool.query<TInternshipView & { total: number }>(page.text, [...page.values]);
    const total = result.rows[0]?.total ?? 0;
    const rows = result.rows.filter((r) => r.id !== null);
    return collectionDocument(
      rows.map((i) => internshipResource(i)),
      {
        included: includedOfAll(rows, query.include),
        total,
        links: pageLinks(`http://${req.host}${req.url}`, query, total),
      },
    );
  });
  await serveForBench(app, () => pool.end());
}
