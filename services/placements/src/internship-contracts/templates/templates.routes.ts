import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZContractPreviewDocument,
  ZContractTemplateCollection,
  ZContractTemplateCreateBody,
  ZContractTemplateDocument,
  ZContractTemplateUpdateBody,
  ZContractTemplateVersionDocument,
  ZContractTemplateVersionUpdateBody,
} from '@stageplein/contracts/internship-contracts/contract-schemas';
import { sendIssues } from '@stageplein/kit/errors/validation-failed';
import type { TPlacementsDeps } from '../../placements.config.ts';
import { callerOf } from '../../shared/caller.ts';
import { contextOf } from '../../shared/request.ts';
import {
  previewDocument,
  templateCollection,
  templateDocument,
  templateVersionResource,
} from './templates.serialize.ts';
import {
  changeTemplateDraft,
  createTemplateFor,
  listTemplates,
  newTemplateDraft,
  previewTemplateVersion,
  publishTemplateDraft,
  readTemplate,
  readTemplateVersion,
  renameTemplateOf,
} from './templates.service.ts';

const TAGS = ['contracts'];
const ZId = z.object({ id: z.uuid() });
const WHO =
  'Admins of the selected, approved School (contracts `mayManageContracts`): 401 anonymous, 403 anyone else, 404 for another school’s; 404 `contracts_unavailable` on a tenant that uses hours.';

/** Contract templates and their versions (docs/decisions/internship-contracts.md). */
export const templatesRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/contract_templates', {
    schema: {
      tags: TAGS,
      summary: "The selected School's contract templates",
      description: WHO,
      response: { 200: ZContractTemplateCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      return templateCollection(await listTemplates(ctx, await callerOf(req, ctx.db)));
    },
  });

  r.post('/api/v1/contract_templates', {
    schema: {
      tags: TAGS,
      summary: 'A new template with its first draft (version 1, the tenant’s default signer order)',
      description: WHO,
      body: ZContractTemplateCreateBody,
      response: { 201: ZContractTemplateDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const view = await createTemplateFor(ctx, await callerOf(req, ctx.db), req.body.data.attributes.name);
      return reply.status(201).send(templateDocument(view));
    },
  });

  r.get('/api/v1/contract_templates/:id', {
    schema: {
      tags: TAGS,
      summary: 'One template; its published version and draft included',
      description: WHO,
      params: ZId,
      response: { 200: ZContractTemplateDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      return templateDocument(await readTemplate(ctx, await callerOf(req, ctx.db), req.params.id));
    },
  });

  r.patch('/api/v1/contract_templates/:id', {
    schema: {
      tags: TAGS,
      summary: 'Rename a template',
      description: WHO,
      params: ZId,
      body: ZContractTemplateUpdateBody,
      response: { 200: ZContractTemplateDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      return templateDocument(
        await renameTemplateOf(ctx, caller, req.params.id, req.body.data.attributes.name),
      );
    },
  });

  r.post('/api/v1/contract_templates/:id/drafts', {
    schema: {
      tags: TAGS,
      summary: 'A new draft copied from the newest published version',
      description: `${WHO} 409 \`contract_template_draft_exists\` with a draft open, \`contract_template_not_published\` without a published version.`,
      params: ZId,
      response: { 201: ZContractTemplateVersionDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { version, template } = await newTemplateDraft(ctx, await callerOf(req, ctx.db), req.params.id);
      return reply.status(201).send({ data: templateVersionResource(version, template) });
    },
  });

  r.get('/api/v1/contract_template_versions/:id', {
    schema: {
      tags: TAGS,
      summary: 'One version of a template: bodies, company fields, signers',
      description: WHO,
      params: ZId,
      response: { 200: ZContractTemplateVersionDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const { version, template } = await readTemplateVersion(
        ctx,
        await callerOf(req, ctx.db),
        req.params.id,
      );
      return { data: templateVersionResource(version, template) };
    },
  });

  r.patch('/api/v1/contract_template_versions/:id', {
    schema: {
      tags: TAGS,
      summary: "Save a draft's bodies, company fields and signers (variables checked against the typed list)",
      description: `${WHO} 422 with one error per issue (\`contract_variable_unknown\` pointing at the text node, the switches' \`contract_*\` codes), nothing changed; 409 \`contract_template_version_published\`.`,
      params: ZId,
      body: ZContractTemplateVersionUpdateBody,
      response: { 200: ZContractTemplateVersionDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const outcome = await changeTemplateDraft(ctx, caller, req.params.id, req.body.data.attributes);
      if (!outcome.ok) return sendIssues(reply, ctx.lang, outcome.issues);
      return { data: templateVersionResource(outcome.view.version, outcome.view.template) };
    },
  });

  r.post('/api/v1/contract_template_versions/:id/publish', {
    schema: {
      tags: TAGS,
      summary: 'Publish a draft: validated, then immutable',
      description: `${WHO} 422 with one error per issue, nothing changed; 409 \`contract_template_version_published\`.`,
      params: ZId,
      response: { 200: ZContractTemplateVersionDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const outcome = await publishTemplateDraft(ctx, await callerOf(req, ctx.db), req.params.id);
      if (!outcome.ok) return sendIssues(reply, ctx.lang, outcome.issues);
      return { data: templateVersionResource(outcome.view.version, outcome.view.template) };
    },
  });

  r.get('/api/v1/contract_template_versions/:id/preview', {
    schema: {
      tags: TAGS,
      summary: 'The version’s text with a sample internship’s values filled in (sanitized HTML, nl and en)',
      description: WHO,
      params: ZId,
      response: { 200: ZContractPreviewDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const preview = await previewTemplateVersion(ctx, await callerOf(req, ctx.db), req.params.id);
      return previewDocument(req.params.id, preview);
    },
  });
};
