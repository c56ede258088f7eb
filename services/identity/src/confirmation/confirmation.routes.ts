import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZConfirmBody, ZUserDocument } from '@stageplein/contracts/identity/users';
import { contextOf } from '../shared/context.ts';
import { rateLimitFor } from '../auth/rate-limit.ts';
import { rolesOf } from '../roles/roles.repository.ts';
import { userDocument } from '../users/users.serialize.ts';
import { confirmAccount } from './confirmation.service.ts';
import type { TIdentityDeps } from '../identity.config.ts';

export const confirmationRoutes: FastifyPluginAsync<TIdentityDeps> = async (app, deps) => {
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/confirm', {
    schema: {
      tags: ['authentication'],
      summary:
        'Confirm an account with the mailed confirmation_token (invited users also set their password)',
      body: ZConfirmBody,
      response: { 200: ZUserDocument },
    },
    config: { limit: rateLimitFor(deps.config, 'confirm') },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const user = await confirmAccount(ctx, req.body);
      return userDocument(user, await rolesOf(ctx.db, user.id));
    },
  });
};
