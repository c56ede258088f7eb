import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAllocationPreferencesBody,
  ZAllocationProposalCollection,
  ZAllocationProposalLineBody,
  ZAllocationProposalLineDocument,
  ZAllocationRoundCollection,
  ZAllocationRoundCreateBody,
  ZAllocationRoundDocument,
} from '@stageplein/contracts/placements/allocation-rounds';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { collectionDocument, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import { lineResource, roundResource } from './allocation.serialize.ts';
import {
  adjustLine,
  createRound,
  listRounds,
  publishRound,
  readProposal,
  readRound,
  runAllocation,
  submitPreferences,
} from './allocation.service.ts';

const TAGS = ['allocation rounds'];
const ZId = z.object({ id: z.uuid() });
const ZLineId = z.object({ id: z.uuid(), student_id: z.uuid() });

/** Allocation rounds (docs/decisions/allocation.md): thin handlers, the rules are the service's. */
export const allocationRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const setup = async (req: Parameters<typeof contextOf>[0]) => {
    const ctx = await contextOf(req, deps);
    return { ctx, caller: await callerOf(req, ctx.db) };
  };

  r.get('/api/v1/allocation_rounds', {
    schema: {
      tags: TAGS,
      summary: "A school admin's rounds of their school; a student's rounds they may rank in",
      response: { 200: ZAllocationRoundCollection },
    },
    handler: async (req, reply) => {
      const { ctx, caller } = await setup(req);
      reply.header('cache-control', 'private, no-store');
      return collectionDocument((await listRounds(ctx, caller)).map(roundResource));
    },
  });

  r.post('/api/v1/allocation_rounds', {
    schema: {
      tags: TAGS,
      summary: "Open a round on published vacancies for (some of) the school's students (school admins)",
      body: ZAllocationRoundCreateBody,
      response: { 201: ZAllocationRoundDocument },
    },
    handler: async (req, reply) => {
      const { ctx, caller } = await setup(req);
      const view = await createRound(ctx, caller, req.body.data.attributes);
      return reply.status(201).send(resourceDocument(roundResource(view)));
    },
  });

  r.get('/api/v1/allocation_rounds/:id', {
    schema: {
      tags: TAGS,
      summary: "One round: the school's view, or a student's with their ranking and outcome",
      params: ZId,
      response: { 200: ZAllocationRoundDocument },
    },
    handler: async (req, reply) => {
      const { ctx, caller } = await setup(req);
      reply.header('cache-control', 'private, no-store');
      return resourceDocument(roundResource(await readRound(ctx, caller, req.params.id)));
    },
  });

  r.put('/api/v1/allocation_rounds/:id/preferences', {
    schema: {
      tags: TAGS,
      summary:
        "A student ranks up to three of the round's vacancies (replaces their ranking; before the deadline)",
      params: ZId,
      body: ZAllocationPreferencesBody,
      response: { 200: ZAllocationRoundDocument },
    },
    handler: async (req) => {
      const { ctx, caller } = await setup(req);
      const view = await submitPreferences(ctx, caller, req.params.id, req.body.data.attributes.vacancy_ids);
      return resourceDocument(roundResource(view));
    },
  });

  r.post('/api/v1/allocation_rounds/:id/run', {
    schema: {
      tags: TAGS,
      summary: 'Run the allocation (again): a new proposal; closes the round for ranking (school admins)',
      params: ZId,
      response: { 200: ZAllocationProposalCollection },
    },
    handler: async (req) => {
      const { ctx, caller } = await setup(req);
      return collectionDocument((await runAllocation(ctx, caller, req.params.id)).map(lineResource));
    },
  });

  r.get('/api/v1/allocation_rounds/:id/proposal', {
    schema: {
      tags: TAGS,
      summary: 'The proposal, one line per eligible student (school admins)',
      params: ZId,
      response: { 200: ZAllocationProposalCollection },
    },
    handler: async (req, reply) => {
      const { ctx, caller } = await setup(req);
      reply.header('cache-control', 'private, no-store');
      return collectionDocument((await readProposal(ctx, caller, req.params.id)).map(lineResource));
    },
  });

  r.patch('/api/v1/allocation_rounds/:id/proposal/:student_id', {
    schema: {
      tags: TAGS,
      summary:
        'Move a student to another vacancy of the round (capacity checked) or unassign them (school admins)',
      params: ZLineId,
      body: ZAllocationProposalLineBody,
      response: { 200: ZAllocationProposalLineDocument },
    },
    handler: async (req) => {
      const { ctx, caller } = await setup(req);
      assertSameId(req.body.data.id, req.params.student_id);
      const line = await adjustLine(
        ctx,
        caller,
        req.params.id,
        req.params.student_id,
        req.body.data.attributes.vacancy_id,
      );
      return resourceDocument(lineResource(line));
    },
  });

  r.post('/api/v1/allocation_rounds/:id/publish', {
    schema: {
      tags: TAGS,
      summary: 'Publish the proposal: approved internships for the placed students (school admins)',
      params: ZId,
      response: { 200: ZAllocationRoundDocument },
    },
    handler: async (req) => {
      const { ctx, caller } = await setup(req);
      return resourceDocument(roundResource(await publishRound(ctx, caller, req.params.id)));
    },
  });
};
