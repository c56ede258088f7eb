import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZPublicFormDocument,
  ZPublicSubmissionBody,
  ZPublicSubmissionDocument,
} from '@stageplein/contracts/forms/forms-api';
import { ApiError, notFound } from '@stageplein/kit/errors/api-error';
import { limiterStoreFor, rateLimitPluginStore } from '@stageplein/kit/http/limits/limiter-store';
import { resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import { randomUUID } from 'node:crypto';
import type { TContentDeps } from '../content.config.ts';
import { noStore } from '../shared/cache.ts';
import { contextOf } from '../shared/request.ts';
import { sendValidationFailed } from '@stageplein/kit/errors/validation-failed';
import { publicFormResource } from './forms.serialize.ts';
import { publicForm, submitPublicForm } from './forms.service.ts';

const TAGS = ['forms'];
// A plain string: a `pattern` on a path parameter crashes Schemathesis' case generation (as the
// files route, the token is checked in the handler; anything else is a 404 like an unknown token).
const ZToken = z.object({ token: z.string() });
const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Public forms (no account): a published form by its token and its submissions, with the spam rules of
 * docs/decisions/forms.md — a rate limit per client address (the kit's limiter store: Redis when
 * REDIS_URL is set), the honeypot and the signed render time (forms.service.ts).
 */
export const formsPublicRoutes: FastifyPluginAsync<TContentDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secret = deps.config.AUTH_TOKEN_SECRET;
  // Per client address per tenant, in the kit's limiter store (Redis when REDIS_URL is set), like
  // organizations' public signup; 429 leaves as a JSON:API error with Retry-After.
  const limits = limiterStoreFor(deps.config);
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    store: rateLimitPluginStore(limits),
    errorResponseBuilder: () => new ApiError('rate_limited'),
  });
  const submissionLimit = {
    max: deps.config.RATE_LIMIT_FORM_SUBMISSIONS,
    timeWindow: deps.config.RATE_LIMIT_FORM_WINDOW_SECONDS * 1000,
    keyGenerator: (req: FastifyRequest) => `form-submission|${req.tenant.id}|${req.ip}`,
  };

  r.get('/api/v1/public/forms/:token', {
    schema: {
      tags: TAGS,
      summary:
        'A published form’s current version, with a render token to send back (`contact`: the contact form)',
      params: ZToken,
      response: { 200: ZPublicFormDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      if (!TOKEN.test(req.params.token)) throw notFound();
      const shown = await publicForm(ctx, secret, req.params.token);
      // The render token is this response's own.
      noStore(reply);
      return resourceDocument(
        publicFormResource(req.params.token, shown.form, shown.version, shown.definition, shown.renderToken),
      );
    },
  });

  r.post('/api/v1/public/forms/:token/submissions', {
    schema: {
      tags: TAGS,
      summary: 'Submit a published form (rate limited per address; honeypot; time-to-submit)',
      description:
        '422 `validation_failed` with one error per failing answer (`source.pointer` ' +
        '`/data/attributes/answers/<field id>`), `form_submitted_too_fast`, `form_expired`; 429 `rate_limited`.',
      params: ZToken,
      body: ZPublicSubmissionBody,
      response: { 201: ZPublicSubmissionDocument },
    },
    config: { rateLimit: submissionLimit },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      if (!TOKEN.test(req.params.token)) throw notFound();
      const outcome = await submitPublicForm(ctx, deps.config, req.params.token, req.body.data.attributes);
      if (outcome.kind === 'invalid') {
        return sendValidationFailed(
          reply as FastifyReply,
          ctx.lang,
          '/data/attributes/answers',
          outcome.issues,
        );
      }
      const id = outcome.kind === 'stored' ? outcome.row.id : randomUUID();
      const receivedAt = outcome.kind === 'stored' ? outcome.row.created_at : ctx.now;
      return reply.status(201).send(
        resourceDocument({
          type: 'form_submission' as const,
          id,
          attributes: { received_at: receivedAt.toISOString() },
        }),
      );
    },
  });
};
