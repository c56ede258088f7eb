import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMPLIANCE_DOCUMENTS_QUERY,
  COMPLIANCE_REQUIRER_TYPES,
  ZComplianceKind,
  ZComplianceDocumentCollection,
  ZComplianceDocumentCreateBody,
  ZComplianceDocumentDocument,
  ZComplianceDocumentUpdateBody,
  ZComplianceRequirementCollection,
  ZComplianceRequirementDocument,
  ZComplianceRequirementUpdateBody,
  type TComplianceKind,
} from '@stageplein/contracts/organizations/compliance';
import { ApiError, badRequest, forbidden, notFound } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TServiceDeps } from '@stageplein/kit/service';
import { loadOrganization } from '../organizations/organizations.service.ts';
import { requireCaller, type TCaller } from '../shared/caller.ts';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { assertUuidFilters, contextOf, type TCtx } from '../shared/request.ts';
import { compliancePolicy } from './compliance.policy.ts';
import { allRequirements, listDocuments, requirementsOf } from './compliance.repository.ts';
import { documentResource, requirementResource } from './compliance.serialize.ts';
import {
  changeDocument,
  changeRequirements,
  createDocument,
  loadDocument,
  removeDocument,
} from './compliance.service.ts';

const TAGS = ['compliance'];
const ZId = z.object({ id: z.uuid() });

/** A document the caller may see (its organization's admins, the tenant's content editors), else 404. */
async function visibleDocument(ctx: TCtx, caller: TCaller, id: string, forUpdate = false) {
  const doc = await loadDocument(ctx, id, forUpdate);
  const organization = await loadOrganization(ctx, doc.organization_id, forUpdate);
  if (!compliancePolicy.viewDocuments(caller, organization)) throw notFound();
  return { doc, organization };
}

/** `filter[kind_eq|_in]`: known kinds only, a 400 naming the parameter otherwise. */
function kindsOf(value: unknown): TComplianceKind[] {
  const parsed = z.array(ZComplianceKind).safeParse(([] as unknown[]).concat(value));
  if (!parsed.success) throw badRequest('filter[kind]');
  return parsed.data;
}

