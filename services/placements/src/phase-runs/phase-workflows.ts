import {
  Client,
  Connection,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  type WorkflowHandle,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import type { TErrorCode } from '@stageplein/contracts/errors/error-catalogue';
import {
  PHASE_UPDATE_FAILURES,
  SIGNALS,
  TASK_QUEUES,
  UPDATES,
  WORKFLOW_TYPES,
  type TCompletePhaseTaskUpdate,
  type TCompletePhaseUpdate,
  type TInternshipEndedSignal,
  type TInternshipPhasesInput,
  type TMigratePhaseRunUpdate,
} from '@stageplein/contracts/workflows/names';
import type { TConfig } from '@stageplein/kit/config/config';
import { ApiError } from '@stageplein/kit/errors/api-error';

/** How placements starts, signals and updates internship-phases workflows (a Temporal client, opened on first use). */
export interface TPhaseWorkflows {
  /** Starts the run; an execution already running under this id counts as started. */
  start(workflowId: string, input: TInternshipPhasesInput): Promise<void>;
  /** The internship ended; a run that no longer exists is fine. */
  ended(workflowId: string, signal: TInternshipEndedSignal): Promise<void>;
  /** Sends the update and waits for the workflow's answer; a refusal is an `ApiError` with its code. */
  completeTask(workflowId: string, update: TCompletePhaseTaskUpdate): Promise<void>;
  completePhase(workflowId: string, update: TCompletePhaseUpdate): Promise<void>;
  migrate(workflowId: string, update: TMigratePhaseRunUpdate): Promise<void>;
  /** Whether Temporal answers right now (a short health check). */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/** A refused update's failure type → the catalogue code the route answers with. */
const REFUSALS: Record<string, TErrorCode> = {
  [PHASE_UPDATE_FAILURES.wrongActor]: 'phase_task_wrong_actor',
  [PHASE_UPDATE_FAILURES.notCurrent]: 'phase_task_not_current',
  [PHASE_UPDATE_FAILURES.completed]: 'phase_task_completed',
  [PHASE_UPDATE_FAILURES.invalid]: 'phase_update_invalid',
};

/** The catalogue code of a refused update, or undefined for any other failure. */
export function refusalOf(error: unknown): TErrorCode | undefined {
  if (error instanceof WorkflowNotFoundError) return 'phase_task_not_current';
  if (!(error instanceof WorkflowUpdateFailedError)) return undefined;
  const cause = error.cause;
  return cause instanceof ApplicationFailure && cause.type ? REFUSALS[cause.type] : undefined;
}

const shared = new WeakMap<TConfig, TPhaseWorkflows>();

/** The service's one client per configuration (routes and the consumer share it; closing lets the next caller open one). */
export function phaseWorkflowsFor(config: TConfig): TPhaseWorkflows {
  let workflows = shared.get(config);
  if (!workflows) {
    const opened = phaseWorkflows(config);
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
 * Temporal client of placements' phase runs. The OpenTelemetry interceptor carries the caller's trace
 * into the workflow's headers. Every call has the configured deadline, except an update's wait for its
 * answer, which includes the activity that writes the read model (seconds).
 */
export function phaseWorkflows(config: TConfig): TPhaseWorkflows {
  let client: Promise<Client> | undefined;
  let closed = false;
  const timeoutMs = config.TEMPORAL_CALL_TIMEOUT_MS;
  const connect = () => {
    if (closed) throw new Error('the Temporal client of placements is closed');
    if (!config.TEMPORAL_ADDRESS) throw new ApiError('workflows_unavailable');
    client ??= Connection.connect({ address: config.TEMPORAL_ADDRESS, connectTimeout: timeoutMs }).then(
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
  const update = async (workflowId: string, name: string, arg: unknown) => {
    const c = await connect();
    const handle: WorkflowHandle = c.workflow.getHandle(workflowId);
    try {
      await c.connection.withDeadline(Date.now() + Math.max(timeoutMs, 30_000), () =>
        handle.executeUpdate(name, { args: [arg] }),
      );
    } catch (error) {
      const code = refusalOf(error);
      if (code) throw new ApiError(code);
      throw error;
    }
  };
  return {
    async start(workflowId, input) {
      const c = await connect();
      await c.connection.withDeadline(Date.now() + timeoutMs, () =>
        c.workflow.start(WORKFLOW_TYPES.internshipPhases, {
          taskQueue: TASK_QUEUES.internshipPhases,
          workflowId,
          args: [input],
          // A redelivered activation finds the running execution and starts nothing new.
          workflowIdConflictPolicy: 'USE_EXISTING',
        }),
      );
    },
    async ended(workflowId, signal) {
      const c = await connect();
      try {
        await c.connection.withDeadline(Date.now() + timeoutMs, () =>
          c.workflow.getHandle(workflowId).signal(SIGNALS.internshipEnded, signal),
        );
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
    completeTask: (workflowId, u) => update(workflowId, UPDATES.completePhaseTask, u),
    completePhase: (workflowId, u) => update(workflowId, UPDATES.completePhase, u),
    migrate: (workflowId, u) => update(workflowId, UPDATES.migratePhaseRun, u),
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
