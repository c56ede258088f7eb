import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context as OtelContext } from '@opentelemetry/api';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import { Worker, type NativeConnection, type WorkerOptions } from '@temporalio/worker';
import { TASK_QUEUES } from './task-queues.ts';
import { createActivities, type TStudentImportDeps } from './student-import/student-import.activities.ts';

const require = createRequire(import.meta.url);
const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The sandboxed workflow code: the source module (bundled at start) and the prebuilt bundle. */
export const WORKFLOWS_PATH = path.join(HERE, 'workflows.ts');
export const WORKFLOW_BUNDLE_PATH = path.resolve(HERE, '../dist/workflow-bundle.js');
/** Continues the caller's trace inside workflows (headers → spans); runs in the sandbox. */
export const WORKFLOW_INTERCEPTOR_MODULES = [
  require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors'),
];

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

export interface TCreateWorkerOptions {
  connection: NativeConnection;
  namespace: string;
  activities: TStudentImportDeps;
  taskQueue?: string;
  /**
   * `bundle`: the prebuilt `dist/workflow-bundle.js` (production; `npm run bundle -w workflows`);
   * `source`: bundle `src/workflows.ts` at start (development and tests). Default: the bundle when it
   * exists and NODE_ENV is production, the source otherwise.
   */
  workflowCode?: 'bundle' | 'source';
  /** Where spans that workflows record go; none by default (their context still propagates). */
  spanProcessor?: TSpanProcessorLike;
  /** Extra options (tests: shutdown grace, identity, sticky cache). */
  options?: Partial<WorkerOptions>;
  production?: boolean;
}

/**
 * The worker of the imports task queue: activities built from injected dependencies, OpenTelemetry
 * interceptors so workflow and activity spans join the trace of the request that started them.
 */
export async function createWorker(options: TCreateWorkerOptions): Promise<Worker> {
  const code =
    options.workflowCode ?? (options.production && existsSync(WORKFLOW_BUNDLE_PATH) ? 'bundle' : 'source');
  if (code === 'bundle' && !existsSync(WORKFLOW_BUNDLE_PATH)) {
    throw new Error(`${WORKFLOW_BUNDLE_PATH} is missing: run \`npm run bundle -w workflows\` first`);
  }
  const resource = { attributes: { 'service.name': 'stageplein-workflows' } };
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue ?? TASK_QUEUES.imports,
    ...(code === 'bundle'
      ? { workflowBundle: { codePath: WORKFLOW_BUNDLE_PATH } }
      : { workflowsPath: WORKFLOWS_PATH }),
    activities: createActivities(options.activities),
    interceptors: {
      workflowModules: code === 'bundle' ? [] : WORKFLOW_INTERCEPTOR_MODULES,
      activity: [
        (ctx) => ({
          inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
          outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
      ],
    },
    sinks: {
      exporter: makeWorkflowExporter((options.spanProcessor ?? noSpans) as never, resource as never),
    },
    ...options.options,
  });
}
