import type { $ZodIssue, $ZodRawIssue } from 'zod/v4/core';
import type { TMessageKey, TMessageVars } from '../i18n/messages.types.ts';

/** A finished issue (`error.issues`) or the raw issue an error map receives. */
export type TZodIssueLike = $ZodIssue | $ZodRawIssue | TZodIssueFields;

/** Catalogue key plus placeholder values, for callers that translate themselves (i18next). */
export interface TValidationMessage {
  key: TMessageKey;
  vars?: TMessageVars;
}

/**
 * `params` a schema can put on a custom issue (`refine(fn, { params: { i18nKey } })`) to pick a
 * catalogue message, e.g. `validation.passwordResetCredentials`.
 */
export interface TValidationParams {
  i18nKey?: string;
  i18nVars?: TMessageVars;
}

/**
 * The fields of an issue we read; zod's issue union is too wide to narrow usefully across raw and final
 * issues. Also what a Fastify validation error carries of zod's issue (its `params`, `keyword`, `message`).
 */
export interface TZodIssueFields {
  code?: string;
  expected?: string;
  received?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  exact?: boolean;
  format?: string;
  divisor?: number;
  values?: readonly unknown[];
  params?: TValidationParams;
  message?: string;
  input?: unknown;
}

const msg = (key: TMessageKey, vars?: TMessageVars): TValidationMessage => (vars ? { key, vars } : { key });

/**
 * Missing input. Raw issues carry `input`; finished ones drop it, so for those the default English
 * message ("…, received undefined") is the only trace left. NaN reaches zod as `input: null` with
 * `received: 'NaN'`, which is a wrong value, not a missing one.
 */
function isMissing(issue: TZodIssueFields): boolean {
  if (issue.expected === 'nonoptional') return true;
  if ('input' in issue)
    return issue.input === undefined || (issue.input === null && issue.received !== 'NaN');
  return /received (undefined|null)$/.test(issue.message ?? '');
}

function formatBound(origin: string | undefined, bound: number | bigint | undefined): string {
  if (origin === 'date' && typeof bound === 'number') {
    const date = new Date(bound);
    // Date-only when the bound is midnight UTC, the usual case for date pickers.
    return Number.isNaN(date.getTime()) ? String(bound) : date.toISOString().replace(/T00:00:00\.000Z$/, '');
  }
  return String(bound);
}

function sizeMessage(issue: TZodIssueFields, side: 'min' | 'max'): TValidationMessage {
  const bound = side === 'min' ? issue.minimum : issue.maximum;
  const value = formatBound(issue.origin, bound);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return msg('validation.exactLength', { length: value });
      // `z.string().min(1)` is zod's idiom for a required text field.
      if (side === 'min' && inclusive && Number(bound) <= 1) return msg('validation.required');
      return side === 'min'
        ? msg('validation.minLength', { min: value })
        : msg('validation.maxLength', { max: value });
    case 'number':
    case 'int':
    case 'bigint':
      if (side === 'min') {
        if (!inclusive && Number(bound) === 0) return msg('validation.positive');
        return inclusive
          ? msg('validation.numberMin', { min: value })
          : msg('validation.numberGreaterThan', { min: value });
      }
      return inclusive
        ? msg('validation.numberMax', { max: value })
        : msg('validation.numberLessThan', { max: value });
    case 'array':
    case 'set':
      return side === 'min'
        ? msg('validation.minItems', { min: value })
        : msg('validation.maxItems', { max: value });
    case 'date':
      return side === 'min'
        ? msg('validation.dateMin', { min: value })
        : msg('validation.dateMax', { max: value });
    default:
      return msg('validation.invalid');
  }
}

/**
 * The catalogue key (and values) for a zod 4 issue; anything unrecognised is "Field is invalid". A
 * custom issue's `params.i18nKey` is used when `known` says the catalogue has it. Free of the
 * catalogues themselves, so a front end's lazy form chunk can map issues without pulling every
 * language into its first download (it passes its own i18next `exists`).
 */
export function zodIssueKey(input: TZodIssueLike, known: (key: string) => boolean): TValidationMessage {
  const issue = input as TZodIssueFields;
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue)) return msg('validation.required');
      if (issue.expected === 'int') return msg('validation.integer');
      if (issue.expected === 'number' || issue.expected === 'bigint') return msg('validation.number');
      if (issue.expected === 'date') return msg('validation.date');
      return msg('validation.invalid');
    case 'invalid_value':
      return msg('validation.oneOf', { values: (issue.values ?? []).map(String).join(', ') });
    case 'too_small':
      return sizeMessage(issue, 'min');
    case 'too_big':
      return sizeMessage(issue, 'max');
    case 'invalid_format':
      if (issue.format === 'email') return msg('validation.email');
      if (issue.format === 'url') return msg('validation.url');
      if (issue.format === 'date' || issue.format === 'datetime') return msg('validation.date');
      return msg('validation.invalid');
    case 'not_multiple_of':
      return issue.divisor === 1
        ? msg('validation.integer')
        : msg('validation.multipleOf', { divisor: String(issue.divisor) });
    case 'custom': {
      const key = issue.params?.i18nKey;
      if (key && known(key)) return msg(key as TMessageKey, issue.params?.i18nVars);
      return msg('validation.invalid');
    }
    default:
      return msg('validation.invalid');
  }
}
