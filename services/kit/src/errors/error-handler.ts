import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { $ZodIssue } from 'zod/v4/core';
import { ERRORS } from '@stageplein/contracts/errors/error-catalogue';
import { localizeZodIssue } from '@stageplein/contracts/errors/validation-messages';
import { negotiateLanguage, translate, type TLanguage } from '@stageplein/contracts/i18n/index';
import type { TErrorObject } from '@stageplein/contracts/jsonapi/jsonapi';
import { ApiError } from './api-error.ts';

export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';

export function languageOf(req: FastifyRequest): TLanguage {
  return negotiateLanguage(req.headers['accept-language']);
}

/** A catalogue error in the caller's language. */
export function errorObject(
  lang: TLanguage,
  code: string,
  vars: Record<string, string | number> = {},
  source?: TErrorObject['source'],
): TErrorObject {
  const entry = ERRORS[code as keyof typeof ERRORS] ?? ERRORS.internal;
  const error: TErrorObject = {
    status: String(entry.status),
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

/** Every failure leaves as JSON:API `errors`, localized by Accept-Language (nl default). */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const lang = languageOf(req);
    reply.type(JSONAPI_MEDIA_TYPE);
    if (error instanceof ApiError) {
      const body = { errors: [errorObject(lang, error.code, error.vars, error.source)] };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const issue = {
          ...(v.params as object),
          code: v.keyword,
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message,
        } as unknown as $ZodIssue;
        const detail = localizeZodIssue(issue, lang);
        return {
          ...errorObject(lang, 'validation_failed', {}, sourceOf(error.validationContext, v.instancePath)),
          detail,
        };
      });
      return reply.status(422).send({ errors });
    }
    if (error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ errors: [errorObject(lang, 'unsupported_media_type')] });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code =
        error.statusCode === 429 ? 'rate_limited' : error.statusCode === 404 ? 'not_found' : 'bad_request';
      return reply.status(error.statusCode).send({ errors: [errorObject(lang, code, { parameter: '' })] });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ errors: [errorObject(lang, 'internal')] });
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .type(JSONAPI_MEDIA_TYPE)
      .send({ errors: [errorObject(languageOf(req), 'not_found', { path: req.url.split('?')[0] ?? '' })] });
  });
}
