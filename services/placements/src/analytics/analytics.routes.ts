import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAnalyticsQuery,
  ZAnalyticsRowsDocument,
  ZAnalyticsRowsQuery,
  ZOrganizationAnalyticsDocument,
  ZSchoolAnalyticsDocument,
} from '@stageplein/contracts/placements/analytics';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import {
  organizationAnalytics,
  schoolAnalytics,
  schoolAnalyticsCsv,
  schoolAnalyticsRows,
} from './analytics.service.ts';

const TAGS = ['analytics'];

/** Analytics (issue #37, docs/decisions/analytics.md): the school's view and the organization's. */
export const analyticsRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/analytics/school', {
    schema: {
      tags: TAGS,
      summary:
        "The school's numbers for a period (action numbers first), by status, phase, group and organization",
      description:
        'For admins of the School acted for. Filters `period_id` (default: the current period, else the next), `group_id`, `level_id`; `weeks`: the warning window before the period starts.',
      querystring: ZAnalyticsQuery,
      response: { 200: ZSchoolAnalyticsDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const doc = await schoolAnalytics(ctx, await callerOf(req, ctx.db), req.query);
      reply.header('cache-control', 'private, no-store');
      return doc;
    },
  });

  r.get('/api/v1/analytics/school/internships', {
    schema: {
      tags: TAGS,
      summary: 'A page of the internships (or students, for `without_placement`) behind a number',
      querystring: ZAnalyticsRowsQuery,
      response: { 200: ZAnalyticsRowsDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const doc = await schoolAnalyticsRows(ctx, await callerOf(req, ctx.db), req.query);
      reply.header('cache-control', 'private, no-store');
      return doc;
    },
  });

  r.get('/api/v1/analytics/school/export', {
    schema: {
      tags: TAGS,
      summary: 'Every row behind a number as CSV (`;`, UTF-8 with BOM; formula-safe cells)',
      querystring: ZAnalyticsRowsQuery,
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const csv = await schoolAnalyticsCsv(ctx, await callerOf(req, ctx.db), req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="analytics-${req.query.metric ?? 'all'}.csv"`)
        .send(csv);
    },
  });

  r.get('/api/v1/analytics/organization', {
    schema: {
      tags: TAGS,
      summary:
        "The organization's view: its vacancies, applicants, interns, hours to confirm, contracts to sign",
      response: { 200: ZOrganizationAnalyticsDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const doc = await organizationAnalytics(ctx, await callerOf(req, ctx.db));
      reply.header('cache-control', 'private, no-store');
      return doc;
    },
  });
};
