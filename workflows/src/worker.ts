import { existsSync } from 'node:fs';
import type { Context as OtelContext } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { exportingSpanProcessor } from '@stageplein/kit/telemetry/telemetry';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import { Worker, type NativeConnection, type WorkerOptions } from '@temporalio/worker';
import { TASK_QUEUES } from '@stageplein/contracts/workflows/names';

import { WORKFLOW_BUNDLE_PATH, WORKFLOW_INTERCEPTOR_MODULES, WORKFLOWS_PATH } from './workflow-bundle.ts';

export {
  bundleWorkflows,
  WORKFLOW_BUNDLE_PATH,
  WORKFLOW_INTERCEPTOR_MODULES,
  WORKFLOWS_PATH,
} from './workflow-bundle.ts';

/** A span processor as `@opentelemetry/sdk-trace-base` has it (workflow spans are handed to it). */
export interface TSpanProcessorLike {
  onStart(span: unknown, parentContext: OtelContext): void;
  onEnd(span: unknown): void;
  shutdown(): Promise<void>;
  forceFlush(): Promise<void>;
}

const noSpans: TSpanProcessorLike = {
  onStart: () => undefined,
  onEnd: () => undefined,
  shutdown: async () => undefined,
  forceFlush: async () => undefined,
};

/**
 * A workflow span as Temporal's sink hands it over: OpenTelemetry SDK 1.x shape (`parentSpanId`,
 * `instrumentationLibrary`), the resource the sink was given, and the rest as SDK 2.x has it.
 */
type TSandboxSpan = Omit<ReadableSpan, 'parentSpanContext' | 'instrumentationScope'> & {
  parentSpanId?: string;
  instrumentationLibrary?: { name: string; version?: string };
};

const WORKFLOW_RESOURCE = resourceFromAttributes({ 'service.name': 'stageplein-workflows' });

/**
 * Hands workflow spans to this process's exporting processor. Temporal's interceptors still build SDK
 * 1.x spans; the kit's processors (SDK 2.x) read the parent from `parentSpanContext` and the scope from
 * `instrumentationScope`, so without this the spans would arrive as roots outside the request's trace.
 */
export function sandboxSpanProcessor(target: SpanProcessor): TSpanProcessorLike {
  return {
    onStart: () => undefined,
    onEnd(span) {
      const { parentSpanId, instrumentationLibrary, ...rest } = span as TSandboxSpan;
      const ctx = rest.spanContext();
      const readable: ReadableSpan = {
        ...rest,
        spanContext: () => ctx,
        parentSpanContext: parentSpanId
          ? { traceId: ctx.traceId, spanId: parentSpanId, traceFlags: ctx.traceFlags }
          : undefined,
        instrumentationScope: instrumentationLibrary ?? { name: '@temporalio/interceptor-workflow' },
        resource: WORKFLOW_RESOURCE,
      };
      target.onEnd(readable);
    },
    forceFlush: () => target.forceFlush(),
    // The process's telemetry owns the target: the worker stopping must not shut it down.
    shutdown: async () => undefined,
  };
}

export interface TCreateWorkerOptions {
  connection: NativeConnection;
  namespace: string;
  /** Every service's activities, composed (`@stageplein/<service>/activities`). */
  activities: object;
  taskQueue?: string;
  /**
   * `bundle`: the prebuilt `dist/workflow-bundle.js` (production; `npm run bundle -w workflows`);
   * `source`: bundle `src/workflows.ts` at start (development and tests). Default: the bundle when it
   * exists and NODE_ENV is production, the source otherwise.
   */
  workflowCode?: 'bundle' | 'source';
  /**
   * Another prebuilt bundle to load instead (`bundleWorkflows`): a test run builds one for all its
   * workers rather than each worker bundling the source again (seconds of webpack each).
   */
  workflowBundlePath?: string;
  /** The workflow code bundled once in this process (`bundleWorkflowCode`), for a second worker of it. */
  workflowBundleCode?: string;
  /**
   * Where spans that workflows record go: by default the kit telemetry's exporter (OTLP when
   * OTEL_EXPORTER_OTLP_ENDPOINT is set), nowhere when the process exports nothing.
   */
  spanProcessor?: TSpanProcessorLike;
  /** Extra options (tests: shutdown grace, identity, sticky cache). */
  options?: Partial<WorkerOptions>;
  production?: boolean;
}

/**
 * A worker of one task queue (default: the imports'): the services' activities as composed by the caller, OpenTelemetry
 * interceptors so workflow and activity spans join the trace of the request that started them.
 */
export async function createWorker(options: TCreateWorkerOptions): Promise<Worker> {
  const bundlePath = options.workflowBundlePath ?? WORKFLOW_BUNDLE_PATH;
  const code = options.workflowBundlePath
    ? 'bundle'
    : (options.workflowCode ?? (options.production && existsSync(bundlePath) ? 'bundle' : 'source'));
  if (code === 'bundle' && !existsSync(bundlePath)) {
    throw new Error(`${bundlePath} is missing: run \`npm run bundle -w workflows\` first`);
  }
  const exporting = exportingSpanProcessor();
  const spanProcessor = options.spanProcessor ?? (exporting ? sandboxSpanProcessor(exporting) : noSpans);
  const workflowCode = options.workflowBundleCode
    ? { workflowBundle: { code: options.workflowBundleCode } }
    : code === 'bundle'
      ? { workflowBundle: { codePath: bundlePath } }
      : { workflowsPath: WORKFLOWS_PATH };
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue ?? TASK_QUEUES.imports,
    ...workflowCode,
    activities: options.activities,
    interceptors: {
      workflowModules: code === 'bundle' || options.workflowBundleCode ? [] : WORKFLOW_INTERCEPTOR_MODULES,
      activity: [
        (ctx) => ({
          inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
          outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
      ],
    },
    sinks: {
      exporter: makeWorkflowExporter(spanProcessor as never, WORKFLOW_RESOURCE as never),
    },
    ...options.options,
  });
}
