import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUPERVISOR_ACCOUNT_LINK_ACTIONS,
  ZSupervisorAccountInvitedBody,
  ZSupervisorAccountRequestCollection,
  ZSupervisorAccountRequestCurrent,
  ZSupervisorAccountRequestDocument,
  ZSupervisorAccountRequestsQuery,
} from '@stageplein/contracts/placements/supervisor-accounts';
import { linkActorOf } from '@stageplein/kit/external-links/external-links.guard';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import { requestResource } from './supervisor-accounts.serialize.ts';
import {
  answerAccountRequest,
  askForAccount,
  currentRequest,
  listOrganizationRequests,
} from './supervisor-accounts.service.ts';

const TAGS = ['supervisor_account_requests'];
const PATH = '/api/v1/supervisor_account_requests';
const ZId = z.object({ id: z.uuid() });
const noStore = { 'cache-control': 'private, no-store' };

/**
 * A supervisor's request for an account (issue #30 item 6): asked by their hours or evaluation link
 * (X-Action-Link), seen and answered by the admins of the internship's organization.
 */
export const supervisorAccountsRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const byLink = () => app.externalLinks.route({ action: SUPERVISOR_ACCOUNT_LINK_ACTIONS });

  r.get(`${PATH}/current`, {
    ...byLink(),
    schema: {
      tags: TAGS,
      summary: "The link holder's request for an account (data null: none yet) and whether they may ask",
      response: { 200: ZSupervisorAccountRequestCurrent },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { request, mayAsk } = await currentRequest(ctx, linkActorOf(req));
      reply.headers(noStore);
      return { data: request ? requestResource(request) : null, meta: { may_ask: mayAsk } };
    },
  });

  r.post(PATH, {
    ...byLink(),
    schema: {
      tags: TAGS,
      summary: 'The supervisor asks the organization for an account (external link in X-Action-Link)',
      description:
        'Once per organization and address: asking again answers the first request (200) and changes nothing. 409 `account_request_not_possible` when the supervisor or the address already has an account.',
      response: { 200: ZSupervisorAccountRequestDocument, 201: ZSupervisorAccountRequestDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { request, created } = await askForAccount(ctx, linkActorOf(req));
      return reply
        .status(created ? 201 : 200)
        .headers(noStore)
        .send({ data: requestResource(request) });
    },
  });

  r.get(PATH, {
    schema: {
      tags: TAGS,
      summary: "The current organization's requests for an account, newest first (its admins)",
      querystring: ZSupervisorAccountRequestsQuery,
      response: { 200: ZSupervisorAccountRequestCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { rows, total } = await listOrganizationRequests(ctx, await callerOf(req, ctx.db), {
        ...(req.query['filter[status]'] ? { status: req.query['filter[status]'] } : {}),
        limit: req.query['page[size]'] ?? 20,
      });
      reply.headers(noStore);
      return { data: rows.map(requestResource), meta: { total } };
    },
  });

  r.post(`${PATH}/:id/invited`, {
    schema: {
      tags: TAGS,
      summary: 'The organization invited the supervisor (the account identity invited for the request)',
      params: ZId,
      body: ZSupervisorAccountInvitedBody,
      response: { 200: ZSupervisorAccountRequestDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const request = await answerAccountRequest(ctx, await callerOf(req, ctx.db), req.params.id, {
        status: 'invited',
        user_id: req.body.data.attributes.user_id,
      });
      reply.headers(noStore);
      return { data: requestResource(request) };
    },
  });

  r.post(`${PATH}/:id/declined`, {
    schema: {
      tags: TAGS,
      summary: "The organization declined the supervisor's request",
      params: ZId,
      response: { 200: ZSupervisorAccountRequestDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const request = await answerAccountRequest(ctx, await callerOf(req, ctx.db), req.params.id, {
        status: 'declined',
      });
      reply.headers(noStore);
      return { data: requestResource(request) };
    },
  });
};
