import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSelfFoundBody, ZSelfFoundDocument } from '@stageplein/contracts/placements/self-found';
import type { TPlacementsDeps } from '../../placements.config.ts';
import { callerOf } from '../../shared/caller.ts';
import { contextOf } from '../../shared/request.ts';
import { selfFoundResource } from './self-found.serialize.ts';
import { readSelfFound, submitSelfFound } from './self-found.service.ts';

const TAGS = ['internships'];

/**
 * A student's self-found internship (docs/decisions/self-found-and-bulk-messages.md). The school's
 * approval and rejection are the internships' own `POST /api/v1/internships/{id}/approve|reject`.
 */
export const selfFoundRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/internships/self_found', {
    schema: {
      tags: TAGS,
      summary:
        'Submit a self-found internship (a student, where the tenant allows it); the school reviews it',
      description:
        'Where the tenant\'s "Students may submit self-found internships" switch is off: 403 `self_found_unavailable`. ' +
        "Only students acting for their School. The internship starts `submitted`; its School's admins approve or reject it " +
        '(with a reason). On approval organizations matches the organization to a known one or signs it up as pending.',
      body: ZSelfFoundBody,
      response: { 201: ZSelfFoundDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const { internship, details } = await submitSelfFound(ctx, caller, req.body.data.attributes);
      return reply.status(201).send({ data: selfFoundResource(internship, details) });
    },
  });

  r.get('/api/v1/internships/:id/self_found', {
    schema: {
      tags: TAGS,
      summary: "A self-found internship's details (whoever may read the internship)",
      params: z.object({ id: z.uuid() }),
      response: { 200: ZSelfFoundDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const { internship, details } = await readSelfFound(ctx, caller, req.params.id);
      reply.header('cache-control', 'private, no-store');
      return { data: selfFoundResource(internship, details) };
    },
  });
};
