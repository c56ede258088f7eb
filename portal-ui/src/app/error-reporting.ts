import type {
  TClientErrorAttributes,
  TClientErrorReport,
} from '@stageplein/contracts/errors/client-error-report';
import {
  createErrorReporter,
  sendToGateway,
  type TClientErrorKind,
} from '@stageplein/contracts/client/error-reporter';
import { createPageTrace } from '@stageplein/contracts/client/page-trace';

/**
 * Spec §8: errors are reported to error tracking, except client errors with status 300–499. Reports
 * go to the gateway (`POST /api/v1/client_errors`, docs/observability.md) with this page's trace id,
 * which every API call of the page carries in its `traceparent`; the last ones are also kept in memory
 * (on `window.__stagepleinErrors`, for tests and support).
 */
export type TErrorReport = TClientErrorAttributes;

/** This page load's W3C trace: the API client sends its `traceparent`, reports carry its id. */
export const pageTrace = createPageTrace();

type TSink = (report: TClientErrorReport) => void;
let sink: TSink = (report) => sendToGateway(report, { traceparent: pageTrace.traceparent() });

const reporter = createErrorReporter({
  app: 'portal',
  trace: pageTrace,
  pageUrl: () => (typeof location === 'undefined' ? 'about:blank' : location.href),
  send: (report) => sink(report),
});

/** Replaces where reports go (tests; the gallery's `/test/sentry` may watch them). */
export function setErrorSink(next: TSink): void {
  sink = next;
}

/** True when the error was reported (reportable status, spec §8). */
export function reportError(
  error: unknown,
  context: Record<string, unknown> = {},
  kind: TClientErrorKind = 'reported',
): boolean {
  return reporter.report(error, context, kind);
}

export function reportedErrors(): readonly TErrorReport[] {
  return reporter.reported;
}

/** Uncaught errors and unhandled rejections of the page are reported too; call once at start. */
export function installErrorReporting(target: Window = window): () => void {
  (target as { __stagepleinErrors?: readonly TErrorReport[] }).__stagepleinErrors = reporter.reported;
  return reporter.install(target);
}
