import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSignInAsUserBody, ZUserDocument } from '@stageplein/contracts/identity/users';
import { requireAuth } from '@stageplein/kit/auth/policy';
import { badRequest, forbidden } from '@stageplein/kit/errors/api-error';
import { contextOf } from '../shared/request.ts';
import { issueSession } from '../auth/sessions.service.ts';
import { usersPolicy } from '../users/users.policy.ts';
import { requireCaller } from '../shared/caller.ts';
import { userDocument } from '../users/users.serialize.ts';
import { loadTarget } from '../users/users.service.ts';
import type { TIdentityDeps } from '../identity.config.ts';

/**
 * POST /api/v1/sign_in_as_user: an admin gets short-lived credentials of a user of their organization.
 * The token names the admin (`imp`), cannot change password or email, and the start is audit-logged.
 */
export const impersonationRoutes: FastifyPluginAsync<TIdentityDeps> = async (app, deps) => {
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/sign_in_as_user', {
    schema: {
      tags: ['authentication'],
      summary: 'Sign in as another user (admins; never a user with an equal or higher role)',
      body: ZSignInAsUserBody,
      response: { 200: ZUserDocument },
    },
    handler: async (req, reply) => {
      requireAuth(req);
      const targetId = req.body.data.attributes?.user_id ?? req.body.data.id;
      if (!targetId) throw badRequest('data.attributes.user_id');
      const ctx = await contextOf(req, deps);
      const { user, roles, target } = await loadTarget(ctx, targetId);
      const caller = await requireCaller(req, ctx.db);
      if (!usersPolicy.impersonate(caller, target)) throw forbidden();
      const { auth } = caller;
      const headers = await issueSession(ctx, user, {
        impersonatorId: auth.userId,
        ttlMinutes: ctx.config.IMPERSONATION_TTL_MINUTES,
      });
      await ctx.db
        .insertInto('identity.audit_log')
        .values({
          tenant_id: ctx.tenant.id,
          action: 'impersonation.started',
          actor_id: auth.userId,
          impersonator_id: auth.userId,
          subject_id: user.id,
          data: {
            client: headers.client,
            expires_at: new Date(Number(headers.expiry) * 1000).toISOString(),
            organization_id: auth.organizationId,
            ip: ctx.ip,
          },
          created_at: ctx.now,
        })
        .execute();
      reply.headers(headers);
      return userDocument(user, roles, ['roles'], { impersonator_id: auth.userId });
    },
  });
};
