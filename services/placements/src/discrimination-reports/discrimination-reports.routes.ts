import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDiscriminationCloseBody,
  ZDiscriminationContactBody,
  ZDiscriminationOrganizationCollection,
  ZDiscriminationOrganizationDocument,
  ZDiscriminationReportBody,
  ZDiscriminationReportCollection,
  ZDiscriminationReportDocument,
  ZDiscriminationReportsQuery,
} from '@stageplein/contracts/placements/discrimination-reports';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import { organizationResource, reportResource } from './discrimination-reports.serialize.ts';
import {
  closeReport,
  fileReport,
  listReports,
  readReport,
  recordContact,
  reportOrganizations,
  setOrganizationPause,
} from './discrimination-reports.service.ts';

const TAGS = ['discrimination_reports'];
const PATH = '/api/v1/discrimination_reports';
const ZId = z.object({ id: z.uuid() });
const ZOrganizationId = z.object({ organization_id: z.uuid() });

/**
 * Discrimination reports (docs/decisions/discrimination-reports.md): the student's report of a declined
 * application, the school admins' view per organization and their actions. Nothing here answers an
 * organization: its admins get 403 on every route.
 */
export const discriminationReportsRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'private, no-store' };

  r.post(PATH, {
    schema: {
      tags: TAGS,
      summary: 'Report a suspected discriminatory refusal of one of your applications',
      description:
        "A student acting for their School, about their own application the organization declined (409 `report_not_possible` otherwise; another student's is 404). One report per application: repeating answers the first report (200) and changes nothing.",
      body: ZDiscriminationReportBody,
      response: { 200: ZDiscriminationReportDocument, 201: ZDiscriminationReportDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const filed = await fileReport(ctx, await callerOf(req, ctx.db), req.body.data.attributes);
      return reply
        .status(filed.created ? 201 : 200)
        .headers(noStore)
        .send({ data: reportResource(filed) });
    },
  });

  r.get(PATH, {
    schema: {
      tags: TAGS,
      summary: "The school's reports (its admins, with the reporter) or the student's own",
      querystring: ZDiscriminationReportsQuery,
      response: { 200: ZDiscriminationReportCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const reports = await listReports(ctx, await callerOf(req, ctx.db), {
        internship_id: req.query['filter[internship_id]'],
        organization_id: req.query['filter[organization_id]'],
      });
      reply.headers(noStore);
      return { data: reports.map(reportResource), meta: { total: reports.length } };
    },
  });

  r.get(`${PATH}/organizations`, {
    schema: {
      tags: TAGS,
      summary:
        "The school's reports per organization: counts and whether it paused the organization's vacancies",
      response: { 200: ZDiscriminationOrganizationCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const rows = await reportOrganizations(ctx, await callerOf(req, ctx.db));
      reply.headers(noStore);
      return { data: rows.map(organizationResource), meta: { total: rows.length } };
    },
  });

  for (const [method, paused] of [
    ['post', true],
    ['delete', false],
  ] as const)
    r[method](`${PATH}/organizations/:organization_id/pause`, {
      schema: {
        tags: TAGS,
        summary: paused
          ? "Pause the organization's vacancies for the school's students"
          : "Lift the school's pause on the organization's vacancies",
        description:
          'School admins, for an organization the school has a report about (404 otherwise). Repeating changes nothing.',
        params: ZOrganizationId,
        response: { 200: ZDiscriminationOrganizationDocument },
      },
      handler: async (req, reply) => {
        const ctx = await contextOf(req, deps);
        const row = await setOrganizationPause(
          ctx,
          await callerOf(req, ctx.db),
          req.params.organization_id,
          paused,
        );
        reply.headers(noStore);
        return { data: organizationResource(row) };
      },
    });

  r.get(`${PATH}/:id`, {
    schema: {
      tags: TAGS,
      summary: "One report: its school's admins (with the reporter and the actions) or its reporter",
      params: ZId,
      response: { 200: ZDiscriminationReportDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const report = await readReport(ctx, await callerOf(req, ctx.db), req.params.id);
      reply.headers(noStore);
      return { data: reportResource(report) };
    },
  });

  r.post(`${PATH}/:id/contacts`, {
    schema: {
      tags: TAGS,
      summary: 'Record contact with the organization about the report (a note)',
      params: ZId,
      body: ZDiscriminationContactBody,
      response: { 200: ZDiscriminationReportDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const report = await recordContact(
        ctx,
        await callerOf(req, ctx.db),
        req.params.id,
        req.body.data.attributes.note,
      );
      reply.headers(noStore);
      return { data: reportResource(report) };
    },
  });

  r.post(`${PATH}/:id/close`, {
    schema: {
      tags: TAGS,
      summary: 'Close the report with an outcome',
      params: ZId,
      body: ZDiscriminationCloseBody,
      response: { 200: ZDiscriminationReportDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const report = await closeReport(
        ctx,
        await callerOf(req, ctx.db),
        req.params.id,
        req.body.data.attributes,
      );
      reply.headers(noStore);
      return { data: reportResource(report) };
    },
  });
};
