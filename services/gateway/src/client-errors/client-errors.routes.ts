import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CLIENT_ERROR_TYPE,
  CLIENT_ERRORS_PATH,
  ZClientErrorAccepted,
  ZClientErrorReport,
} from '@stageplein/contracts/errors/client-error-report';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { resolveTenant } from '@stageplein/kit/tenant/tenant.plugin';
import type { TGatewayConfig } from '../gateway.config.ts';
import { createClientErrorRecorder } from './client-errors.service.ts';

/**
 * Per client address, so one broken page in a loop cannot flood telemetry or the Sentry quota. These
 * are @fastify/rate-limit's per-route options on its in-process store; pointing them at a shared store
 * (Redis, several gateway instances) is a `store`/`redis` option here and nothing else.
 */
export function clientErrorsRateLimit(config: TGatewayConfig) {
  return {
    max: config.CLIENT_ERRORS_RATE_LIMIT,
    timeWindow: config.CLIENT_ERRORS_RATE_WINDOW_SECONDS * 1000,
    keyGenerator: (req: FastifyRequest) => `client-errors|${req.ip}`,
  };
}

/** Browser error reports (spec §8): public, small, rate-limited; answered 202 with the report's id. */
export const clientErrorsRoutes: FastifyPluginAsync<{ config: TGatewayConfig }> = async (app, { config }) => {
  const recorder = createClientErrorRecorder({
    sentryDsn: config.CLIENT_ERRORS_SENTRY_DSN,
    environment: config.NODE_ENV,
  });
  app.addHook('onClose', () => recorder.drain());
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    errorResponseBuilder: () => new ApiError('rate_limited'),
  });
  const tenantOptions = { defaultTenant: config.DEFAULT_TENANT, domainMap: config.TENANT_DOMAINS };

  app.withTypeProvider<ZodTypeProvider>().post(CLIENT_ERRORS_PATH, {
    schema: {
      tags: ['client errors'],
      summary: 'Report a browser error (public): scrubbed, recorded in the page trace, optionally forwarded',
      description:
        'Both front ends send every reportable error here (spec §8: never client errors 300–499, which are refused with 422). ' +
        'Credentials, tokens, cookies, e-mail addresses and long digit runs are scrubbed before the report is logged, ' +
        'recorded as a `browser.error` span with an `exception` event in the trace of `trace_id`, and forwarded to ' +
        'the Sentry-compatible DSN when one is configured. Limited per client address (429).',
      body: ZClientErrorReport,
      response: { 202: ZClientErrorAccepted },
    },
    bodyLimit: 32 * 1024,
    config: { rateLimit: clientErrorsRateLimit(config) },
    handler: async (req, reply) => {
      const tenant = resolveTenant(req, tenantOptions);
      const { traceId } = recorder.record(
        req.body.data.attributes,
        { tenant: tenant.id, userAgent: req.headers['user-agent'] },
        req.log,
      );
      return reply
        .status(202)
        .type('application/vnd.api+json')
        .send({ data: { type: CLIENT_ERROR_TYPE, id: randomUUID() }, meta: { trace_id: traceId } });
    },
  });
};