export const complianceRoutes: FastifyPluginAsync<TServiceDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/compliance_documents', {
    schema: {
      tags: TAGS,
      summary: 'Compliance documents (VOG, liability insurance…) of an organization',
      description:
        '`filter[organization_id_eq]` (default: the current organization); without it, the tenant’s content editors get every organization’s. ' +
        'Readable by the organization’s admins and the tenant’s content editors (platform operators). `filter[kind_eq|_in]`.',
      querystring: ZJsonApiQueryString,
      response: { 200: ZComplianceDocumentCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const query = parseJsonApiQuery(req.query as Record<string, string>, COMPLIANCE_DOCUMENTS_QUERY);
      assertUuidFilters(query, ['organization_id']);
      const byOrganization = query.filters.find((f) => f.attribute === 'organization_id');
      const kinds = query.filters.find((f) => f.attribute === 'kind');
      let organizationIds: string[] | undefined;
      if (byOrganization || !compliancePolicy.viewAllDocuments(caller)) {
        const id = byOrganization ? String(byOrganization.value) : caller.current?.id;
        if (!id) throw new ApiError('forbidden');
        const organization = await loadOrganization(ctx, id).catch(() => {
          throw new ApiError('forbidden');
        });
        if (!compliancePolicy.viewDocuments(caller, organization)) throw forbidden();
        organizationIds = [id];
      }
      const rows = await listDocuments(ctx.db, ctx.tenant.id, {
        organizationIds,
        kinds: kinds ? kindsOf(kinds.value) : undefined,
      });
      return collectionDocument(rows.map(documentResource), { total: rows.length });
    },
  });

  r.get('/api/v1/compliance_documents/:id', {
    schema: {
      tags: TAGS,
      summary: 'One compliance document',
      params: ZId,
      response: { 200: ZComplianceDocumentDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const { doc } = await visibleDocument(ctx, caller, req.params.id);
      return resourceDocument(documentResource(doc));
    },
  });

  r.post('/api/v1/compliance_documents', {
    schema: {
      tags: TAGS,
      summary: 'Add a document to the current organization (its admins; NonProfits and Providers)',
      description:
        'No file is stored: `reference` (certificate or policy number) and `note` say where the document is. ' +
        'The organization’s compliance state is recomputed and, when it changed, announced (`organizations.compliance.changed`).',
      body: ZComplianceDocumentCreateBody,
      response: { 201: ZComplianceDocumentDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const { organization_id, ...values } = req.body.data.attributes;
      const id = organization_id ?? caller.current?.id;
      if (!id) throw new ApiError('forbidden');
      // Serialises the organization's writers: its events (compliance.changed) stay in order.
      const organization = await loadOrganization(ctx, id, true).catch(() => {
        throw new ApiError('forbidden');
      });
      if (!compliancePolicy.manageDocuments(caller, organization)) throw forbidden();
      const doc = await createDocument(ctx, caller, organization.id, values);
      return reply.status(201).send(resourceDocument(documentResource(doc)));
    },
  });

  r.route({
    method: ['PUT', 'PATCH'],
    url: '/api/v1/compliance_documents/:id',
    schema: {
      tags: TAGS,
      summary: 'Edit a document (the organization’s admins)',
      params: ZId,
      body: ZComplianceDocumentUpdateBody,
      response: { 200: ZComplianceDocumentDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const { doc, organization } = await visibleDocument(ctx, caller, req.params.id, true);
      if (!compliancePolicy.manageDocuments(caller, organization)) throw forbidden();
      assertSameId(req.body.data.id, doc.id);
      const { organization_id, ...changes } = req.body.data.attributes;
      if (organization_id !== undefined && organization_id !== doc.organization_id)
        throw new ApiError('validation_failed', {}, { pointer: '/data/attributes/organization_id' });
      return resourceDocument(documentResource(await changeDocument(ctx, caller, doc, changes)));
    },
  });

  r.delete('/api/v1/compliance_documents/:id', {
    schema: { tags: TAGS, summary: 'Remove a document (the organization’s admins)', params: ZId },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const { doc, organization } = await visibleDocument(ctx, caller, req.params.id, true);
      if (!compliancePolicy.manageDocuments(caller, organization)) throw forbidden();
      await removeDocument(ctx, caller, doc);
      return reply.status(204).send();
    },
  });

  r.get('/api/v1/compliance_requirements', {
    schema: {
      tags: TAGS,
      summary: 'What the tenant’s schools and centres require (signed-in users)',
      response: { 200: ZComplianceRequirementCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      await requireCaller(req, ctx.db);
      const data = [...(await allRequirements(ctx.db, ctx.tenant.id))].map(([id, kinds]) =>
        requirementResource(id, kinds),
      );
      return collectionDocument(data, { total: data.length });
    },
  });

  r.get('/api/v1/compliance_requirements/:id', {
    schema: {
      tags: TAGS,
      summary: 'The kinds one School or VolunteerCenter requires (id: the organization’s)',
      params: ZId,
      response: { 200: ZComplianceRequirementDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      await requireCaller(req, ctx.db);
      const o = await loadOrganization(ctx, req.params.id);
      if (!COMPLIANCE_REQUIRER_TYPES.includes(o.type)) throw notFound();
      return resourceDocument(requirementResource(o.id, await requirementsOf(ctx.db, o.id)));
    },
  });

  r.route({
    method: ['PUT', 'PATCH'],
    url: '/api/v1/compliance_requirements/:id',
    schema: {
      tags: TAGS,
      summary: 'Set the kinds a School or VolunteerCenter requires (its admins)',
      description:
        'Every organization’s compliance state is recomputed; each change is announced (`organizations.compliance.changed`).',
      params: ZId,
      body: ZComplianceRequirementUpdateBody,
      response: { 200: ZComplianceRequirementDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const organization = await loadOrganization(ctx, req.params.id, true);
      if (!compliancePolicy.setRequirements(caller, organization)) throw forbidden();
      assertSameId(req.body.data.id, organization.id);
      const kinds = await changeRequirements(ctx, caller, organization, req.body.data.attributes.kinds);
      return resourceDocument(requirementResource(organization.id, kinds));
    },
  });
};
