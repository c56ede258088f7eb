import type { SwaggerTransformObject } from '@fastify/swagger';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ZErrorDocument } from '@stageplein/contracts/jsonapi/jsonapi';
import { JSONAPI_MEDIA_TYPE } from '../errors/error-handler.ts';

type TSwaggerTransform = typeof jsonSchemaTransform;
type TJson = Record<string, unknown>;
type TOperation = {
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
  'x-rate-limited'?: boolean;
  'x-external-link'?: boolean;
} & TJson;

const ERROR_SCHEMA = 'JsonApiErrorDocument';

/** Why each error status can come back; the body is always a JSON:API error document (kit error handler). */
const ERROR_RESPONSES: Record<string, string> = {
  '400':
    'Bad request: an unknown tenant (x-tenant), a URL that does not decode, or a query parameter the route does not accept',
  '401': 'Not signed in, or the credentials are invalid, expired or revoked (operations that need a caller)',
  '403': 'Signed in, but the caller may not do this (spec §6 permissions, ownership, tenant features)',
  '404': 'No such resource in this tenant (another tenant’s ids are never found)',
  '409': 'Conflict with existing data (e.g. an e-mail address or a name already taken)',
  '413': 'The body is larger than the limit',
  '415': 'The body is not JSON (send application/vnd.api+json or application/json)',
  '421': 'The Host names no tenant (and no default tenant is configured)',
  '422':
    'Validation failed: one error per issue, with a JSON pointer or parameter (also control characters in a JSON string)',
  '410': 'The external action link has expired, was revoked or replaced, or (single use) was used',
  '429': 'Too many attempts, or a sign-in delayed after wrong passwords; try again after Retry-After',
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/**
 * Per route: zod schemas to JSON Schema (fastify-type-provider-zod), and a mark on rate-limited
 * routes (`config.limit`, the kit's limiter store, or `config.rateLimit`, @fastify/rate-limit, or
 * `config.externalLink`, kit/external-links, or `config.limited`, a use case's own limit) so the
 * document can list their 429 (and 410).
 */
export const openapiRouteTransform: TSwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const config = input.route.config as
    { limit?: unknown; rateLimit?: unknown; externalLink?: unknown; limited?: unknown } | undefined;
  // A route authenticated by an external action link (kit/external-links) is rate limited and can say 410.
  const externalLink = !!config?.externalLink;
  const rateLimited = !!(config?.limit ?? config?.rateLimit ?? config?.limited) || externalLink;
  if (!rateLimited) return out;
  return {
    ...out,
    schema: { ...out.schema, 'x-rate-limited': true, ...(externalLink ? { 'x-external-link': true } : {}) },
  };
};

/**
 * The whole document as the routes really behave: JSON:API media types (bodies are accepted as
 * `application/vnd.api+json` or `application/json`; every answer of a service is
 * `application/vnd.api+json`) and, per operation, the error statuses it can give with the JSON:API
 * error document as their schema — so a client or a fuzzer (Schemathesis) can check conformance.
 */
export const openapiDocumentTransform: SwaggerTransformObject = (input) => {
  const doc = ('openapiObject' in input ? input.openapiObject : input.swaggerObject) as TJson & {
    paths?: Record<string, Record<string, TOperation>>;
    components?: { schemas?: Record<string, unknown> } & TJson;
  };
  const errorRef = { $ref: `#/components/schemas/${ERROR_SCHEMA}` };
  doc.components = {
    ...doc.components,
    schemas: {
      ...doc.components?.schemas,
      [ERROR_SCHEMA]: z.toJSONSchema(ZErrorDocument, { target: 'openapi-3.0' }),
    },
  };
  for (const [, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const body = op.requestBody?.content;
      if (body?.['application/json']) {
        op.requestBody!.content = { [JSONAPI_MEDIA_TYPE]: body['application/json'], ...body };
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        // A 204 or a redirect answers without a body (its next address is in Location): a declared
        // JSON body would make a client or the fuzzer parse an empty one.
        if (status === '204' || status.startsWith('3')) {
          delete response.content;
          continue;
        }
        const json = response.content?.['application/json'];
        if (json) response.content = { [JSONAPI_MEDIA_TYPE]: json };
      }
      const codes = ['400', '401', '403', '404', '421', '422'];
      if (WRITES.has(method)) codes.push('409', '413', '415');
      if (op['x-rate-limited']) codes.push('429');
      if (op['x-external-link']) codes.push('410');
      for (const code of codes.sort()) {
        op.responses ??= {};
        op.responses[code] ??= {
          description: ERROR_RESPONSES[code]!,
          content: { [JSONAPI_MEDIA_TYPE]: { schema: errorRef } },
        };
      }
    }
  }
  return doc;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The use case limits how often (its 429 is in the OpenAPI document), e.g. a link per internship. */
    limited?: boolean;
  }
}
