import { randomBytes } from 'node:crypto';
import {
  context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
} from '@opentelemetry/api';
import type { TClientErrorAttributes } from '@stageplein/contracts/errors/client-error-report';
import { tracer } from './telemetry.ts';

export const BROWSER_ERROR_SPAN = 'browser.error';

/**
 * Records a (scrubbed) browser error report in the page's trace, so an SRE sees it beside the server
 * spans of the page's API calls: a span `browser.error` whose parent is the failed call's span (the
 * report's `span_id`), else the request span when it is in the same trace, else the page's trace; the
 * error itself is the span's `exception` event (OpenTelemetry's semantic conventions for exceptions).
 * Returns the trace id it was recorded in.
 */
export function recordBrowserError(report: TClientErrorAttributes, attributes: Attributes = {}): string {
  const active = trace.getSpanContext(context.active());
  const parent =
    report.trace_id && (report.span_id || active?.traceId !== report.trace_id)
      ? trace.setSpanContext(ROOT_CONTEXT, {
          traceId: report.trace_id,
          spanId: report.span_id ?? randomBytes(8).toString('hex'),
          traceFlags: TraceFlags.SAMPLED,
          isRemote: true,
        })
      : context.active();
  const at = new Date(report.occurred_at);
  const span = tracer().startSpan(
    BROWSER_ERROR_SPAN,
    {
      kind: SpanKind.INTERNAL,
      startTime: at,
      attributes: {
        'stageplein.app': report.app,
        'stageplein.client_error.kind': report.kind,
        'url.full': report.url,
        ...(report.status !== undefined ? { 'http.response.status_code': report.status } : {}),
        ...Object.fromEntries(
          Object.entries(report.context ?? {})
            .filter(([, value]) => value !== null)
            .map(([key, value]) => [`stageplein.context.${key}`, value as string | number | boolean]),
        ),
        ...attributes,
      },
    },
    parent,
  );
  span.addEvent(
    'exception',
    {
      'exception.type': report.name ?? 'Error',
      'exception.message': report.message,
      ...(report.stack ? { 'exception.stacktrace': report.stack } : {}),
    },
    at,
  );
  span.setStatus({ code: SpanStatusCode.ERROR, message: report.message });
  span.end(at);
  return span.spanContext().traceId;
}
