import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCurrentUserUpdateBody, ZUserDocument } from '@stageplein/contracts/identity/users';
import { requireAuth } from '@stageplein/kit/auth/policy';
import { notFound } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery } from '@stageplein/kit/jsonapi/query';
import { requestDb } from '../database.ts';
import { contextOf } from '../shared/request.ts';
import { organizationsOfUser } from '../organizations/organizations.repository.ts';
import { rolesOf } from '../roles/roles.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import { userDocument } from '../users/users.serialize.ts';
import { updateCurrentUser } from '../users/users.service.ts';
import type { TIdentityDeps } from '../identity.config.ts';

const TAGS = ['current user'];
const ZQuery = z.object({ include: z.string().optional() });
const includesOf = (include: string | undefined) =>
  parseJsonApiQuery({ include }, { includes: ['roles', 'organizations'] }).include;

/** The signed-in user with all their roles (the front ends pick those of the selected organization). */
export const currentUserRoutes: FastifyPluginAsync<TIdentityDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/current_user', {
    schema: {
      tags: TAGS,
      summary: 'The signed-in user; include=roles,organizations',
      querystring: ZQuery,
      response: { 200: ZUserDocument },
    },
    handler: async (req) => {
      const auth = requireAuth(req);
      const include = includesOf(req.query.include);
      // A read: the connection is all it needs (no use-case context: clock, mail port, change tracking).
      const db = await requestDb(req);
      const [user, roles, organizations] = await Promise.all([
        findUserById(db, auth.userId),
        rolesOf(db, auth.userId),
        include.includes('organizations') ? organizationsOfUser(db, auth.userId) : undefined,
      ]);
      if (!user) throw notFound();
      return userDocument(user, roles, include, { impersonator_id: auth.impersonatorId }, organizations);
    },
  });

  r.patch('/api/v1/current_user', {
    schema: {
      tags: TAGS,
      summary: 'Change own profile, settings, periodic mail, or email (with current_password)',
      body: ZCurrentUserUpdateBody,
      response: { 200: ZUserDocument },
    },
    handler: async (req) => {
      const auth = requireAuth(req);
      const ctx = await contextOf(req, deps);
      const changes = 'user' in req.body ? req.body.user : req.body.data.attributes;
      const user = await updateCurrentUser(ctx, auth, changes);
      return userDocument(user, await rolesOf(ctx.db, user.id), ['roles'], {
        impersonator_id: auth.impersonatorId,
      });
    },
  });
};
