import { z } from 'zod';
import { isReportableStatus } from './error-catalogue.ts';
import { CLIENT_ERROR_APPS, CLIENT_ERROR_KINDS, CLIENT_ERROR_TYPE } from './client-error-scrub.ts';

/**
 * A browser error report (spec §8, issue #13 item 5): the front ends send one per reportable error to
 * the gateway, which scrubs it again, records it in the page's trace and, when configured, forwards it
 * to a Sentry-compatible service. See docs/observability.md.
 */
export {
  CLIENT_ERROR_APPS,
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_TYPE,
  CLIENT_ERRORS_PATH,
  scrubClientError,
  scrubText,
} from './client-error-scrub.ts';

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
