import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { localizeZodIssue } from '@stageplein/contracts/errors/validation-messages';
import type { TErrorCode } from '@stageplein/contracts/errors/error-catalogue';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import type { TErrorVars } from './api-error.ts';
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

/** An issue a use case found (a catalogue code, its variables, where in the resource's attributes). */
export interface TCatalogueIssue {
  code: TErrorCode;
  vars?: TErrorVars;
  pointer: string;
}

/**
 * 422 with one catalogue error per issue, `source.pointer` under `/data/attributes` (a versioned
 * document's save or publication refused: placements' contract templates and workflow definitions).
 */
export function sendIssues(reply: FastifyReply, lang: TLanguage, issues: readonly TCatalogueIssue[]) {
  const errors = issues.map((issue) =>
    errorObject(lang, issue.code, issue.vars, { pointer: `/data/attributes${issue.pointer}` }),
  );
  return reply.status(422).type(JSONAPI_MEDIA_TYPE).send({ errors });
}
