import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { $ZodError } from 'zod/v4/core';
import { ERRORS, errorCodeForStatus, type TErrorCode } from '@stageplein/contracts/errors/error-catalogue';
import { localizeZodIssue, type TZodIssueFields } from '@stageplein/contracts/errors/validation-messages';
import { negotiateLanguage, translate, type TLanguage } from '@stageplein/contracts/i18n/index';
import type { TErrorObject } from '@stageplein/contracts/jsonapi/jsonapi';
import { ApiError } from './api-error.ts';

export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';

export function languageOf(req: FastifyRequest): TLanguage {
  return negotiateLanguage(req.headers['accept-language']);
}

/** A catalogue error in the caller's language; `status` only where the code's own is overridden. */
export function errorObject(
  lang: TLanguage,
  code: TErrorCode,
  vars: Record<string, string | number> = {},
  source?: TErrorObject['source'],
  status: number = ERRORS[code].status,
): TErrorObject {
  const entry = ERRORS[code];
  const error: TErrorObject = {
    status: String(status),
    code,
    title: translate(lang, entry.titleKey, vars),
    detail: translate(lang, entry.detailKey, vars),
  };
  if (source) error.source = source;
  return error;
}

/** JSON pointer of a request part, as JSON:API `source` wants it. */
function sourceOf(context: string | undefined, path: string): TErrorObject['source'] {
  if (context === 'body') return { pointer: path || '/' };
  const parameter = path.replace(/^\//, '').replaceAll('/', '.');
  return { parameter: parameter || context || '' };
}

/** A JSON:API error document with one catalogue error, in the caller's language. */
function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  code: TErrorCode,
  vars: Record<string, string | number> = {},
  status: number = ERRORS[code].status,
) {
  return reply
    .status(status)
    .type(JSONAPI_MEDIA_TYPE)
    .send({ errors: [errorObject(languageOf(req), code, vars, undefined, status)] });
}

/** Fastify's own 4xx (body parsing, limits): the catalogue code of the status, or `bad_request`. */
function frameworkCode(error: FastifyError): TErrorCode {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'unsupported_media_type';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'payload_too_large';
  const code = errorCodeForStatus(error.statusCode ?? 400);
  return ERRORS[code].status === error.statusCode ? code : 'bad_request';
}

/**
 * Every failure leaves as a JSON:API error document with a catalogue code, localized by
 * Accept-Language (nl default): route errors, validation, Fastify's own refusals, unknown paths,
 * known paths with another method (405 with `Allow`) and URLs that do not decode
 * (`frameworkErrors`, see http-app.ts).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const lang = languageOf(req);
    reply.type(JSONAPI_MEDIA_TYPE);
    if (error instanceof ApiError) {
      const body = { errors: [errorObject(lang, error.code, error.vars, error.source, error.status)] };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        // fastify-type-provider-zod keeps the zod issue's own fields in `params` (Fastify types them loosely).
        const issue: TZodIssueFields = {
          ...(v.params as TZodIssueFields),
          code: v.keyword,
          message: v.message,
        };
        const detail = localizeZodIssue(issue, lang);
        return {
          ...errorObject(lang, 'validation_failed', {}, sourceOf(error.validationContext, v.instancePath)),
          detail,
        };
      });
      return reply.status(422).send({ errors });
    }
    // A schema a handler applies itself (an optional body, a definition's rules) failed: the input's
    // fault, whatever the handler forgot to catch, so never a 500.
    if (error instanceof $ZodError) {
      const errors = error.issues.map((issue) => ({
        ...errorObject(lang, 'validation_failed', {}, { pointer: `/${issue.path.map(String).join('/')}` }),
        detail: localizeZodIssue(issue, lang),
      }));
      return reply.status(422).send({ errors });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(req, reply, frameworkCode(error), { parameter: '' }, error.statusCode);
    }
    req.log.error({ err: error }, 'unhandled error');
    return sendError(req, reply, 'internal');
  });

  // A known path with another method: 405 before the body is looked at (QUERY without a content type
  // would otherwise be refused with 400 first).
  const routes = knownRoutes(app);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.is404) return;
    const allowed = routes.methodsOf(req.url.split('?')[0] ?? '');
    if (allowed.length === 0 || allowed.includes(req.method)) return;
    const allow = allowed.join(', ');
    reply.header('allow', allow);
    return sendError(req, reply, 'method_not_allowed', { method: req.method, allow });
  });
  app.setNotFoundHandler((req, reply) =>
    sendError(req, reply, 'not_found', { path: req.url.split('?')[0] ?? '' }),
  );
}

/** Requests Node's parser refuses (an unknown method, broken headers): a JSON:API 400 (431), in Dutch. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ errors: [errorObject('nl', 'bad_request', {}, undefined, status)] });
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: ${JSONAPI_MEDIA_TYPE}; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/** A URL Fastify cannot decode (FST_ERR_BAD_URL) and its other routing refusals, as catalogue errors. */
export function frameworkErrorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  return sendError(req, reply, error.code === 'FST_ERR_BAD_URL' ? 'bad_url' : 'bad_request', {
    parameter: '',
  });
}

/**
 * The methods of every registered route, matched against a concrete path, so the not-found handler can
 * tell an unknown path (404) from a known one asked with another method (405). The catch-all page
 * route `/*` of the gateway does not make every path known.
 */
function knownRoutes(app: FastifyInstance) {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  const byUrl = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    if (route.url === '/*') return;
    let methods = byUrl.get(route.url);
    if (!methods) {
      methods = new Set();
      byUrl.set(route.url, methods);
      routes.push({ pattern: patternOf(route.url), methods });
    }
    for (const m of [route.method].flat()) methods.add(m);
    if (methods.has('GET')) methods.add('HEAD');
  });
  return {
    methodsOf(path: string): string[] {
      const found = new Set<string>();
      for (const r of routes) if (r.pattern.test(path)) for (const m of r.methods) found.add(m);
      return [...found].sort();
    },
  };
}

/** `/api/v1/imports/:id/rows` → a regular expression for concrete paths (trailing slash optional). */
function patternOf(url: string): RegExp {
  const body = url
    .replace(/\/+$/, '')
    .split('/')
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body}/?$`);
}
