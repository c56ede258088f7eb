import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  ZAccountDeletionConfirmBody,
  ZAccountDeletionRequestBody,
  ZMetaDocument,
} from '@stageplein/contracts/identity/users';
import { contextOf } from '../shared/request.ts';
import { rateLimitFor } from '../auth/rate-limit.ts';
import { confirmAccountDeletion, requestAccountDeletion } from './account-deletion.service.ts';
import type { TIdentityDeps } from '../identity.config.ts';

const TAGS = ['account'];

export const accountDeletionRoutes: FastifyPluginAsync<TIdentityDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/account_deletion', {
    schema: {
      tags: TAGS,
      summary: 'Ask to delete an account: a confirmation link is mailed (same answer for unknown emails)',
      body: ZAccountDeletionRequestBody,
      response: { 200: ZMetaDocument },
    },
    config: { limit: rateLimitFor(deps.config, 'password') },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      await requestAccountDeletion(ctx, req.body.email);
      return { meta: { message: translate(ctx.lang, 'identity.accountDeletionRequested') } };
    },
  });

  r.post('/api/v1/account_deletion/confirm', {
    schema: {
      tags: TAGS,
      summary: 'Delete the account with the mailed token',
      body: ZAccountDeletionConfirmBody,
      response: { 200: ZMetaDocument },
    },
    config: { limit: rateLimitFor(deps.config, 'confirm') },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      await confirmAccountDeletion(ctx, req.body.token);
      return { meta: { message: translate(ctx.lang, 'identity.accountDeleted') } };
    },
  });
};
