import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EVALUATION_LINK_ACTION,
  ZEvaluationAnswersBody,
  ZEvaluationByLinkDocument,
  ZEvaluationDocument,
  ZEvaluationFormOptionCollection,
  ZEvaluationOpenedDocument,
  ZEvaluationTemplateCollection,
  ZEvaluationTemplateCreateBody,
  ZEvaluationTemplateDocument,
  ZEvaluationTemplatesQuery,
  ZEvaluationTemplateUpdateBody,
} from '@stageplein/contracts/placements/evaluations';
import { linkActorOf } from '@stageplein/kit/external-links/external-links.guard';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import { sendValidationFailed } from '@stageplein/kit/errors/validation-failed';
import {
  byLinkDocument,
  evaluationDocument,
  formOptionsDocument,
  templateResource,
} from './evaluations.serialize.ts';
import {
  changeEvaluationTemplate,
  createEvaluationTemplate,
  evaluationFormOptions,
  listEvaluationTemplates,
  openEvaluation,
  openTemplate,
  readEvaluation,
  readEvaluationTemplate,
  sendEvaluationLink,
  submitByLink,
  submitOwnPart,
  supervisorPartByLink,
} from './evaluations.service.ts';

const TAGS = ['evaluations'];
const ZId = z.object({ id: z.uuid() });
const ZInternship = z.object({ internshipId: z.uuid() });
const ANSWERS_422 =
  '422 `validation_failed` with one error per failing answer (`source.pointer` `/data/attributes/answers/<question id>`), checked against the part’s frozen form version.';

/**
 * Evaluations (docs/decisions/evaluations.md): the school's templates per internship period, one
 * internship's evaluation (student and mentor fill their part signed in), and the workplace
 * supervisor's part through an external link (no account). Only where the tenant's "Evaluation
 * forms" switch is on; elsewhere every call answers 404 `evaluations_unavailable`.
 */
