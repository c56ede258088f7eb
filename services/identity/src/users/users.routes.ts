import { changeActorOf } from '@stageplein/kit/auth/caller';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZMetaDocument,
  ZUserCollection,
  ZUserCreateBody,
  ZUserDocument,
  ZUserUpdateBody,
  USERS_QUERY,
} from '@stageplein/contracts/identity/users';
import { ZRoleName } from '@stageplein/contracts/identity/roles';
import { requireAuth } from '@stageplein/kit/auth/policy';
import { badRequest, forbidden } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { pageLinks } from '@stageplein/kit/jsonapi/serialize';
import { contextOf } from '../shared/request.ts';
import { organizationsByIds } from '../organizations/organizations.repository.ts';
import { rolesOfUsers } from '../roles/roles.repository.ts';
import { usersPolicy } from './users.policy.ts';
import { requireCaller } from '../shared/caller.ts';
import { requestUrl } from '@stageplein/kit/tenant/tenant.plugin';
import { listUsers } from './users.repository.ts';
import {
  organizationIdsOf,
  roleFactsOfRows,
  userDocument,
  userDocumentFor,
  usersDocument,
  visibleRoles,
} from './users.serialize.ts';
import { changeUser, deleteAccount, inviteUser, loadTarget, requestEmailChange } from './users.service.ts';
import type { TIdentityDeps } from '../identity.config.ts';

const TAGS = ['users'];

const ZShowQuery = z.object({ include: z.string().optional() });
const ZUuid = z.uuid();
const ZId = z.object({ id: ZUuid });

const includesOf = (include: string | undefined) =>
  parseJsonApiQuery({ include }, { includes: USERS_QUERY.includes! }).include;

export const usersRoutes: FastifyPluginAsync<TIdentityDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/users', {
    schema: {
      tags: TAGS,
      summary:
        'Users of the current organization: filter[organization_id_eq], filter[with_role], filter[search], include=roles,organizations',
      querystring: ZJsonApiQueryString,
      response: { 200: ZUserCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const query = parseJsonApiQuery(req.query as Record<string, string>, USERS_QUERY);
      const roleName = query.scopes.with_role;
      if (roleName !== undefined && !ZRoleName.safeParse(roleName).success)
        throw badRequest('filter[with_role]');
      // A uuid column would turn a malformed id into a database error: it is a bad parameter.
      const ids = query.filters.find((f) => f.attribute === 'id');
      if (ids && !(ids.value as string[]).every((id) => ZUuid.safeParse(id).success))
        throw badRequest('filter[id_in]');
      const asked = query.filters.find((f) => f.attribute === 'organization_id')?.value as string | undefined;
      const caller = await requireCaller(req, ctx.db);
      const auth = caller.auth;
      let organizationId: string;
      if (asked !== undefined && asked !== auth.organizationId) {
        // Another organization's users: only its admins, for a moderator of it (the approval screens).
        if (!ZUuid.safeParse(asked).success) throw badRequest('filter[organization_id_eq]');
        const organization = (await organizationsByIds(ctx.db, [asked])).get(asked);
        if (!usersPolicy.listAdminsOf(caller, { organization, roleName })) throw forbidden();
        organizationId = asked;
      } else {
        if (!usersPolicy.list(caller)) throw forbidden();
        organizationId = auth.organizationId!;
      }
      const { rows, total } = await listUsers(ctx.db, query, {
        organizationId,
        roleName,
        search: query.scopes.search,
      });
      const roles = await rolesOfUsers(
        ctx.db,
        rows.map((u) => u.id),
      );
      const facts = new Map([...roles].map(([id, list]) => [id, roleFactsOfRows(list)]));
      const viewer = { userId: auth.userId, organizationId };
      for (const [id, list] of roles) roles.set(id, visibleRoles(viewer, id, list));
      const organizations = query.include.includes('organizations')
        ? await organizationsByIds(ctx.db, organizationIdsOf([...roles.values()].flat()))
        : undefined;
      const url = requestUrl(req);
      return usersDocument(rows, roles, query.include, {
        total,
        links: pageLinks(url, query, total),
        organizations,
        facts,
      });
    },
  });

  r.get('/api/v1/users/:id', {
    schema: {
      tags: TAGS,
      summary: 'One user, include=roles,organizations',
      params: ZId,
      querystring: ZShowQuery,
      response: { 200: ZUserDocument },
    },
    handler: async (req) => {
      requireAuth(req);
      const ctx = await contextOf(req, deps);
      const { user, roles, target } = await loadTarget(ctx, req.params.id);
      const caller = await requireCaller(req, ctx.db);
      if (!usersPolicy.show(caller, target)) throw forbidden();
      const { auth } = caller;
      const include = includesOf(req.query.include);
      const organizations = include.includes('organizations')
        ? await organizationsByIds(ctx.db, organizationIdsOf(visibleRoles(auth, user.id, roles)))
        : undefined;
      return userDocumentFor(auth, user, roles, { include, organizations });
    },
  });

  r.post('/api/v1/users', {
    schema: {
      tags: TAGS,
      summary: 'Invite a user to the current organization (status invited, confirmation mail)',
      body: ZUserCreateBody,
      response: { 201: ZUserDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const auth = requireAuth(req);
      const { user, roles } = await inviteUser(ctx, auth, req.body.data.attributes);
      return reply.status(201).send(userDocument(user, roles, ['roles']));
    },
  });

  r.patch('/api/v1/users/:id', {
    schema: {
      tags: TAGS,
      summary: 'Change a user of the current organization',
      params: ZId,
      body: ZUserUpdateBody,
      response: { 200: ZUserDocument },
    },
    handler: async (req) => {
      requireAuth(req);
      const ctx = await contextOf(req, deps);
      const { user, roles, target } = await loadTarget(ctx, req.params.id);
      const caller = await requireCaller(req, ctx.db);
      if (!usersPolicy.update(caller, target)) throw forbidden();
      const { auth } = caller;
      const body = req.body;
      const changes =
        'data' in body ? body.data.attributes : 'attributes' in body ? body.attributes : body.user;
      // A new address waits for its confirmation, as on current_user.
      const { email, ...rest } = changes;
      if (email !== undefined && email.toLowerCase() !== user.email.toLowerCase())
        await requestEmailChange(ctx, user, email, auth.userId);
      const updated = await changeUser(ctx, changeActorOf(auth), user, rest);
      return userDocumentFor(auth, updated, roles);
    },
  });

  r.delete('/api/v1/users/:id', {
    schema: {
      tags: TAGS,
      summary: 'Delete a user who belongs to the current organization only',
      params: ZId,
      response: { 200: ZMetaDocument },
    },
    handler: async (req) => {
      requireAuth(req);
      const ctx = await contextOf(req, deps);
      const { user, target } = await loadTarget(ctx, req.params.id);
      const caller = await requireCaller(req, ctx.db);
      if (!usersPolicy.destroy(caller, target)) throw forbidden();
      const { auth } = caller;
      await deleteAccount(ctx, changeActorOf(auth), user, auth.impersonatorId);
      return { meta: { deleted: true } };
    },
  });
};
