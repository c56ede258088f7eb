import {
  ApplicationFailure,
  CancellationScope,
  defineQuery,
  defineSignal,
  isCancellation,
  patched,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import {
  QUERIES,
  SIGNALS,
  type TStudentImportInput,
  type TStudentImportSummary,
} from '@stageplein/contracts/workflows/names';
import type { TStudentImportActivities } from '@stageplein/organizations/activities';

/** Asks the import to stop; it finishes the batches in progress first. */
export const cancelImportSignal = defineSignal(SIGNALS.cancelImport);

export interface TStudentImportProgress {
  phase: 'preparing' | 'applying' | 'finishing' | 'done';
  batchesDone: number;
  batchCount: number;
  cancelRequested: boolean;
}
export const progressQuery = defineQuery<TStudentImportProgress>(QUERIES.progress);

/** Patch id: batches run in `plan.batchesInFlight` lanes (one at a time before). */
const BATCHES_IN_PARALLEL = 'batches-in-parallel';

const { prepareImport, finishImport } = proxyActivities<TStudentImportActivities>({
  // Reading and validating 50,000 rows takes seconds; the limit only catches a stuck worker.
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 10,
    nonRetryableErrorTypes: ['ImportFileError', 'ImportNotFound', 'RosterSourceRejected'],
  },
});

/** Patch id: a roster that names mentors (Magister) has them applied after the batches. */
const ROSTER_MENTORS = 'roster-mentors';

const { applyBatch, applyMentors } = proxyActivities<TStudentImportActivities>({
  startToCloseTimeout: '2 minutes',
  // A batch heartbeats between its steps: a crashed worker's batch is retried elsewhere within seconds.
  heartbeatTimeout: '10 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 20,
    nonRetryableErrorTypes: ['ImportNotFound', 'IdentityRejected'],
  },
});

/**
 * One import of a school's students from a roster source: a CSV file or the school's Magister. The rows live in organizations' tables (the
 * activities keep them and the counts current for the UI); the history holds only small inputs and
 * counts, so 50,000 rows cost ~ batchCount activities, a few of them side by side. Cancelling (the
 * signal, or cancelling the workflow) never interrupts a batch: those in progress complete, no new one
 * starts, then the import ends as cancelled.
 */
export async function studentImport(input: TStudentImportInput): Promise<TStudentImportSummary> {
  const progress: TStudentImportProgress = {
    phase: 'preparing',
    batchesDone: 0,
    batchCount: 0,
    cancelRequested: false,
  };
  setHandler(cancelImportSignal, () => {
    progress.cancelRequested = true;
  });
  setHandler(progressQuery, () => progress);
  const cancelled = () => progress.cancelRequested || CancellationScope.current().consideredCancelled;
  const finish = (status: 'completed' | 'cancelled' | 'failed', failure?: string) => {
    progress.phase = 'finishing';
    return CancellationScope.nonCancellable(() =>
      finishImport({ ...input, status, ...(failure ? { failure } : {}) }),
    ).finally(() => {
      progress.phase = 'done';
    });
  };

  try {
    const plan = await CancellationScope.nonCancellable(() => prepareImport(input));
    progress.batchCount = plan.batchCount;
    progress.phase = 'applying';
    // Histories recorded before batches ran side by side replay one batch at a time.
    const lanes = patched(BATCHES_IN_PARALLEL) ? Math.max(1, plan.batchesInFlight ?? 1) : 1;
    let next = 0;
    let failure: unknown;
    // Each lane takes the next batch until none is left, a cancel arrives or a batch failed; a batch
    // already started always completes (it runs in a non-cancellable scope).
    const lane = async () => {
      while (next < plan.batchCount && !cancelled() && failure === undefined) {
        const batch = next++;
        try {
          await CancellationScope.nonCancellable(() => applyBatch({ ...input, batch }));
          progress.batchesDone++;
        } catch (error) {
          failure ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(lanes, plan.batchCount) }, lane));
    if (failure !== undefined) throw failure;
    if (progress.batchesDone < plan.batchCount) return await finish('cancelled');
    // Every student applied: the roster's mentors and their links (histories from before replay without).
    if (plan.syncMentors && patched(ROSTER_MENTORS))
      await CancellationScope.nonCancellable(() => applyMentors(input));
    return await finish('completed');
  } catch (error) {
    if (isCancellation(error)) return await finish('cancelled');
    const cause =
      error instanceof Error && 'cause' in error && error.cause instanceof Error ? error.cause : error;
    const message = cause instanceof Error ? cause.message : String(cause);
    await finish('failed', message);
    throw ApplicationFailure.nonRetryable(message, 'StudentImportFailed');
  }
}