export const evaluationsRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/evaluation_templates', {
    schema: {
      tags: TAGS,
      summary:
        "The current School's evaluation templates (a School admin): its periods' (optionally one period's), or with `phase_id` a workflow phase's",
      querystring: ZEvaluationTemplatesQuery,
      response: { 200: ZEvaluationTemplateCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const views = await listEvaluationTemplates(ctx, await callerOf(req, ctx.db), req.query);
      return { data: views.map(templateResource) };
    },
  });

  r.get('/api/v1/evaluation_templates/forms', {
    schema: {
      tags: TAGS,
      summary:
        'The evaluation forms a template may name: the newest published version of each (none on legacy-form tenants)',
      response: { 200: ZEvaluationFormOptionCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      return formOptionsDocument(await evaluationFormOptions(ctx, await callerOf(req, ctx.db)));
    },
  });

  r.post('/api/v1/evaluation_templates', {
    schema: {
      tags: TAGS,
      summary:
        "Create the evaluation template of one of the School's internship periods or workflow phases (a School admin)",
      description:
        'One per period (409 `evaluation_template_exists`) or phase (409 `evaluation_template_phase_exists`; a phase of none of the school’s workflows: 404). 422 `evaluation_form_unknown` for a form that is not a published evaluation form.',
      body: ZEvaluationTemplateCreateBody,
      response: { 201: ZEvaluationTemplateDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const view = await createEvaluationTemplate(ctx, await callerOf(req, ctx.db), req.body.data.attributes);
      return reply.status(201).send({ data: templateResource(view) });
    },
  });

  r.get('/api/v1/evaluation_templates/:id', {
    schema: {
      tags: TAGS,
      summary: 'One evaluation template',
      params: ZId,
      response: { 200: ZEvaluationTemplateDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      return {
        data: templateResource(await readEvaluationTemplate(ctx, await callerOf(req, ctx.db), req.params.id)),
      };
    },
  });

  r.patch('/api/v1/evaluation_templates/:id', {
    schema: {
      tags: TAGS,
      summary:
        'Rename a template, or change its roles until an evaluation was opened with it (409 `evaluation_template_in_use`)',
      params: ZId,
      body: ZEvaluationTemplateUpdateBody,
      response: { 200: ZEvaluationTemplateDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      return {
        data: templateResource(
          await changeEvaluationTemplate(ctx, caller, req.params.id, req.body.data.attributes),
        ),
      };
    },
  });

  r.post('/api/v1/evaluation_templates/:id/open', {
    schema: {
      tags: TAGS,
      summary:
        "Open the evaluation of every running internship of the template's period that has none; mails the supervisors' links",
      params: ZId,
      response: { 200: ZEvaluationOpenedDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const { opened, linksSent } = await openTemplate(ctx, await callerOf(req, ctx.db), req.params.id);
      return { meta: { opened, links_sent: linksSent } };
    },
  });

  r.get('/api/v1/internships/:internshipId/evaluation', {
    schema: {
      tags: TAGS,
      summary:
        "One internship's evaluation: each role's part and state, the weighted score, the caller's steps",
      params: ZInternship,
      response: { 200: ZEvaluationDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const view = await readEvaluation(ctx, await callerOf(req, ctx.db), req.params.internshipId);
      reply.header('cache-control', 'private, no-store');
      return evaluationDocument(view);
    },
  });

  r.post('/api/v1/internships/:internshipId/evaluation', {
    schema: {
      tags: TAGS,
      summary:
        "Open the internship's evaluation from its period's template (the school); mails the supervisor's link",
      params: ZInternship,
      response: { 201: ZEvaluationDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const view = await openEvaluation(ctx, await callerOf(req, ctx.db), req.params.internshipId);
      return reply.status(201).send(evaluationDocument(view));
    },
  });

  r.put('/api/v1/internships/:internshipId/evaluation/answers', {
    schema: {
      tags: TAGS,
      summary: 'Send your own part (the student or the mentor); final once sent',
      description: ANSWERS_422,
      params: ZInternship,
      body: ZEvaluationAnswersBody,
      response: { 200: ZEvaluationDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const outcome = await submitOwnPart(
        ctx,
        caller,
        req.params.internshipId,
        req.body.data.attributes.answers,
      );
      if (outcome.kind === 'invalid')
        return sendValidationFailed(
          reply as FastifyReply,
          ctx.lang,
          '/data/attributes/answers',
          outcome.issues,
        );
      return evaluationDocument(outcome.value);
    },
  });

  r.post('/api/v1/internships/:internshipId/evaluation/supervisor_link', {
    schema: {
      tags: TAGS,
      summary: 'Mail the workplace supervisor a new evaluation link; older ones stop working (the school)',
      params: ZInternship,
      response: { 200: ZEvaluationDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      return evaluationDocument(
        await sendEvaluationLink(ctx, await callerOf(req, ctx.db), req.params.internshipId),
      );
    },
  });

  // The supervisor, by the mailed link (X-Action-Link header): no account, the link's internship only.
  const byLink = () => app.externalLinks.route({ action: EVALUATION_LINK_ACTION });

  r.get('/api/v1/evaluations/supervisor', {
    ...byLink(),
    schema: {
      tags: TAGS,
      summary: "The supervisor's part of an internship's evaluation (external link in X-Action-Link)",
      response: { 200: ZEvaluationByLinkDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      reply.header('cache-control', 'private, no-store');
      return byLinkDocument(await supervisorPartByLink(ctx, linkActorOf(req)));
    },
  });

  r.put('/api/v1/evaluations/supervisor', {
    ...byLink(),
    schema: {
      tags: TAGS,
      summary: "Send the supervisor's part (external link in X-Action-Link); final once sent",
      description: ANSWERS_422,
      body: ZEvaluationAnswersBody,
      response: { 200: ZEvaluationByLinkDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const outcome = await submitByLink(ctx, linkActorOf(req), req.body.data.attributes.answers);
      if (outcome.kind === 'invalid')
        return sendValidationFailed(
          reply as FastifyReply,
          ctx.lang,
          '/data/attributes/answers',
          outcome.issues,
        );
      return byLinkDocument(outcome.value);
    },
  });
};
