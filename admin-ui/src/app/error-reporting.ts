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
 * The back office's error reports (spec §8: every error but client errors 300–499) go to the gateway
 * like the portal's (docs/observability.md), with this page's trace id, which every API call of the
 * page carries in its `traceparent`. The last ones stay on `window.__stagepleinErrors`.
 */
export const pageTrace = createPageTrace();

type TSink = (report: TClientErrorReport) => void;
let sink: TSink = (report) => sendToGateway(report, { traceparent: pageTrace.traceparent() });

const reporter = createErrorReporter({
  app: 'admin',
  trace: pageTrace,
  pageUrl: () => (typeof location === 'undefined' ? 'about:blank' : location.href),
  send: (report) => sink(report),
});

/** Replaces where reports go (tests). */
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

export function reportedErrors(): readonly TClientErrorAttributes[] {
  return reporter.reported;
}

/** Uncaught errors and unhandled rejections of the page are reported; call once at start. */
export function installErrorReporting(target: Window = window): () => void {
  (target as { __stagepleinErrors?: readonly TClientErrorAttributes[] }).__stagepleinErrors =
    reporter.reported;
  return reporter.install(target);
}
