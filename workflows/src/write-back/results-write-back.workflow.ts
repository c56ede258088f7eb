import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import {
  WRITE_BACK_BATCH_SIZE,
  WRITE_BACK_REJECTED,
  type TWriteBackRunInput,
} from '@stageplein/contracts/workflows/names';
import type { TWriteBackSendActivities } from '@stageplein/organizations/activities';
import type { TWriteBackActivities } from '@stageplein/placements/activities';

const runs = proxyActivities<TWriteBackActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});
// Magister's own retries (429 + Retry-After, 5xx) run inside an attempt; an attempt that gave up is tried again later.
const sending = proxyActivities<TWriteBackSendActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '1 minute',
  retry: {
    initialInterval: '5 seconds',
    maximumInterval: '2 minutes',
    maximumAttempts: 8,
    nonRetryableErrorTypes: [WRITE_BACK_REJECTED],
  },
});

/** The refusal's code (`roster_not_configured`, `unauthorized`, …) or the last failure's message. */
function reasonOf(error: unknown): string {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure && cause.type === WRITE_BACK_REJECTED) return cause.message;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * One write-back run (docs/decisions/write-back.md): placements hands over the run's pending internships,
 * organizations sends each batch (student numbers, the school's Magister or only the file), placements
 * records each batch's outcomes (the run's progress on its screen) and ends the run with its report. A run
 * that cannot send (the school must fix its connection) ends `failed` with the reason, its unsent items
 * still pending; a new run sends those and nothing sent before.
 */
export async function resultsWriteBack(input: TWriteBackRunInput): Promise<{ status: 'done' | 'failed' }> {
  const { tenant, writeBackId } = input;
  const run = await runs.writeBackBegin({ tenant, writeBackId });
  if (!run) return { status: 'failed' };
  try {
    for (let i = 0; i < run.items.length; i += WRITE_BACK_BATCH_SIZE) {
      const outcomes = await sending.writeBackSend({
        tenant,
        schoolId: run.schoolId,
        target: run.target,
        items: run.items.slice(i, i + WRITE_BACK_BATCH_SIZE),
      });
      await runs.writeBackRecord({ tenant, writeBackId, outcomes });
    }
  } catch (error) {
    await runs.writeBackFinish({ tenant, writeBackId, error: reasonOf(error) });
    return { status: 'failed' };
  }
  await runs.writeBackFinish({ tenant, writeBackId, error: null });
  return { status: 'done' };
}
