import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZWriteBackDocument,
  ZWriteBackPreviewDocument,
  ZWriteBackPreviewQuery,
  ZWriteBackRequest,
} from '@stageplein/contracts/placements/write-back';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import { requestWriteBack, writeBackCsv, writeBackOf, writeBackPreview } from './write-back.service.ts';

const TAGS = ['write-back'];
const ZId = z.object({ id: z.uuid() });

/**
 * Write-back (issue #36 item 4, docs/decisions/write-back.md): a period's completed internships with their
 * hours and results, previewed, sent to the school's Magister or taken as its import file, with a report.
 * Only the current School's admins (contracts' mayWriteBackResults): 403; another school's period or run: 404.
 */
export const writeBackRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/write_backs/preview', {
    schema: {
      tags: TAGS,
      summary:
        "A period's completed internships as a write-back would send them: hours done and required, grade, when sent",
      querystring: ZWriteBackPreviewQuery,
      response: { 200: ZWriteBackPreviewDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const doc = await writeBackPreview(ctx, await callerOf(req, ctx.db), req.query.period_id);
      reply.header('cache-control', 'private, no-store');
      return doc;
    },
  });

  r.post('/api/v1/write_backs', {
    schema: {
      tags: TAGS,
      summary:
        "Start a write-back of a period's completed internships (or the chosen ones) to Magister or as the import file",
      description:
        'Answers 202 with the run; its workflow sends each internship once (an internship sent before is `already_sent`). Follow `GET /api/v1/write_backs/{id}`.',
      body: ZWriteBackRequest,
      response: { 202: ZWriteBackDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const doc = await requestWriteBack(ctx, caller, req.body.data.attributes);
      reply.status(202).header('location', `/api/v1/write_backs/${doc.data.id}`);
      return doc;
    },
  });

  r.get('/api/v1/write_backs/:id', {
    schema: {
      tags: TAGS,
      summary: 'A write-back run: its progress and report (every internship with its outcome)',
      params: ZId,
      response: { 200: ZWriteBackDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const doc = await writeBackOf(ctx, await callerOf(req, ctx.db), req.params.id);
      reply.header('cache-control', 'private, no-store');
      return doc;
    },
  });

  r.get('/api/v1/write_backs/:id/file', {
    schema: {
      tags: TAGS,
      summary:
        "A finished run as the school system's import file (CSV: student number, name, company, dates, hours, grade)",
      params: ZId,
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const csv = await writeBackCsv(ctx, await callerOf(req, ctx.db), req.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="terugschrijven-${req.params.id}.csv"`)
        .send(csv);
    },
  });
};
