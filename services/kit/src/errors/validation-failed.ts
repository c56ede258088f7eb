import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { localizeZodIssue } from '@stageplein/contracts/errors/validation-messages';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { errorObject, JSONAPI_MEDIA_TYPE } from './error-handler.ts';

/**
 * 422 `validation_failed` with one error per issue, `source.pointer` under `base` and the catalogue's
 * message in the caller's language — what the kit's handler answers for a body that fails its route
 * schema, for checks a route schema cannot carry (a form definition's rules, answers to a form version:
 * content's public forms, placements' evaluations and assignments).
 */
export function sendValidationFailed(
  reply: FastifyReply,
  lang: TLanguage,
  base: string,
  issues: readonly z.core.$ZodIssue[],
) {
  const errors = issues.map((issue) => ({
    ...errorObject(lang, 'validation_failed', {}, { pointer: [base, ...issue.path.map(String)].join('/') }),
    detail: localizeZodIssue(issue, lang),
  }));
  return reply.status(422).type(JSONAPI_MEDIA_TYPE).send({ errors });
}
