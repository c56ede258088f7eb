import { context, propagation, trace, SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import {
  BatchSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import fp from 'fastify-plugin';

/** Whether spans go anywhere; without an exporter, requests skip span bookkeeping. */
let exporting = false;
/** The processors of the started telemetry, as one (undefined while spans go nowhere). */
let exportingProcessor: SpanProcessor | undefined;

/**
 * Where this process's spans are exported, for spans finished outside the tracer provider (Temporal's
 * workflow sandbox hands them to the worker through a sink); undefined when nothing is exported.
 */
export const exportingSpanProcessor = (): SpanProcessor | undefined => exportingProcessor;

export interface TTelemetry {
  shutdown(): Promise<void>;
}

/**
 * Starts tracing for the process: OTLP export when an endpoint is configured, an explicit exporter
 * in tests (e.g. in-memory), W3C trace context propagation always (so trace ids reach logs and events).
 */
export function startTelemetry(options: {
  serviceName: string;
  otlpEndpoint?: string;
  exporter?: SpanExporter;
}): TTelemetry {
  const processors: SpanProcessor[] = [];
  if (options.exporter) processors.push(new SimpleSpanProcessor(options.exporter));
  if (options.otlpEndpoint) {
    processors.push(
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: `${options.otlpEndpoint.replace(/\/$/, '')}/v1/traces` }),
      ),
    );
  }
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: processors,
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  exporting = processors.length > 0;
  exportingProcessor = exporting
    ? {
        onStart: (span, parent) => processors.forEach((p) => p.onStart(span, parent)),
        onEnd: (span) => processors.forEach((p) => p.onEnd(span)),
        forceFlush: async () => void (await Promise.all(processors.map((p) => p.forceFlush()))),
        // The provider owns the processors: shutting it down shuts them down.
        shutdown: async () => undefined,
      }
    : undefined;
  return { shutdown: () => provider.shutdown() };
}

export const tracer = () => trace.getTracer('stageplein');

/** The W3C traceparent of the active span, for event envelopes and workflow headers. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** Runs `fn` in a span that is a child of the given traceparent (e.g. from an event envelope). */
export async function withSpanFrom<T>(
  name: string,
  traceparent: string | undefined,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = traceparent ? propagation.extract(context.active(), { traceparent }) : context.active();
  return tracer().startActiveSpan(name, { kind: SpanKind.CONSUMER }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    span?: Span;
  }
}

/** A server span per request, child of an incoming traceparent; the trace id is added to the logs. */
export const tracingPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (req, _reply, done) => {
      // Nothing to export and no trace to continue: a span would be pure overhead.
      if (!exporting && !req.headers.traceparent) return done();
      const parent = propagation.extract(context.active(), req.headers);
      const span = tracer().startSpan(
        `${req.method} ${req.routeOptions.url ?? req.url}`,
        { kind: SpanKind.SERVER },
        parent,
      );
      req.span = span;
      const traceId = span.spanContext().traceId;
      if (traceId !== '00000000000000000000000000000000') req.log = req.log.child({ trace_id: traceId });
      context.with(trace.setSpan(parent, span), done);
    });
    app.addHook('onResponse', async (req, reply) => {
      req.span?.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) req.span?.setStatus({ code: SpanStatusCode.ERROR });
      req.span?.end();
    });
  },
  { name: 'stageplein-tracing' },
);
