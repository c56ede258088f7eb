import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZConfirmBody, ZUserDocument } from '@stageplein/contracts/identity/users';
import { contextOf } from '../shared/request.ts';
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
        'Confirm an account, a new e-mail address or a role invitation with the mailed confirmation_token. ' +
        'An account without a password may send one along, or gets meta.reset_password_token to set it with PUT /auth/password',
      body: ZConfirmBody,
      response: { 200: ZUserDocument },
    },
    config: { limit: rateLimitFor(deps.config, 'confirm') },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const { user, passwordToken } = await confirmAccount(ctx, req.body);
      const document = userDocument(user, await rolesOf(ctx.db, user.id));
      return passwordToken === undefined
        ? document
        : { ...document, meta: { reset_password_token: passwordToken } };
    },
  });
};
