import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireServiceCall } from '@stageplein/kit/auth/service-token';
import { SESSION_CHECK_PATH } from '@stageplein/kit/auth/identity-session-check';
import { contextOf } from '../shared/request.ts';
import type { TIdentityDeps } from '../identity.config.ts';
import { activeSession } from './sessions.service.ts';

/**
 * Internal API (never routed by the gateway's proxy): another service asks whether a client its
 * read model has not seen yet counts (distributed profile; see docs/decisions/auth.md). Callers show a
 * service token for the tenant; the client is checked with the token's hash, as identity checks its own.
 */
export const sessionsRoutes: FastifyPluginAsync<TIdentityDeps> = async (app, deps) => {
  app.withTypeProvider<ZodTypeProvider>().post(SESSION_CHECK_PATH, {
    schema: {
      hide: true,
      body: z.object({ client: z.string().min(1), user_id: z.uuid(), token_hash: z.string().length(64) }),
      response: { 200: z.object({ active: z.boolean() }) },
    },
    handler: async (req) => {
      requireServiceCall(req, deps.config.AUTH_TOKEN_SECRET, deps.now?.());
      const ctx = await contextOf(req, deps);
      return { active: await activeSession(ctx, req.body.client, req.body.user_id, req.body.token_hash) };
    },
  });
};
