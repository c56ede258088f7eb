/**
 * The browser error report's names and scrubbing rules, without zod (the front ends load this in their
 * first download; the report's schema is `client-error-report.ts`). docs/observability.md lists the rules.
 */
export const CLIENT_ERRORS_PATH = '/api/v1/client_errors';
export const CLIENT_ERROR_TYPE = 'client_errors';

export const CLIENT_ERROR_APPS = ['portal', 'admin'] as const;
/** Where the report came from: a global `error` event, an unhandled promise rejection, or reported by code. */
export const CLIENT_ERROR_KINDS = ['error', 'unhandled_rejection', 'reported'] as const;

/** The free-text parts of a report. */
interface TScrubbable {
  message: string;
  name?: string | undefined;
  stack?: string | undefined;
  url: string;
  context?: Record<string, string | number | boolean | null> | undefined;
}

// Scrubbing: what must never be stored or exported. One list, applied by the browser before sending
// and by the gateway before recording or forwarding (a report is untrusted input).
const SCRUBBED = '[scrubbed]';
/** Query values and `name=value` / `name: value` pairs of credentials, tokens and cookies. */
const SECRET_NAMES =
  'access[-_]token|refresh[-_]token|id[-_]token|client|uid|token|confirmation_token|reset_password_token|unlock_token|invitation_token|password|api[-_]key|authorization|x-api-key';
const SCRUB_RULES: readonly [RegExp, string][] = [
  // Cookie headers and document.cookie dumps: everything up to the end of the line.
  [/\b((?:set-)?cookie["']?\s*[:=]\s*)[^\n]*/gi, `$1${SCRUBBED}`],
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9\-._~+/]+=*/gi, `$1 ${SCRUBBED}`],
  // JSON Web Tokens anywhere (our access tokens are JWTs).
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, SCRUBBED],
  [new RegExp(`([?&;#]|\\b)(${SECRET_NAMES})(=)[^&#\\s"',;]*`, 'gi'), `$1$2$3${SCRUBBED}`],
  [new RegExp(`(["']?\\b(?:${SECRET_NAMES})["']?\\s*:\\s*["']?)[^\\s"',;}&]+`, 'gi'), `$1${SCRUBBED}`],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  // Long digit runs: phone numbers, citizen service numbers, bank accounts (7+ digits).
  [/\d{7,}/g, '[number]'],
];

/** `text` without credentials, tokens, cookies, e-mail addresses and long digit runs. */
export function scrubText(text: string): string {
  return SCRUB_RULES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

const SECRET_KEY = new RegExp(`^(?:${SECRET_NAMES}|cookie|set-cookie|e-?mail|phone)$`, 'i');

/** The report's free texts scrubbed; context values under secret-looking keys dropped entirely. */
export function scrubClientError<T extends TScrubbable>(attributes: T): T {
  const scrub = (s: string | undefined) => (s === undefined ? undefined : scrubText(s));
  const context = attributes.context
    ? Object.fromEntries(
        Object.entries(attributes.context).map(([key, value]) => [
          key,
          SECRET_KEY.test(key) ? SCRUBBED : typeof value === 'string' ? scrubText(value) : value,
        ]),
      )
    : undefined;
  return {
    ...attributes,
    message: scrubText(attributes.message),
    name: scrub(attributes.name),
    stack: scrub(attributes.stack),
    url: scrubText(attributes.url),
    ...(context ? { context } : {}),
  };
}
