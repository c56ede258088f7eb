import { z } from 'zod';
import { isReportableStatus } from './error-catalogue.ts';

/**
 * A browser error report (spec §8, issue #13 item 5): the front ends send one per reportable error to
 * the gateway, which scrubs it again, records it in the page's trace and, when configured, forwards it
 * to a Sentry-compatible service. See docs/observability.md.
 */
export const CLIENT_ERRORS_PATH = '/api/v1/client_errors';
export const CLIENT_ERROR_TYPE = 'client_errors';

export const CLIENT_ERROR_APPS = ['portal', 'admin'] as const;
/** Where the report came from: a global `error` event, an unhandled promise rejection, or reported by code. */
export const CLIENT_ERROR_KINDS = ['error', 'unhandled_rejection', 'reported'] as const;

const ZHex = (length: number) => z.string().regex(new RegExp(`^[0-9a-f]{${length}}$`));

export const ZClientErrorAttributes = z.object({
  app: z.enum(CLIENT_ERROR_APPS),
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().min(1).max(2000),
  /** The error's class name (`TypeError`, `ApiRequestError`). */
  name: z.string().max(200).optional(),
  stack: z.string().max(8000).optional(),
  /** HTTP status of a failed call; 300–499 are never reported (spec §8), so they are refused here too. */
  status: z
    .number()
    .int()
    .min(100)
    .max(599)
    .refine((status) => isReportableStatus(status))
    .optional(),
  /** The page's URL (scrubbed before it leaves the browser and again at the gateway). */
  url: z.string().min(1).max(2000),
  /** The page's W3C trace id; every API call of the page carries it in its `traceparent`. */
  trace_id: ZHex(32).optional(),
  /** The span id of the failed API call's `traceparent`, when the error is one. */
  span_id: ZHex(16).optional(),
  /** A few scalar facts about where it happened (`{ where: 'sign-out' }`). */
  context: z
    .record(z.string().max(100), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((record) => Object.keys(record).length <= 20)
    .optional(),
  occurred_at: z.iso.datetime(),
});
export type TClientErrorAttributes = z.infer<typeof ZClientErrorAttributes>;

/** The JSON:API body of `POST /api/v1/client_errors`. */
export const ZClientErrorReport = z.object({
  data: z.object({ type: z.literal(CLIENT_ERROR_TYPE), attributes: ZClientErrorAttributes }),
});
export type TClientErrorReport = z.infer<typeof ZClientErrorReport>;

/** The answer: the report's id and the trace it was recorded in (the page's, when it sent one). */
export const ZClientErrorAccepted = z.object({
  data: z.object({ type: z.literal(CLIENT_ERROR_TYPE), id: z.string() }),
  meta: z.object({ trace_id: z.string() }),
});

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
export function scrubClientError(attributes: TClientErrorAttributes): TClientErrorAttributes {
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
