import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INTERNSHIP_ACTIONS,
  INTERNSHIP_TRANSITIONS,
  INTERNSHIPS_QUERY,
  ZInternshipApplyBody,
  ZInternshipCollection,
  ZInternshipDocument,
  ZInternshipTransitionBody,
  ZInternshipUpdateBody,
} from '@stageplein/contracts/placements/internships';
import { ZOrganizationPeopleCollection } from '@stageplein/contracts/placements/organization-people';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { parseJsonApiQuery, ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, pageLinks, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import { requestUrl } from '@stageplein/kit/tenant/tenant.plugin';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contactResource } from '../shared/organization-contacts.ts';
import { contextOf } from '../shared/request.ts';
import { includedOfAll, internshipResource } from './internships.serialize.ts';
import {
  applyToVacancy,
  approveSupervisor,
  changeInternship,
  internshipPeople,
  listVisibleInternships,
  metaFor,
  readableInternship,
  statusHistory,
  takeInternshipAction,
  viewerFor,
} from './internships.service.ts';
import { findInternshipView } from './internships.repository.ts';
import type { TInternshipReactions } from './internship-links.ts';

/** The service's deps and what the groups above internships do on its changes (placements.module.ts). */
type TInternshipsRoutesOptions = TPlacementsDeps & { reactions: TInternshipReactions };

const TAGS = ['internships'];
const ZId = z.object({ id: z.uuid() });
const ZInclude = z.object({ include: z.string().optional() });

const includeOf = (req: { query: unknown }) =>
  parseJsonApiQuery(req.query as Record<string, string>, INTERNSHIPS_QUERY).include;

/**
 * Internships (docs/decisions/internships.md): the list and one internship for the parties who see
 * them (spec §6), applying, editing, and one POST per life-cycle step so each has one permission and
 * one event. Every answer carries `meta.actions` and `meta.editable_fields` per internship.
 */
export const internshipsRoutes: FastifyPluginAsync<TInternshipsRoutesOptions> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/internships', {
    schema: {
      tags: TAGS,
      summary:
        "The caller's internships: a student's own, a mentor's mentees', a school's, an organization's",
      querystring: ZJsonApiQueryString,
      response: { 200: ZInternshipCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const query = parseJsonApiQuery(req.query as Record<string, string>, INTERNSHIPS_QUERY);
      const { rows, total, viewer } = await listVisibleInternships(ctx, caller, query);
      reply.header('cache-control', 'private, no-store');
      return collectionDocument(
        rows.map((i) => internshipResource(i, metaFor(ctx, viewer(i.student_id), i))),
        {
          included: includedOfAll(rows, query.include, ctx.lang),
          total,
          links: pageLinks(requestUrl(req), query, total),
        },
      );
    },
  });

  r.get('/api/v1/internships/:id', {
    schema: {
      tags: TAGS,
      summary: 'One internship with its status history (meta.status_history), for its parties',
      params: ZId,
      querystring: ZInclude,
      response: { 200: ZInternshipDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const include = includeOf(req);
      const { row, viewer } = await readableInternship(ctx, caller, req.params.id);
      reply.header('cache-control', 'private, no-store');
      return {
        ...resourceDocument(internshipResource(row, metaFor(ctx, viewer, row)), {
          included: includedOfAll([row], include, ctx.lang),
        }),
        meta: { status_history: await statusHistory(ctx, row.id) },
      };
    },
  });

  r.get('/api/v1/internships/:id/people', {
    schema: {
      tags: TAGS,
      summary:
        "Whom the caller may choose as the internship's contact person or supervisor: its organization's people",
      params: ZId,
      response: { 200: ZOrganizationPeopleCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const people = await internshipPeople(ctx, caller, req.params.id);
      reply.header('cache-control', 'private, no-store');
      return collectionDocument(people.map(contactResource), { total: people.length });
    },
  });

  r.post('/api/v1/internships', {
    schema: {
      tags: TAGS,
      summary: 'A student applies to a published vacancy (motivation where the tenant asks for it)',
      body: ZInternshipApplyBody,
      response: { 201: ZInternshipDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const created = await applyToVacancy(ctx, caller, req.body.data.attributes);
      const row = (await findInternshipView(ctx.db, created.id))!;
      const viewer = (await viewerFor(ctx, caller))(row.student_id);
      return reply.status(201).send(resourceDocument(internshipResource(row, metaFor(ctx, viewer, row))));
    },
  });

  r.patch('/api/v1/internships/:id', {
    schema: {
      tags: TAGS,
      summary: 'Edit an internship: each field for the parties that may change it now (meta.editable_fields)',
      params: ZId,
      body: ZInternshipUpdateBody,
      response: { 200: ZInternshipDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      assertSameId(req.body.data.id, req.params.id);
      const row = await changeInternship(
        ctx,
        caller,
        req.params.id,
        req.body.data.attributes,
        deps.reactions,
      );
      const viewer = (await viewerFor(ctx, caller))(row.student_id);
      return resourceDocument(internshipResource(row, metaFor(ctx, viewer, row)));
    },
  });

  r.post('/api/v1/internships/:id/supervisor_approval', {
    schema: {
      tags: TAGS,
      summary:
        'The school approves the supervisor the internship names now; links go only to an approved supervisor (the school)',
      params: ZId,
      response: { 200: ZInternshipDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const row = await approveSupervisor(ctx, caller, req.params.id);
      const viewer = (await viewerFor(ctx, caller))(row.student_id);
      return resourceDocument(internshipResource(row, metaFor(ctx, viewer, row)));
    },
  });

  for (const action of INTERNSHIP_ACTIONS) {
    const { from, to, by, reason } = INTERNSHIP_TRANSITIONS[action];
    r.post(`/api/v1/internships/:id/${action}`, {
      schema: {
        tags: TAGS,
        summary: `${from.join(' | ')} → ${to} (${by.join(' or ')}${reason === 'none' ? '' : `; reason ${reason}`})`,
        params: ZId,
        // The body is optional (a reason where the step takes one): parsed below, as Fastify's
        // validator would refuse a missing one.
        response: { 200: ZInternshipDocument },
      },
      handler: async (req) => {
        const ctx = await contextOf(req, deps);
        const caller = await callerOf(req, ctx.db);
        const parsed = ZInternshipTransitionBody.safeParse(req.body ?? undefined);
        if (!parsed.success) {
          const path = parsed.error.issues[0]?.path.join('/') ?? '';
          throw new ApiError('validation_failed', {}, { pointer: `/${path}` });
        }
        const body = parsed.data;
        if (body) assertSameId(body.data.id, req.params.id);
        const row = await takeInternshipAction(ctx, caller, req.params.id, action, body?.data.attributes);
        const viewer = (await viewerFor(ctx, caller))(row.student_id);
        return resourceDocument(internshipResource(row, metaFor(ctx, viewer, row)));
      },
    });
  }
};
