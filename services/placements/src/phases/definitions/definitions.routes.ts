import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZWorkflowDefinitionCollection,
  ZWorkflowDefinitionCreateBody,
  ZWorkflowDefinitionDocument,
  ZWorkflowDefinitionUpdateBody,
  ZWorkflowTimelineDocument,
  ZWorkflowTimelineQuery,
  ZWorkflowVersionDocument,
  ZWorkflowVersionUpdateBody,
} from '@stageplein/contracts/phases/workflow-definitions';
import { sendIssues } from '@stageplein/kit/errors/validation-failed';
import type { TPlacementsDeps } from '../../placements.config.ts';
import { callerOf } from '../../shared/caller.ts';
import { contextOf } from '../../shared/request.ts';
import {
  definitionCollection,
  definitionDocument,
  timelineDocument,
  versionResource,
} from './definitions.serialize.ts';
import {
  changeDefinition,
  changeDraft,
  createDefinition,
  listDefinitions,
  newDraft,
  publishDraft,
  readDefinition,
  readVersion,
  versionTimeline,
} from './definitions.service.ts';

const TAGS = ['workflows'];

const ZId = z.object({ id: z.uuid() });
const WHO =
  'The workflow designers of the selected School (its admins; mentors a school admin granted it): 401 anonymous, 403 anyone else, 404 for another school’s.';

/**
 * Workflow definitions and their versions (docs/decisions/phases.md). Handlers parse, call one use case
 * and serialize; the use cases check the designer.
 */
export const definitionsRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/workflow_definitions', {
    schema: {
      tags: TAGS,
      summary: "The selected School's workflow definitions, which is the default per kind",
      description: `${WHO} \`meta.can_design\` is true: the caller designs (a mentor learns of a grant here).`,
      response: { 200: ZWorkflowDefinitionCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const views = await listDefinitions(ctx, await callerOf(req, ctx.db));
      // Only designers get here (403 otherwise): a granted mentor learns of the grant from it.
      return definitionCollection(views, true);
    },
  });

  r.post('/api/v1/workflow_definitions', {
    schema: {
      tags: TAGS,
      summary: 'A new definition with its first draft (version 1)',
      description: `${WHO} 422 \`workflow_contract_type_unavailable\` for the kind this website does not use.`,
      body: ZWorkflowDefinitionCreateBody,
      response: { 201: ZWorkflowDefinitionDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const view = await createDefinition(ctx, await callerOf(req, ctx.db), req.body.data.attributes);
      return reply.status(201).send(definitionDocument(view));
    },
  });

  r.get('/api/v1/workflow_definitions/:id', {
    schema: {
      tags: TAGS,
      summary: 'One definition; its published version and draft (phases and tasks) included',
      description: WHO,
      params: ZId,
      response: { 200: ZWorkflowDefinitionDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      return definitionDocument(await readDefinition(ctx, await callerOf(req, ctx.db), req.params.id));
    },
  });

  r.patch('/api/v1/workflow_definitions/:id', {
    schema: {
      tags: TAGS,
      summary: "Rename a definition, or make it the School's default for its kind",
      description: `${WHO} 409 \`workflow_not_published\`: only a published definition can be the default.`,
      params: ZId,
      body: ZWorkflowDefinitionUpdateBody,
      response: { 200: ZWorkflowDefinitionDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      return definitionDocument(await changeDefinition(ctx, caller, req.params.id, req.body.data.attributes));
    },
  });

  r.post('/api/v1/workflow_definitions/:id/drafts', {
    schema: {
      tags: TAGS,
      summary: 'A new draft copied from the newest published version',
      description: `${WHO} 409 \`workflow_draft_exists\` with a draft open, \`workflow_not_published\` without a published version.`,
      params: ZId,
      response: { 201: ZWorkflowVersionDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { version, definition } = await newDraft(ctx, await callerOf(req, ctx.db), req.params.id);
      return reply.status(201).send({ data: versionResource(version, definition) });
    },
  });

  r.get('/api/v1/workflow_versions/:id', {
    schema: {
      tags: TAGS,
      summary: 'One version of a definition: its phases and tasks',
      description: WHO,
      params: ZId,
      response: { 200: ZWorkflowVersionDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const { version, definition } = await readVersion(ctx, await callerOf(req, ctx.db), req.params.id);
      return { data: versionResource(version, definition) };
    },
  });

  r.patch('/api/v1/workflow_versions/:id', {
    schema: {
      tags: TAGS,
      summary: "Replace a draft's phases (a draft may be invalid; publishing checks)",
      description: `${WHO} 409 \`workflow_version_published\`: a published version never changes.`,
      params: ZId,
      body: ZWorkflowVersionUpdateBody,
      response: { 200: ZWorkflowVersionDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const { version, definition } = await changeDraft(
        ctx,
        caller,
        req.params.id,
        req.body.data.attributes.phases,
      );
      return { data: versionResource(version, definition) };
    },
  });

  r.post('/api/v1/workflow_versions/:id/publish', {
    schema: {
      tags: TAGS,
      summary: 'Publish a draft: validated, then immutable; the first of its kind becomes the default',
      description: `${WHO} 422 with one error per issue (\`workflow_*\` codes, \`source.pointer\` under \`/data/attributes/phases\`), nothing changed.`,
      params: ZId,
      response: { 200: ZWorkflowVersionDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const outcome = await publishDraft(ctx, await callerOf(req, ctx.db), req.params.id);
      if (!outcome.ok) return sendIssues(reply, ctx.lang, outcome.issues);
      return { data: versionResource(outcome.view.version, outcome.view.definition) };
    },
  });

  r.get('/api/v1/workflow_versions/:id/timeline', {
    schema: {
      tags: TAGS,
      summary: 'The preview timeline of a version for a sample internship period',
      description: `${WHO} 422 \`invalid_date_range\` when the end is before the start.`,
      params: ZId,
      querystring: ZWorkflowTimelineQuery,
      response: { 200: ZWorkflowTimelineDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const { phases } = await versionTimeline(ctx, await callerOf(req, ctx.db), req.params.id, req.query);
      return timelineDocument(req.params.id, req.query, phases);
    },
  });
};
