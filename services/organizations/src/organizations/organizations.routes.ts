import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import {
  ZOrganizationApproveBody,
  ZOrganizationCollection,
  ZOrganizationCreateBody,
  ZOrganizationDocument,
  ZOrganizationUpdateBody,
  ORGANIZATION_INCLUDES,
  ORGANIZATIONS_QUERY,
} from '@stageplein/contracts/organizations/organizations';
import { ZMetaDocument } from '@stageplein/contracts/identity/users';
import { ApiError, forbidden, notFound } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { pageLinks } from '@stageplein/kit/jsonapi/serialize';
import type { TServiceDeps } from '@stageplein/kit/service';
import { complianceOf } from '../compliance/compliance.service.ts';
import { mayViewCompliance } from '../compliance/compliance.policy.ts';
import { signupsOf } from '../signups/signups.repository.ts';
import {
  callerOf,
  requireApprovedOrganization,
  requireCaller,
  type TRequestCaller,
} from '../shared/caller.ts';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { assertUuidFilters, contextOf, requestUrl, type TCtx } from '../shared/request.ts';
import { publicVacanciesOf } from '../vacancies-read-model/vacancies-read-model.repository.ts';
import { organizationsPolicy, visibilityOf } from './organizations.policy.ts';
import {
  listOrganizations,
  type TOrganizationListRow,
  type TOrganizationRow,
} from './organizations.repository.ts';
import { organizationDocument, organizationsDocument } from './organizations.serialize.ts';
import {
  changeStatus,
  createOrganization,
  deleteOrganization,
  loadOrganization,
  moveOrganization,
  updateProfile,
} from './organizations.service.ts';

const TAGS = ['organizations'];
const ZId = z.object({ id: z.uuid() });
const ZShowQuery = z.object({ include: z.string().optional() });

const includesOf = (include: string | undefined) =>
  parseJsonApiQuery({ include }, { includes: ORGANIZATION_INCLUDES }).include;

/** A request's `type` must be the organization's own type (or the generic `organization`): 409 otherwise. */
function assertType(type: string, o: TOrganizationRow): void {
  if (type !== 'organization' && type !== 'organizations' && type !== o.type) {
    throw new ApiError('conflict', {}, { pointer: '/data/type' });
  }
}

/** Loads an organization the caller may see (404 otherwise, so nothing leaks about others). */
async function visibleOrganization(ctx: TCtx, caller: TRequestCaller, id: string, forUpdate = false) {
  const o = await loadOrganization(ctx, id, forUpdate);
  if (!organizationsPolicy.view(caller, o)) throw notFound();
  return o;
}

/** Signups shown with include=signup: only of organizations the caller moderates. */
async function visibleSignups(
  ctx: TCtx,
  caller: TRequestCaller,
  rows: readonly (TOrganizationRow | TOrganizationListRow)[],
) {
  const moderated = rows.filter((o) => organizationsPolicy.viewSignup(caller, o));
  return signupsOf(
    ctx.db,
    moderated.map((o) => o.id),
  );
}

/** Compliance states shown with include=compliance: only to those who may view them (compliance.policy.ts). */
async function visibleCompliance(
  ctx: TCtx,
  caller: TRequestCaller,
  rows: readonly (TOrganizationRow | TOrganizationListRow)[],
) {
  return complianceOf(
    ctx,
    rows.filter((o) => mayViewCompliance(caller, o.id)).map((o) => o.id),
  );
}

