import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
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
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TTemporalClient } from '@stageplein/kit/temporal/temporal-client';

/** How placements starts, signals and updates internship-phases workflows. */
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
}

/** A refused update's failure type → the catalogue code the route answers with. */
const REFUSALS: Record<string, TErrorCode> = {
  [PHASE_UPDATE_FAILURES.wrongActor]: 'phase_task_wrong_actor',
  [PHASE_UPDATE_FAILURES.notCurrent]: 'phase_task_not_current',
  [PHASE_UPDATE_FAILURES.completed]: 'phase_task_completed',
  [PHASE_UPDATE_FAILURES.invalid]: 'phase_update_invalid',
};

/** The failure type of an update the workflow refused, if it was refused by a validator. */
const refusedAs = (error: unknown): string | undefined =>
  error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure
    ? (error.cause.type ?? undefined)
    : undefined;

/** The catalogue code of a refused update, or undefined for any other failure. */
export function refusalOf(error: unknown): TErrorCode | undefined {
  if (error instanceof WorkflowNotFoundError) return 'phase_task_not_current';
  const type = refusedAs(error);
  return type ? REFUSALS[type] : undefined;
}

/**
 * How long an update is sent again while the run hands over between two phases (`handingOver`: entering
 * its phase, or leaving it to continue as new; milliseconds of the workflow's own work, seconds when its
 * activity is slow). Past it the answer is `phases_unavailable` (503: try again).
 */
export const HAND_OVER_RETRY_MS = 10_000;
const HAND_OVER_FIRST_DELAY_MS = 25;
const HAND_OVER_MAX_DELAY_MS = 500;

/**
 * Placements' phase runs through the process's Temporal client (kit's, `deps.temporal`). Every call has
 * the configured deadline, except an update's wait for its answer, which includes the activity that
 * writes the read model (seconds). An update the run answers with `handingOver` (between two phases) is
 * sent again, with growing pauses, until the run that stands in the phase answers it.
 */
export function phaseWorkflows(temporal: TTemporalClient): TPhaseWorkflows {
  const update = async (workflowId: string, name: string, arg: unknown) => {
    const until = Date.now() + HAND_OVER_RETRY_MS;
    for (let delay = HAND_OVER_FIRST_DELAY_MS; ; delay = Math.min(delay * 2, HAND_OVER_MAX_DELAY_MS)) {
      try {
        // To the workflow id, no run id: the run that stands in the phase now (after a continue-as-new too).
        await temporal.call((c) => c.workflow.getHandle(workflowId).executeUpdate(name, { args: [arg] }), {
          atLeastMs: 30_000,
        });
        return;
      } catch (error) {
        if (refusedAs(error) === PHASE_UPDATE_FAILURES.handingOver) {
          if (Date.now() + delay > until) throw new ApiError('phases_unavailable');
          await new Promise((resolve) => setTimeout(resolve, delay));
          continue;
        }
        const code = refusalOf(error);
        if (code) throw new ApiError(code);
        throw error;
      }
    }
  };
  return {
    async start(workflowId, input) {
      await temporal.call((c) =>
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
      try {
        await temporal.call((c) => c.workflow.getHandle(workflowId).signal(SIGNALS.internshipEnded, signal));
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
    completeTask: (workflowId, u) => update(workflowId, UPDATES.completePhaseTask, u),
    completePhase: (workflowId, u) => update(workflowId, UPDATES.completePhase, u),
    migrate: (workflowId, u) => update(workflowId, UPDATES.migratePhaseRun, u),
    reachable: () => temporal.reachable(),
  };
}
