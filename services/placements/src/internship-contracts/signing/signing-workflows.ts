import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure, WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { TErrorCode } from '@stageplein/contracts/errors/error-catalogue';
import {
  CONTRACT_SIGNING_FAILURES,
  SIGNALS,
  TASK_QUEUES,
  UPDATES,
  WORKFLOW_TYPES,
  contractSigningWorkflowId,
  type TContractSigningInput,
  type TSignContractUpdate,
} from '@stageplein/contracts/workflows/names';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TTemporalClient } from '@stageplein/kit/temporal/temporal-client';

/** How placements starts, signals and updates contract-signing workflows. */
export interface TSigningWorkflows {
  /** Starts the contract's run; one already running under its id counts as started. */
  start(input: TContractSigningInput): Promise<void>;
  /**
   * Seal again now (a school admin's retry): the run waiting after failed seal attempts gets the signal;
   * a run that ended (or never ran) is started again under the contract's id and seals.
   */
  retrySeal(input: TContractSigningInput): Promise<void>;
  /** The contract was voided; a run that no longer exists is fine. */
  voided(contractId: string): Promise<void>;
  /** Sends the signature and waits for the workflow's answer; a refusal is an `ApiError` with its code. */
  sign(contractId: string, update: TSignContractUpdate): Promise<void>;
  reachable(): Promise<boolean>;
}

const REFUSALS: Record<string, TErrorCode> = {
  [CONTRACT_SIGNING_FAILURES.notYourTurn]: 'contract_not_your_turn',
  [CONTRACT_SIGNING_FAILURES.alreadySigned]: 'contract_already_signed',
  [CONTRACT_SIGNING_FAILURES.closed]: 'contract_signing_closed',
};

/** The catalogue code of a refused signature, or undefined for any other failure. */
export function signingRefusalOf(error: unknown): TErrorCode | undefined {
  if (error instanceof WorkflowNotFoundError) return 'contract_signing_closed';
  if (!(error instanceof WorkflowUpdateFailedError)) return undefined;
  const cause = error.cause;
  return cause instanceof ApplicationFailure && cause.type ? REFUSALS[cause.type] : undefined;
}

export function signingWorkflows(temporal: TTemporalClient): TSigningWorkflows {
  return {
    async start(input) {
      await temporal
        .call((c) =>
          c.workflow.start(WORKFLOW_TYPES.contractSigning, {
            taskQueue: TASK_QUEUES.contractSigning,
            workflowId: contractSigningWorkflowId(input.contractId),
            args: [input],
            workflowIdConflictPolicy: 'USE_EXISTING',
            // A redelivered event after the run ended starts nothing new either.
            workflowIdReusePolicy: 'REJECT_DUPLICATE',
          }),
        )
        .catch((error: unknown) => {
          if (error instanceof WorkflowExecutionAlreadyStartedError) return;
          throw error;
        });
    },
    async retrySeal(input) {
      await temporal.call((c) =>
        c.workflow.signalWithStart(WORKFLOW_TYPES.contractSigning, {
          taskQueue: TASK_QUEUES.contractSigning,
          workflowId: contractSigningWorkflowId(input.contractId),
          args: [input],
          signal: SIGNALS.contractSealRetry,
          signalArgs: [],
          // A closed run under the id may be followed by one that seals (its begin finds the contract signed).
          workflowIdReusePolicy: 'ALLOW_DUPLICATE',
        }),
      );
    },
    async voided(contractId) {
      try {
        await temporal.call((c) =>
          c.workflow.getHandle(contractSigningWorkflowId(contractId)).signal(SIGNALS.contractVoided),
        );
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
    async sign(contractId, update) {
      try {
        await temporal.call(
          (c) =>
            c.workflow
              .getHandle(contractSigningWorkflowId(contractId))
              .executeUpdate(UPDATES.signContract, { args: [update] }),
          { atLeastMs: 30_000 },
        );
      } catch (error) {
        const code = signingRefusalOf(error);
        if (code) throw new ApiError(code);
        throw error;
      }
    },
    reachable: () => temporal.reachable(),
  };
}
