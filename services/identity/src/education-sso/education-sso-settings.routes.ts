import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZEducationSsoFederationBody,
  ZEducationSsoFederationCollection,
  ZEducationSsoFederationDocument,
  ZEducationSsoSchoolBody,
  ZEducationSsoSchoolDocument,
  type TEducationSsoFederationAttributes,
  type TEducationSsoSchoolAttributes,
} from '@stageplein/contracts/identity/education-sso-settings';
import { collectionDocument, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import { requireCaller } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import type { TIdentityDeps } from '../identity.config.ts';
import {
  readFederation,
  readSchoolSso,
  removeFederation,
  saveFederation,
  saveSchoolSso,
} from './education-sso-settings.service.ts';

const TAGS = ['education single sign-on'];
const SCHOOLS = '/api/v1/education_sso_schools';
const FEDERATIONS = '/api/v1/education_sso_federations';
const ZSchoolParams = z.object({ id: z.uuid() });
const ZFederationParams = z.object({ id: z.string().max(100) });

const schoolDocument = (id: string, attributes: TEducationSsoSchoolAttributes) =>
  resourceDocument({ type: 'education_sso_school' as const, id, attributes });
const federationResource = (id: string, attributes: TEducationSsoFederationAttributes) => ({
  type: 'education_sso_federation' as const,
  id,
  attributes,
});

/**
 * Education single sign-on's configuration (docs/decisions/education-sso.md "Configuration"): a
 * School's BRIN codes and provisioning choice (its admins), the tenant's federation registration (its
 * platform operators; the secret never returned).
 */
export const educationSsoSettingsRoutes: FastifyPluginAsync<TIdentityDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = async (req: FastifyRequest) => {
    const ctx = await contextOf(req, deps);
    return { ctx, caller: await requireCaller(req, ctx.db) };
  };

  r.get(`${SCHOOLS}/:id`, {
    schema: {
      tags: TAGS,
      summary: "A School's BRIN codes and whether its unknown students get an account (its admins)",
      params: ZSchoolParams,
      response: { 200: ZEducationSsoSchoolDocument },
    },
    handler: async (req) => {
      const { ctx, caller } = await signedIn(req);
      return schoolDocument(req.params.id, await readSchoolSso(ctx, caller, req.params.id));
    },
  });

  r.put(`${SCHOOLS}/:id`, {
    schema: {
      tags: TAGS,
      summary: "Set a School's BRIN codes and whether its unknown students get an account (its admins)",
      params: ZSchoolParams,
      body: ZEducationSsoSchoolBody,
      response: { 200: ZEducationSsoSchoolDocument },
    },
    handler: async (req) => {
      const { ctx, caller } = await signedIn(req);
      const saved = await saveSchoolSso(ctx, caller, req.params.id, req.body.data.attributes);
      return schoolDocument(req.params.id, saved);
    },
  });

  r.get(FEDERATIONS, {
    schema: {
      tags: TAGS,
      summary: "The tenant's registration at the education federation, as a list of one (platform operators)",
      response: { 200: ZEducationSsoFederationCollection },
    },
    handler: async (req) => {
      const { ctx, caller } = await signedIn(req);
      const attributes = await readFederation(ctx, caller, ctx.tenant.id);
      return collectionDocument([federationResource(ctx.tenant.id, attributes)], { total: 1 });
    },
  });

  r.get(`${FEDERATIONS}/:id`, {
    schema: {
      tags: TAGS,
      summary:
        "The tenant's registration at the education federation; its id is the tenant's (platform operators)",
      params: ZFederationParams,
      response: { 200: ZEducationSsoFederationDocument },
    },
    handler: async (req) => {
      const { ctx, caller } = await signedIn(req);
      const attributes = await readFederation(ctx, caller, req.params.id);
      return resourceDocument(federationResource(req.params.id, attributes));
    },
  });

  r.put(`${FEDERATIONS}/:id`, {
    schema: {
      tags: TAGS,
      summary:
        "Set the tenant's own registration at the education federation; the secret is kept when left out (platform operators)",
      params: ZFederationParams,
      body: ZEducationSsoFederationBody,
      response: { 200: ZEducationSsoFederationDocument },
    },
    handler: async (req) => {
      const { ctx, caller } = await signedIn(req);
      const attributes = await saveFederation(ctx, caller, req.params.id, req.body.data.attributes);
      return resourceDocument(federationResource(req.params.id, attributes));
    },
  });

  r.delete(`${FEDERATIONS}/:id`, {
    schema: {
      tags: TAGS,
      summary:
        "Remove the tenant's own registration; the installation's, if any, serves it again (platform operators)",
      params: ZFederationParams,
    },
    handler: async (req, reply) => {
      const { ctx, caller } = await signedIn(req);
      await removeFederation(ctx, caller, req.params.id);
      return reply.status(204).send();
    },
  });
};
