import { WorkflowNotFoundError } from '@temporalio/client';
import {
  SIGNALS,
  TASK_QUEUES,
  WORKFLOW_TYPES,
  type TStudentImportInput,
} from '@stageplein/contracts/workflows/names';
import type { TTemporalClient } from '@stageplein/kit/temporal/temporal-client';

/** How organizations starts and signals import workflows. */
export interface TImportWorkflows {
  /** Starts the workflow; an execution already running under this id counts as started. */
  start(input: TStudentImportInput & { workflowId: string }): Promise<void>;
  cancel(workflowId: string): Promise<void>;
  /** Whether Temporal answers right now (a short health check). */
  reachable(): Promise<boolean>;
}

/**
 * Organizations' imports through the process's Temporal client (kit's, `deps.temporal`): its
 * OpenTelemetry interceptor puts the caller's trace context in the workflow's headers, so the
 * workflow's and activities' spans join the trace of the upload (through the consumer span of its
 * `organizations.import.requested` event).
 */
export function importWorkflows(temporal: TTemporalClient): TImportWorkflows {
  return {
    async start({ tenant, importId, workflowId }) {
      // The id is the import's: a redelivered event finds the running execution and starts nothing new.
      await temporal.call((c) =>
        c.workflow.start(WORKFLOW_TYPES.studentImport, {
          taskQueue: TASK_QUEUES.imports,
          workflowId,
          args: [{ tenant, importId }],
          workflowIdConflictPolicy: 'USE_EXISTING',
        }),
      );
    },
    async cancel(workflowId) {
      try {
        await temporal.call((c) => c.workflow.getHandle(workflowId).signal(SIGNALS.cancelImport));
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
    reachable: () => temporal.reachable(),
  };
}
