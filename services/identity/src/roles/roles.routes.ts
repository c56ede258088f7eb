import { changeActorOf } from '@stageplein/kit/auth/caller';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@stageplein/contracts/i18n/index';
import { ZMetaDocument, ZRoleBody, ZUserDocument } from '@stageplein/contracts/identity/users';
import { requireAuth } from '@stageplein/kit/auth/policy';
import { ApiError, forbidden } from '@stageplein/kit/errors/api-error';
import { contextOf } from '../shared/request.ts';
import { usersPolicy } from '../users/users.policy.ts';
import { requireCaller } from '../shared/caller.ts';
import { userDocumentFor } from '../users/users.serialize.ts';
import {
  addRole,
  currentOrganizationType,
  loadTarget,
  removeRole,
  sendConfirmation,
} from '../users/users.service.ts';
import { rolesOf } from './roles.repository.ts';
import type { TIdentityDeps } from '../identity.config.ts';

const TAGS = ['users'];
const ZId = z.object({ id: z.uuid() });
type TRoleBody = z.infer<typeof ZRoleBody>;

const roleInput = (body: TRoleBody) =>
  'role' in body ? body.role : 'data' in body ? body.data.attributes : body;

export const rolesRoutes: FastifyPluginAsync<TIdentityDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put('/api/v1/users/:id/add_role', {
    schema: {
      tags: TAGS,
      summary: 'Give a user a role on the current organization',
      params: ZId,
      body: ZRoleBody,
      response: { 200: ZUserDocument },
    },
    handler: async (req) => {
      const input = roleInput(req.body);
      const resourceId = input.resource_id ?? req.auth?.organizationId ?? '';
      requireAuth(req);
      const ctx = await contextOf(req, deps);
      const { user, target } = await loadTarget(ctx, req.params.id);
      const caller = await requireCaller(req, ctx.db);
      if (!usersPolicy.addRole(caller, { user: target, resourceId })) throw forbidden();
      const { auth } = caller;
      const type = currentOrganizationType(auth);
      if (!type) throw forbidden();
      if (input.resource_type && input.resource_type !== type) {
        throw new ApiError('validation_failed', {}, { pointer: '/role/resource_type' });
      }
      await addRole(ctx, changeActorOf(auth), user.id, { name: input.name, resourceType: type, resourceId });
      return userDocumentFor(auth, user, await rolesOf(ctx.db, user.id), { include: ['roles'] });
    },
  });

  r.delete('/api/v1/users/:id/remove_role', {
    schema: {
      tags: TAGS,
      summary: 'Take a role on the current organization from a user',
      params: ZId,
      body: ZRoleBody,
      response: { 200: ZUserDocument },
    },
    handler: async (req) => {
      const input = roleInput(req.body);
      const resourceId = input.resource_id ?? req.auth?.organizationId ?? '';
      requireAuth(req);
      const ctx = await contextOf(req, deps);
      const { user } = await loadTarget(ctx, req.params.id);
      const caller = await requireCaller(req, ctx.db);
      if (!usersPolicy.removeRole(caller, { targetId: req.params.id, name: input.name, resourceId }))
        throw forbidden();
      const { auth } = caller;
      await removeRole(ctx, changeActorOf(auth), user.id, input.name, resourceId);
      return userDocumentFor(auth, user, await rolesOf(ctx.db, user.id), { include: ['roles'] });
    },
  });

  r.post('/api/v1/users/:id/resend_confirmation_instructions', {
    schema: {
      tags: TAGS,
      summary: 'Mail a new confirmation (invitation) link',
      params: ZId,
      response: { 200: ZMetaDocument },
    },
    handler: async (req) => {
      requireAuth(req);
      const ctx = await contextOf(req, deps);
      const { user, target } = await loadTarget(ctx, req.params.id);
      const caller = await requireCaller(req, ctx.db);
      if (!usersPolicy.resendConfirmation(caller, target)) throw forbidden();
      if (user.confirmed_at && user.status !== 'invited') throw new ApiError('conflict');
      await sendConfirmation(ctx, user, caller.userId);
      return { meta: { message: translate(ctx.lang, 'identity.confirmationSent') } };
    },
  });
};
