import type { TClientErrorAttributes, TClientErrorReport } from '../errors/client-error-report.ts';
import { CLIENT_ERROR_TYPE, CLIENT_ERRORS_PATH, scrubClientError } from '../errors/client-error-scrub.ts';
import { isReportableStatus } from '../errors/error-catalogue.ts';
import { TENANT_HEADER } from '../http/headers.ts';
import { createPageTrace, spanIdOf, type TPageTrace } from './page-trace.ts';

/**
 * The error reporter both front ends use (spec §8: every error but client errors 300–499): it builds
 * the report (scrubbed, with the page's trace id and the failed call's span id), keeps the last ones
 * in memory (on `window.__stagepleinErrors` for tests and support), and sends it to the gateway.
 */
export type TClientErrorKind = TClientErrorAttributes['kind'];

export interface TErrorReporterOptions {
  app: TClientErrorAttributes['app'];
  trace: TPageTrace;
  /** The page's URL now (`location.href`). */
  pageUrl: () => string;
  /** Delivers a report (default: `sendToGateway` with the global fetch); never throws. */
  send: (report: TClientErrorReport) => void;
  now?: () => Date;
  /** Reports one page load sends at most: a render loop must not flood the endpoint. */
  maxPerPage?: number;
}

export interface TErrorReporter {
  /** True when the error was reported (reportable status, spec §8, and under the page's cap). */
  report(error: unknown, context?: Record<string, unknown>, kind?: TClientErrorKind): boolean;
  /** What was reported on this page, newest last (the last 50). */
  readonly reported: readonly TClientErrorAttributes[];
  /** Reports uncaught errors and unhandled rejections of `target`; returns the uninstaller. */
  install(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void;
}

/** The HTTP status an error carries (`status` or `statusCode`), if it is one. */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599
    ? value
    : undefined;
}

const scalarContext = (context: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(context)
      .slice(0, 20)
      .map(([key, value]): [string, string | number | boolean | null] => [
        key.slice(0, 100),
        value === null || typeof value === 'number' || typeof value === 'boolean'
          ? value
          : String(value).slice(0, 500),
      ]),
  );

/** The report of one error, or undefined when spec §8 says it is not reported (300–499). */
export function clientErrorReport(
  error: unknown,
  options: Pick<TErrorReporterOptions, 'app' | 'trace'> & {
    pageUrl: string;
    kind: TClientErrorKind;
    context?: Record<string, unknown>;
    now: Date;
  },
): TClientErrorReport | undefined {
  const status = errorStatus(error);
  if (!isReportableStatus(status)) return undefined;
  const isError = error instanceof Error;
  const message = (isError ? error.message : String(error)).slice(0, 2000) || 'Unknown error';
  const spanId = spanIdOf((error as { traceparent?: string } | null)?.traceparent);
  const attributes: TClientErrorAttributes = {
    app: options.app,
    kind: options.kind,
    message,
    ...(isError ? { name: error.name.slice(0, 200) } : {}),
    ...(isError && error.stack ? { stack: error.stack.slice(0, 8000) } : {}),
    ...(status !== undefined ? { status } : {}),
    url: options.pageUrl.slice(0, 2000),
    trace_id: options.trace.traceId,
    ...(spanId ? { span_id: spanId } : {}),
    ...(options.context && Object.keys(options.context).length
      ? { context: scalarContext(options.context) }
      : {}),
    occurred_at: options.now.toISOString(),
  };
  return { data: { type: CLIENT_ERROR_TYPE, attributes: scrubClientError(attributes) } };
}

/**
 * Posts a report to the gateway. `keepalive` lets it leave while the page unloads; a failure is
 * swallowed (reporting the reporter's own failure would loop).
 */
export function sendToGateway(
  report: TClientErrorReport,
  options: { fetch?: typeof fetch; tenant?: string; baseUrl?: string; traceparent?: string } = {},
): void {
  const doFetch = options.fetch ?? globalThis.fetch;
  if (!doFetch) return;
  const headers: Record<string, string> = { 'content-type': 'application/vnd.api+json' };
  if (options.tenant) headers[TENANT_HEADER] = options.tenant;
  // The report's own request joins the page's trace too.
  if (options.traceparent) headers.traceparent = options.traceparent;
  void doFetch(`${options.baseUrl ?? ''}${CLIENT_ERRORS_PATH}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(report),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

const MAX_KEPT = 50;

export function createErrorReporter(options: TErrorReporterOptions): TErrorReporter {
  const kept: TClientErrorAttributes[] = [];
  const maxPerPage = options.maxPerPage ?? 20;
  let sent = 0;

  const report: TErrorReporter['report'] = (error, context = {}, kind = 'reported') => {
    const body = clientErrorReport(error, {
      app: options.app,
      trace: options.trace,
      pageUrl: options.pageUrl(),
      kind,
      context,
      now: options.now?.() ?? new Date(),
    });
    if (!body) return false;
    kept.push(body.data.attributes);
    if (kept.length > MAX_KEPT) kept.shift();
    if (sent >= maxPerPage) return false;
    sent += 1;
    try {
      options.send(body);
    } catch {
      // A broken transport must not break the page that reports.
    }
    return true;
  };

  return {
    report,
    reported: kept,
    install(target) {
      const onError = (event: Event) => {
        const { error, message } = event as ErrorEvent;
        report(error ?? message, {}, 'error');
      };
      const onRejection = (event: Event) => {
        report((event as PromiseRejectionEvent).reason, {}, 'unhandled_rejection');
      };
      target.addEventListener('error', onError);
      target.addEventListener('unhandledrejection', onRejection);
      return () => {
        target.removeEventListener('error', onError);
        target.removeEventListener('unhandledrejection', onRejection);
      };
    },
  };
}

/**
 * One front end's error reporting (spec §8, docs/observability.md): this page load's W3C trace (every
 * API call sends its `traceparent`, reports carry its id), reports to the gateway through a sink that
 * tests may replace, the last ones on `window.__stagepleinErrors`, and the page's uncaught errors.
 */
export function createPageErrorReporting(app: TClientErrorAttributes['app']) {
  const pageTrace = createPageTrace();
  type TSink = (report: TClientErrorReport) => void;
  let sink: TSink = (report) => sendToGateway(report, { traceparent: pageTrace.traceparent() });
  const reporter = createErrorReporter({
    app,
    trace: pageTrace,
    pageUrl: () => (typeof location === 'undefined' ? 'about:blank' : location.href),
    send: (report) => sink(report),
  });
  return {
    pageTrace,
    /** Replaces where reports go (tests; the gallery's `/test/sentry` may watch them). */
    setErrorSink(next: TSink): void {
      sink = next;
    },
    /** True when the error was reported (reportable status, spec §8). */
    reportError(error: unknown, context: Record<string, unknown> = {}, kind: TClientErrorKind = 'reported') {
      return reporter.report(error, context, kind);
    },
    reportedErrors: (): readonly TClientErrorAttributes[] => reporter.reported,
    /** Uncaught errors and unhandled rejections of the page are reported too; call once at start. */
    installErrorReporting(target: Window = window): () => void {
      (target as { __stagepleinErrors?: readonly TClientErrorAttributes[] }).__stagepleinErrors =
        reporter.reported;
      return reporter.install(target);
    },
  };
}
