// Benchmark servers for GET /api/v1/progress/periods/{period}: `gateway` (the product's full path:
// gateway, tenant, credentials, current organization, caller, RLS transaction, the period check, the
// policy's scopes, the zod-checked document) or `bare` (Fastify + pg running the same single statement
// of a page, `progressSql`, on one connection, and the same per-row arithmetic, `rowOf`, nothing else).
import Fastify from 'fastify';
import pg from 'pg';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { internshipScopes } from '@stageplein/contracts/placements/internship-policy';
// The product's type parsers (dates as text, timestamptz by positions, int8 as numbers), so the bare
// route decodes rows as the gateway's pools do.
import '@stageplein/kit/db/database';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import { compile } from '@stageplein/placements/internships/internships.sql';
import {
  progressResult,
  progressSql,
  type TProgressStatementRow,
} from '@stageplein/placements/progress/progress.repository';
import { pageOf, periodMeta, rowOf } from '@stageplein/placements/progress/progress.service';
import { serveForBench, serveGatewayForBench } from './bench-lib.ts';

const [mode, ownerUrl, periodId] = process.argv.slice(2) as [string, string, string];

if (mode === 'gateway') {
  await serveGatewayForBench(ownerUrl);
} else {
  // As many connections as the product's read path has per tenant (kit tenantReadDbs).
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 10 });
  const school = {
    id: seedOrganizationId('demo', 'school'),
    type: 'School' as const,
    status: 'approved' as const,
  };
  // The demo school's admin, as the gateway's caller is (without the workplace scope, as progress).
  const scopes = internshipScopes({
    userId: 'bench',
    permissions: derivePermissions(
      [{ name: 'admin', resourceType: 'School', resourceId: school.id }],
      school,
    ),
    current: school,
  }).filter((s) => s.kind !== 'organization');
  const { rows: periods } = await pool.query(
    `select id, school_id, name, start_date, end_date from placements.internship_periods where id = $1`,
    [periodId],
  );
  const period = periods[0];
  const app = Fastify();
  // The product's one statement of a page (the page's rows, the total, the filters' choices).
  app.get<{ Querystring: Record<string, string> }>('/api/v1/progress/periods/:periodId', async (req) => {
    const today = new Date().toISOString().slice(0, 10);
    const page = pageOf({
      'page[number]': Number(req.query['page[number]'] ?? 1),
      'page[size]': Number(req.query['page[size]'] ?? 50),
    });
    const statement = compile(progressSql(periodId, scopes, {}, 'student_name', { page, meta: true }));
    const result = progressResult(
      (await pool.query<TProgressStatementRow>(statement.text, [...statement.values])).rows,
    );
    const data = result.rows.map((row) => rowOf(row, period, today));
    return {
      data,
      meta: {
        period: periodMeta(period, today),
        total: result.total,
        page: { number: page.number, size: page.size },
        options: result.options,
      },
    };
  });
  await serveForBench(app, () => pool.end());
}
