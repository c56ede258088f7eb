import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import type { TClientErrorAttributes } from '@stageplein/contracts/errors/client-error-report';
import { BROWSER_ERROR_SPAN, recordBrowserError } from './browser-errors.ts';
import { startTelemetry, tracer, type TTelemetry } from './telemetry.ts';

const exporter = new InMemorySpanExporter();
let telemetry: TTelemetry;
beforeAll(() => {
  telemetry = startTelemetry({ serviceName: 'browser-errors-test', exporter });
});
beforeEach(() => exporter.reset());
afterAll(() => telemetry.shutdown());

const TRACE = 'ab'.repeat(16);
const report = (over: Partial<TClientErrorAttributes> = {}): TClientErrorAttributes => ({
  app: 'admin',
  kind: 'unhandled_rejection',
  name: 'TypeError',
  message: 'x is undefined',
  stack: 'TypeError: x is undefined\n    at a.js:1:1',
  url: 'http://demo.localhost/beheer',
  status: 500,
  context: { where: 'users', n: 2, gone: null },
  occurred_at: '2026-11-23T12:00:00.000Z',
  ...over,
});
const recorded = () => exporter.getFinishedSpans().filter((s) => s.name === BROWSER_ERROR_SPAN);

describe('recordBrowserError', () => {
  it('records the error as the exception event of a span under the failed call, at the time it happened', () => {
    expect(recordBrowserError(report({ trace_id: TRACE, span_id: 'cd'.repeat(8) }), { extra: 'yes' })).toBe(
      TRACE,
    );
    const [span] = recorded();
    expect(span!.spanContext().traceId).toBe(TRACE);
    expect(span!.parentSpanContext?.spanId).toBe('cd'.repeat(8));
    expect(span!.startTime).toEqual([Date.parse('2026-11-23T12:00:00Z') / 1000, 0]);
    expect(span!.status.code).toBe(2);
    expect(span!.attributes).toEqual({
      'stageplein.app': 'admin',
      'stageplein.client_error.kind': 'unhandled_rejection',
      'url.full': 'http://demo.localhost/beheer',
      'http.response.status_code': 500,
      'stageplein.context.where': 'users',
      'stageplein.context.n': 2,
      extra: 'yes',
    });
    expect(span!.events.map((e) => [e.name, e.attributes])).toEqual([
      [
        'exception',
        {
          'exception.type': 'TypeError',
          'exception.message': 'x is undefined',
          'exception.stacktrace': 'TypeError: x is undefined\n    at a.js:1:1',
        },
      ],
    ]);
  });

  it('joins the page trace without a call, and the active request span when it is that trace', () => {
    recordBrowserError(report({ trace_id: TRACE }));
    expect(recorded()[0]!.spanContext().traceId).toBe(TRACE);

    const request = tracer().startSpan('POST /api/v1/client_errors');
    const other = request.spanContext().traceId;
    context.with(trace.setSpan(context.active(), request), () => {
      recordBrowserError(report({ trace_id: other }));
      recordBrowserError(report());
    });
    request.end();
    const [, inRequest, withoutTrace] = recorded();
    expect(inRequest!.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(withoutTrace!.spanContext().traceId).toBe(other);
  });
});
