import type { $ZodErrorMap } from 'zod/v4/core';
import { hasKey, translate, type TLanguage } from '../i18n/index.ts';
import { zodIssueKey, type TValidationMessage, type TZodIssueLike } from './zod-issue-key.ts';

export type {
  TValidationMessage,
  TValidationParams,
  TZodIssueFields,
  TZodIssueLike,
} from './zod-issue-key.ts';

interface TLooseCustomIssue {
  code?: string;
  params?: { i18nKey?: string };
  message?: string;
}

const ZOD_DEFAULT_MESSAGE = 'Invalid input';

/** The catalogue message for a zod 4 issue; anything unrecognised is "Field is invalid". */
export function zodIssueMessage(input: TZodIssueLike): TValidationMessage {
  return zodIssueKey(input, hasKey);
}

/**
 * The issue's message in `lang`. A custom issue whose author wrote a message keeps it (we cannot
 * translate free text); every other issue gets the catalogue text. Prefer `zodErrorMap` at parse
 * time where possible: it also respects messages written on the schema.
 */
export function localizeZodIssue(issue: TZodIssueLike, lang: TLanguage): string {
  const loose = issue as TLooseCustomIssue;
  if (
    loose.code === 'custom' &&
    !loose.params?.i18nKey &&
    loose.message &&
    loose.message !== ZOD_DEFAULT_MESSAGE
  ) {
    return loose.message;
  }
  const { key, vars } = zodIssueMessage(issue);
  return translate(lang, key, vars);
}

/**
 * Error map for zod 4's `error` option: `schema.parse(x, { error: zodErrorMap('nl') })` or
 * `z.config({ customError: zodErrorMap('nl') })`. Messages written on a schema still win, because zod
 * consults the schema's own map first.
 */
export function zodErrorMap(lang: TLanguage): $ZodErrorMap {
  return (issue) => localizeZodIssue(issue, lang);
}
