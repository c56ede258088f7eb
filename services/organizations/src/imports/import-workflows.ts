import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import { TASK_QUEUES, WORKFLOW_TYPES } from '@stageplein/workflows/task-queues';
import type { TConfig } from '@stageplein/kit/config/config';
import { ApiError } from '@stageplein/kit/errors/api-error';

/** How the imports routes start and signal import workflows (a Temporal client, opened on first use). */
export interface TImportWorkflows {
  start(input: { tenant: string; importId: string; workflowId: string }): Promise<void>;
  cancel(workflowId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Temporal client of the service. The OpenTelemetry interceptor puts the request's trace context in
 * the workflow's headers, so the workflow's and activities' spans join the request's trace.
 */
export function importWorkflows(config: TConfig): TImportWorkflows {
  let client: Promise<Client> | undefined;
  const connect = () => {
    if (!config.TEMPORAL_ADDRESS) throw new ApiError(503, 'workflows_unavailable');
    client ??= Connection.connect({ address: config.TEMPORAL_ADDRESS }).then(
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
  return {
    async start({ tenant, importId, workflowId }) {
      const c = await connect();
      // Same id while running → the same execution (a double click starts nothing new).
      await c.workflow.start(WORKFLOW_TYPES.studentImport, {
        taskQueue: TASK_QUEUES.imports,
        workflowId,
        args: [{ tenant, importId }],
        workflowIdConflictPolicy: 'USE_EXISTING',
      });
    },
    async cancel(workflowId) {
      const c = await connect();
      try {
        await c.workflow.getHandle(workflowId).signal('cancelImport');
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
    async close() {
      if (!client) return;
      const c = await client.catch(() => undefined);
      client = undefined;
      await c?.connection.close();
    },
  };
}