export const organizationsRoutes: FastifyPluginAsync<TServiceDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/organizations', {
    schema: {
      tags: TAGS,
      summary: 'Organizations of the tenant',
      description:
        'Approved organizations for everyone; signed-in users also see their own, moderators every organization they moderate (the approval queue is `filter[status_eq]=pending`). ' +
        'Filters: `type`/`organization_type`, `status`, `name`, `city` (`_eq`, `_cont`, `_in`…), `parent_id`, `filter[search]`. ' +
        '`include=profile,signup,vacancies,compliance`. `include=vacancies` adds each organization’s published, not hidden ' +
        'vacancies (newest first) as a summary (`vacancy` resources: title, kind, city, coordinates, places, hours, dates); ' +
        'the whole vacancy is `GET /api/v1/vacancies/{id}` of the placements service. `include=compliance`: the state of NonProfits and Providers, for their admins and school and centre admins.',
      querystring: ZJsonApiQueryString,
      response: { 200: ZOrganizationCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const query = parseJsonApiQuery(req.query as Record<string, string>, ORGANIZATIONS_QUERY);
      assertUuidFilters(query, ['id', 'parent_id']);
      const caller = await callerOf(req, ctx.db);
      const { rows, total } = await listOrganizations(ctx.db, query, visibilityOf(caller), {
        search: query.scopes.search,
        withProfile: query.include.includes('profile'),
      });
      const signups = query.include.includes('signup') ? await visibleSignups(ctx, caller, rows) : undefined;
      const compliance = query.include.includes('compliance')
        ? await visibleCompliance(ctx, caller, rows)
        : undefined;
      const vacancies = query.include.includes('vacancies')
        ? await publicVacanciesOf(
            ctx.db,
            rows.map((o) => o.id),
          )
        : undefined;
      return organizationsDocument(rows, {
        include: query.include,
        signups,
        compliance,
        vacancies,
        total,
        links: pageLinks(requestUrl(req), query, total),
      });
    },
  });

  r.get('/api/v1/organizations/:id', {
    schema: {
      tags: TAGS,
      summary:
        'One organization; include=profile, vacancies (its published ones), signup (for moderators) and compliance (for its admins and school and centre admins)',
      params: ZId,
      querystring: ZShowQuery,
      response: { 200: ZOrganizationDocument },
    },
    handler: async (req) => {
      const include = includesOf(req.query.include);
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const o = await visibleOrganization(ctx, caller, req.params.id);
      const signups = include.includes('signup') ? await visibleSignups(ctx, caller, [o]) : undefined;
      const compliance = include.includes('compliance')
        ? await visibleCompliance(ctx, caller, [o])
        : undefined;
      const vacancies = include.includes('vacancies') ? await publicVacanciesOf(ctx.db, [o.id]) : undefined;
      return organizationDocument(o, { include, signups, compliance, vacancies });
    },
  });

  r.post('/api/v1/organizations', {
    schema: {
      tags: TAGS,
      summary:
        'Create an (approved) organization of a type the caller moderates; optionally invite its first admin',
      body: ZOrganizationCreateBody,
      response: { 201: ZOrganizationDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      requireApprovedOrganization(caller);
      const { type: bodyType, attributes } = req.body.data;
      const {
        organization_type,
        parent_id,
        admin_email,
        admin_first_name,
        admin_last_name,
        admin_locale,
        ...profile
      } = attributes;
      const generic = bodyType === 'organization' || bodyType === 'organizations';
      const type = (generic ? organization_type : bodyType) as TOrganizationType | undefined;
      if (!type || (organization_type && organization_type !== type)) {
        throw new ApiError('validation_failed', {}, { pointer: '/data/attributes/organization_type' });
      }
      if (!organizationsPolicy.create(caller, type)) throw forbidden();
      if (admin_email && (!admin_first_name || !admin_last_name)) {
        const field = admin_first_name ? 'admin_last_name' : 'admin_first_name';
        throw new ApiError('validation_failed', {}, { pointer: `/data/attributes/${field}` });
      }
      const o = await createOrganization(ctx, caller, {
        type,
        status: 'approved',
        profile,
        parentId: parent_id ?? null,
        firstAdmin: admin_email
          ? {
              email: admin_email.toLowerCase(),
              first_name: admin_first_name!,
              last_name: admin_last_name!,
              locale: admin_locale ?? ctx.lang,
            }
          : null,
      });
      return reply.status(201).send(organizationDocument(o, { include: ['profile'] }));
    },
  });

  r.route({
    method: ['PUT', 'PATCH'],
    url: '/api/v1/organizations/:id',
    schema: {
      tags: TAGS,
      summary:
        'Change an organization: profile (its admin or a moderator), status (moderators), parent_id (moderators, MOVE_ORGANIZATIONS)',
      params: ZId,
      body: ZOrganizationUpdateBody,
      response: { 200: ZOrganizationDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      let o = await visibleOrganization(ctx, caller, req.params.id, true);
      assertSameId(req.body.data.id, o.id);
      assertType(req.body.data.type, o);
      const { status, reason, parent_id, ...profile } = req.body.data.attributes;
      const target = o;
      if (parent_id !== undefined) {
        if (!organizationsPolicy.move(caller, target)) throw forbidden();
        o = await moveOrganization(ctx, caller, o, parent_id);
      }
      if (Object.keys(profile).length > 0) {
        if (!organizationsPolicy.editProfile(caller, target)) throw forbidden();
        o = await updateProfile(ctx, caller, o, profile);
      }
      if (status !== undefined) {
        if (!organizationsPolicy.changeStatus(caller, target)) throw forbidden();
        o = await changeStatus(ctx, caller, o, status, reason ?? null);
      }
      return organizationDocument(o, { include: ['profile'] });
    },
  });

  r.put('/api/v1/organizations/:id/approve', {
    schema: {
      tags: TAGS,
      summary:
        'Approve, deny, archive or reopen an organization (moderators): data{type, id, attributes{status, reason?}}',
      params: ZId,
      body: ZOrganizationApproveBody,
      response: { 200: ZOrganizationDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const o = await visibleOrganization(ctx, caller, req.params.id, true);
      assertSameId(req.body.data.id, o.id);
      assertType(req.body.data.type, o);
      if (!organizationsPolicy.changeStatus(caller, o)) throw forbidden();
      const { status, reason } = req.body.data.attributes;
      const updated = await changeStatus(ctx, caller, o, status, reason ?? null);
      return organizationDocument(updated, { include: ['profile'] });
    },
  });

  r.delete('/api/v1/organizations/:id', {
    schema: {
      tags: TAGS,
      summary:
        'Delete an organization with its school data (VolunteerCenter admins); identity drops the roles on it',
      params: ZId,
      response: { 200: ZMetaDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const o = await visibleOrganization(ctx, caller, req.params.id, true);
      if (!organizationsPolicy.destroy(caller, o)) throw forbidden();
      await deleteOrganization(ctx, caller, o);
      return { meta: { deleted: true } };
    },
  });
};
