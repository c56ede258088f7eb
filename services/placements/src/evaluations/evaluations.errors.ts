import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { localizeZodIssue } from '@stageplein/contracts/errors/validation-messages';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { errorObject, JSONAPI_MEDIA_TYPE } from '@stageplein/kit/errors/error-handler';

/**
 * 422 `validation_failed`, one error per failing answer (`source.pointer`
 * `/data/attributes/answers/<question id>`) with the catalogue's message in the caller's language —
 * the same answer content gives a public form (services/content/src/forms/forms.errors.ts); a copy,
 * as placements may not import content. Candidate for kit once assignments answer forms too.
 */
export function sendAnswersInvalid(
  reply: FastifyReply,
  lang: TLanguage,
  issues: readonly z.core.$ZodIssue[],
) {
  const errors = issues.map((issue) => ({
    ...errorObject(
      lang,
      'validation_failed',
      {},
      {
        pointer: ['/data/attributes/answers', ...issue.path.map(String)].join('/'),
      },
    ),
    detail: localizeZodIssue(issue, lang),
  }));
  return reply.status(422).type(JSONAPI_MEDIA_TYPE).send({ errors });
}
