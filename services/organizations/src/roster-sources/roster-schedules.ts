import { ScheduleNotFoundError, ScheduleOverlapPolicy } from '@temporalio/client';
import {
  ROSTER_SYNC_TIME,
  ROSTER_SYNC_TIMEZONE,
  rosterSyncScheduleId,
} from '@stageplein/contracts/imports/roster';
import { TASK_QUEUES, WORKFLOW_TYPES, type TRosterSyncInput } from '@stageplein/contracts/workflows/names';
import type { TTemporalClient } from '@stageplein/kit/temporal/temporal-client';

/** When a school's sync runs: every day at `at`, Dutch time (the server keeps summer and winter time). */
export const rosterSyncSpec = (at: { hour: number; minute: number; second: number } = ROSTER_SYNC_TIME) => ({
  calendars: [{ hour: at.hour, minute: at.minute, second: at.second, comment: 'nightly roster sync' }],
  timezone: ROSTER_SYNC_TIMEZONE,
});

/**
 * A school's nightly Magister sync: one Temporal schedule per school (ROSTER_SYNC_TIME, Dutch time),
 * starting `rosterSync` on the imports queue. Saving the connection with `nightly` creates or updates
 * it, without `nightly` or removing the connection deletes it. Two runs never overlap. `at`: another
 * time of day (tests watch a schedule fire at its time).
 */
export async function setRosterSchedule(
  temporal: TTemporalClient,
  input: TRosterSyncInput & { nightly: boolean; at?: { hour: number; minute: number; second: number } },
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
      spec: rosterSyncSpec(input.at),
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
