import { translate, type TLanguage, type TMessageKey, type TMessageVars } from '../i18n/index.ts';

/** Machine-readable codes of JSON:API `errors[].code`; titles and details come from `api.<code>.*`. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'unknown_tenant',
  'wrong_center',
  'rate_limited',
  'conflict',
  'internal',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export interface TErrorDefinition {
  status: number;
  titleKey: TMessageKey;
  detailKey: TMessageKey;
}

function define(code: TErrorCode, status: number): TErrorDefinition {
  return Object.freeze({
    status,
    titleKey: `api.${code}.title` as TMessageKey,
    detailKey: `api.${code}.detail` as TMessageKey,
  });
}

export const ERRORS: Readonly<Record<TErrorCode, TErrorDefinition>> = Object.freeze({
  bad_request: define('bad_request', 400),
  // 422 rather than 400 so clients can tell field errors (with `source.pointer`) from malformed requests.
  validation_failed: define('validation_failed', 422),
  unauthorized: define('unauthorized', 401),
  forbidden: define('forbidden', 403),
  not_found: define('not_found', 404),
  // The tenant header/host names no known tenant: a client mistake, not a missing resource.
  unknown_tenant: define('unknown_tenant', 400),
  // Authenticated, but the account belongs to another partner of the collaboration.
  wrong_center: define('wrong_center', 403),
  rate_limited: define('rate_limited', 429),
  conflict: define('conflict', 409),
  internal: define('internal', 500),
});

export function isErrorCode(value: unknown): value is TErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The catalogue code for an HTTP status that has no more specific code. */
export function errorCodeForStatus(status: number): TErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 422:
      return 'validation_failed';
    case 429:
      return 'rate_limited';
    default:
      return status >= 400 && status < 500 ? 'bad_request' : 'internal';
  }
}

/** Localized JSON:API title and detail of a code. */
export function apiErrorText(
  lang: TLanguage,
  code: TErrorCode,
  vars?: TMessageVars,
): { status: number; code: TErrorCode; title: string; detail: string } {
  const { status, titleKey, detailKey } = ERRORS[code];
  return { status, code, title: translate(lang, titleKey, vars), detail: translate(lang, detailKey, vars) };
}

/**
 * Spec §5/§8: a wrong-centre error is recognised by a message containing "wrong center". Our own API
 * also sends the code `wrong_center`, which is accepted too so the check survives localized titles.
 */
export function isWrongCenter(message: unknown): boolean {
  if (typeof message !== 'string') return false;
  return message.toLowerCase().includes('wrong center') || message.trim() === 'wrong_center';
}

export type TErrorScreenKind = 'wrongCenter' | 'unauthorized' | 'forbidden' | 'notFound' | 'generic';

export interface TErrorScreen {
  kind: TErrorScreenKind;
  titleKey: TMessageKey;
  bodyKey: TMessageKey;
  /** Generic errors with a status: "(error code: N)" is appended to the title. */
  codeKey?: TMessageKey;
  vars?: { code: number };
}

/**
 * What the error screen shows (spec §8). The wrong-centre message wins over the status because that
 * error may arrive with any status. A status of 0/undefined (network failure) has no code suffix.
 */
export function errorScreenFor(status?: number, message?: string): TErrorScreen {
  if (isWrongCenter(message)) {
    return { kind: 'wrongCenter', titleKey: 'errors.wrongCenter.title', bodyKey: 'errors.wrongCenter.body' };
  }
  switch (status) {
    case 401:
      return {
        kind: 'unauthorized',
        titleKey: 'errors.unauthorized.title',
        bodyKey: 'errors.unauthorized.body',
      };
    case 403:
      return { kind: 'forbidden', titleKey: 'errors.forbidden.title', bodyKey: 'errors.forbidden.body' };
    case 404:
      return { kind: 'notFound', titleKey: 'errors.notFound.title', bodyKey: 'errors.notFound.body' };
  }
  const screen: TErrorScreen = {
    kind: 'generic',
    titleKey: 'errors.generic.title',
    bodyKey: 'errors.generic.body',
  };
  return status ? { ...screen, codeKey: 'errors.generic.code', vars: { code: status } } : screen;
}

/** The error screen's texts in one language; the title already carries the error-code suffix. */
export function errorScreenText(
  lang: TLanguage,
  status?: number,
  message?: string,
): { kind: TErrorScreenKind; title: string; body: string; action: string } {
  const screen = errorScreenFor(status, message);
  const title = translate(lang, screen.titleKey);
  return {
    kind: screen.kind,
    title: screen.codeKey ? `${title} ${translate(lang, screen.codeKey, screen.vars)}` : title,
    body: translate(lang, screen.bodyKey),
    action: translate(lang, 'errors.backToHome'),
  };
}

/**
 * Message of the fatal 404 a failing route validation raises ("Page Not Found" plus the path).
 * English by default because it is also the thrown error's message, which ends up in logs.
 */
export function fatalNotFoundMessage(path: string, lang: TLanguage = 'en'): string {
  return translate(lang, 'errors.fatalNotFound', { path });
}

/** Spec §8: statuses 300–499 are not reported to error tracking; everything else (incl. none) is. */
export function isReportableStatus(status?: number): boolean {
  return !(status !== undefined && status >= 300 && status <= 499);
}
