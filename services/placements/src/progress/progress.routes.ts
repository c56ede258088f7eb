import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZProgressDocument,
  ZProgressQuery,
  ZProgressTimelineDocument,
} from '@stageplein/contracts/placements/progress';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import { internshipTimeline, periodProgress, periodProgressCsv } from './progress.service.ts';

const TAGS = ['progress'];
const ZPeriod = z.object({ periodId: z.uuid() });

/**
 * Internship progress (stagevoortgang, docs/decisions/progress.md): a period's internships with their
 * hours for the school, a mentor or the student; its CSV; one internship's timeline.
 */
export const progressRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/progress/periods/:periodId', {
    schema: {
      tags: TAGS,
      summary: "A page of a period's internships the caller may see, with hours and the behind-schedule flag",
      description:
        "Filters `group_id`, `level_id`, `mentor_id`, `behind`; `sort` (contracts PROGRESS_SORTS, default `student_name`); `page[number]`, `page[size]` (default 50, capped at 100). `meta.total` counts all pages; `meta.options` lists the filters' choices.",
      params: ZPeriod,
      querystring: ZProgressQuery,
      response: { 200: ZProgressDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const doc = await periodProgress(ctx, await callerOf(req, ctx.db), req.params.periodId, req.query);
      reply.header('cache-control', 'private, no-store');
      return doc;
    },
  });

  r.get('/api/v1/progress/periods/:periodId/export', {
    schema: {
      tags: TAGS,
      summary:
        'Every row of the list (same filters and sort, never paged) as CSV (`;`, UTF-8 with BOM; formula-safe cells)',
      params: ZPeriod,
      querystring: ZProgressQuery,
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const csv = await periodProgressCsv(ctx, await callerOf(req, ctx.db), req.params.periodId, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="stagevoortgang-${req.params.periodId}.csv"`)
        .send(csv);
    },
  });

  r.get('/api/v1/progress/periods/:periodId/internships/:internshipId', {
    schema: {
      tags: TAGS,
      summary: "One internship's figures and timeline (status changes and hours entries by date)",
      params: z.object({ periodId: z.uuid(), internshipId: z.uuid() }),
      response: { 200: ZProgressTimelineDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const doc = await internshipTimeline(ctx, caller, req.params.periodId, req.params.internshipId);
      reply.header('cache-control', 'private, no-store');
      return doc;
    },
  });
};
