import { ScheduleNotFoundError, ScheduleOverlapPolicy } from '@temporalio/client';
import { ROSTER_SYNC_CRON, rosterSyncScheduleId } from '@stageplein/contracts/imports/roster';
import { TASK_QUEUES, WORKFLOW_TYPES, type TRosterSyncInput } from '@stageplein/contracts/workflows/names';
import type { TTemporalClient } from '@stageplein/kit/temporal/temporal-client';

/**
 * A school's nightly Magister sync: one Temporal schedule per school (ROSTER_SYNC_CRON, Dutch time),
 * starting `rosterSync` on the imports queue. Saving the connection with `nightly` creates or updates
 * it, without `nightly` or removing the connection deletes it. Two runs never overlap.
 */
export async function setRosterSchedule(
  temporal: TTemporalClient,
  input: TRosterSyncInput & { nightly: boolean },
): Promise<void> {
  const scheduleId = rosterSyncScheduleId(input.tenant, input.schoolId);
  await temporal.call(async (client) => {
    const handle = client.schedule.getHandle(scheduleId);
    if (!input.nightly) {
      await handle.delete().catch((error: unknown) => {
        if (!(error instanceof ScheduleNotFoundError)) throw error;
      });
      return;
    }
    try {
      await handle.describe();
      return;
    } catch (error) {
      if (!(error instanceof ScheduleNotFoundError)) throw error;
    }
    const args: [TRosterSyncInput] = [{ tenant: input.tenant, schoolId: input.schoolId }];
    await client.schedule.create({
      scheduleId,
      spec: { cronExpressions: [ROSTER_SYNC_CRON], timezone: 'Europe/Amsterdam' },
      action: {
        type: 'startWorkflow',
        workflowType: WORKFLOW_TYPES.rosterSync,
        taskQueue: TASK_QUEUES.imports,
        args,
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '6 hours' },
    });
  });
}
