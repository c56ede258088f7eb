import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZWorkflowDesignerCollection,
  ZWorkflowDesignerCreateBody,
  ZWorkflowDesignerDocument,
  ZWorkflowDesignerSelfDocument,
} from '@stageplein/contracts/phases/workflow-definitions';
import type { TPlacementsDeps } from '../../placements.config.ts';
import { callerOf } from '../../shared/caller.ts';
import { contextOf } from '../../shared/request.ts';
import { designerCollection, designerResource } from './designers.serialize.ts';
import { designerSelf, grantDesigner, listDesigners, revokeDesigner } from './designers.service.ts';

const TAGS = ['workflows'];
const WHO = 'Admins of the selected, approved School only: 401 anonymous, 403 anyone else.';

/** The mentors a school admin granted the workflow designer permission (docs/decisions/phases.md). */
export const designersRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/workflow_designers', {
    schema: {
      tags: TAGS,
      summary: "The School's mentors who may design its workflows",
      description: WHO,
      response: { 200: ZWorkflowDesignerCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      return designerCollection(await listDesigners(ctx, await callerOf(req, ctx.db)));
    },
  });

  r.get('/api/v1/workflow_designers/me', {
    schema: {
      tags: TAGS,
      summary: "Whether the caller designs the selected School's workflows (and was granted it)",
      description:
        'Every signed-in caller: `can_design` is contracts’ mayDesignWorkflows with their grant, `granted` whether ' +
        'a school admin granted it to them at the selected School. 401 anonymous.',
      response: { 200: ZWorkflowDesignerSelfDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const self = await designerSelf(ctx, await callerOf(req, ctx.db));
      reply.header('cache-control', 'private, no-store');
      return {
        data: {
          type: 'workflow_designer_self' as const,
          id: self.userId,
          attributes: { school_id: self.schoolId, can_design: self.canDesign, granted: self.granted },
        },
      };
    },
  });

  r.post('/api/v1/workflow_designers', {
    schema: {
      tags: TAGS,
      summary: 'Grant a mentor of the School the workflow designer permission (idempotent)',
      description: `${WHO} 422 \`workflow_designer_not_mentor\` for anyone who is not a mentor of the School.`,
      body: ZWorkflowDesignerCreateBody,
      response: { 201: ZWorkflowDesignerDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const row = await grantDesigner(ctx, await callerOf(req, ctx.db), req.body.data.attributes.user_id);
      return reply.status(201).send({ data: designerResource(row) });
    },
  });

  r.delete('/api/v1/workflow_designers/:userId', {
    schema: {
      tags: TAGS,
      summary: 'Take the workflow designer permission back',
      description: `${WHO} 404 when the user had none at the School.`,
      params: z.object({ userId: z.uuid() }),
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      await revokeDesigner(ctx, await callerOf(req, ctx.db), req.params.userId);
      return reply.status(204).send();
    },
  });
};
