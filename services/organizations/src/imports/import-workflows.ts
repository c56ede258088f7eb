import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import {
  SIGNALS,
  TASK_QUEUES,
  WORKFLOW_TYPES,
  type TStudentImportInput,
} from '@stageplein/contracts/workflows/names';
import type { TConfig } from '@stageplein/kit/config/config';
import { ApiError } from '@stageplein/kit/errors/api-error';

/** How organizations starts and signals import workflows (a Temporal client, opened on first use). */
export interface TImportWorkflows {
  /** Starts the workflow; an execution already running under this id counts as started. */
  start(input: TStudentImportInput & { workflowId: string }): Promise<void>;
  cancel(workflowId: string): Promise<void>;
  /** Whether Temporal answers right now (a short health check). */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

const shared = new WeakMap<TConfig, TImportWorkflows>();

/**
 * The service's one client per configuration, shared by the imports routes (cancel) and the consumer
 * that starts workflows; closing it (the routes' app closes) lets the next caller open a new one.
 */
export function importWorkflowsFor(config: TConfig): TImportWorkflows {
  let workflows = shared.get(config);
  if (!workflows) {
    const opened = importWorkflows(config);
    workflows = {
      ...opened,
      async close() {
        if (shared.get(config) === workflows) shared.delete(config);
        await opened.close();
      },
    };
    shared.set(config, workflows);
  }
  return workflows;
}

/**
 * Temporal client of the service. The OpenTelemetry interceptor puts the caller's trace context in
 * the workflow's headers, so the workflow's and activities' spans join the trace of the upload (through
 * the consumer span of its `organizations.import.requested` event).
 */
export function importWorkflows(config: TConfig): TImportWorkflows {
  let client: Promise<Client> | undefined;
  let closed = false;
  const timeoutMs = config.TEMPORAL_CALL_TIMEOUT_MS;
  const connect = () => {
    if (closed) throw new Error('the Temporal client of organizations is closed');
    if (!config.TEMPORAL_ADDRESS) throw new ApiError('workflows_unavailable');
    client ??= Connection.connect({
      address: config.TEMPORAL_ADDRESS,
      connectTimeout: timeoutMs,
    }).then(
      (connection) =>
        new Client({
          connection,
          namespace: config.TEMPORAL_NAMESPACE,
          interceptors: { workflow: [new OpenTelemetryWorkflowClientInterceptor()] },
        }),
      (error: unknown) => {
        client = undefined;
        throw error;
      },
    );
    return client;
  };
  const withDeadline = <T>(c: Client, fn: () => Promise<T>) =>
    c.connection.withDeadline(Date.now() + timeoutMs, fn);
  return {
    async start({ tenant, importId, workflowId }) {
      const c = await connect();
      // The id is the import's: a redelivered event finds the running execution and starts nothing new.
      await withDeadline(c, () =>
        c.workflow.start(WORKFLOW_TYPES.studentImport, {
          taskQueue: TASK_QUEUES.imports,
          workflowId,
          args: [{ tenant, importId }],
          workflowIdConflictPolicy: 'USE_EXISTING',
        }),
      );
    },
    async cancel(workflowId) {
      const c = await connect();
      try {
        await withDeadline(c, () => c.workflow.getHandle(workflowId).signal(SIGNALS.cancelImport));
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
    async reachable() {
      try {
        const c = await connect();
        await c.connection.withDeadline(Date.now() + 2_000, () =>
          c.connection.workflowService.getSystemInfo({}),
        );
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      if (!client) return;
      const c = await client.catch(() => undefined);
      client = undefined;
      await c?.connection.close();
    },
  };
}
