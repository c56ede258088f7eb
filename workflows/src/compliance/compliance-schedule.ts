import { Client, ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Connection } from '@temporalio/client';
import {
  COMPLIANCE_SWEEP_SCHEDULE,
  TASK_QUEUES,
  WORKFLOW_TYPES,
} from '@stageplein/contracts/workflows/names';

/**
 * Creates the daily compliance sweep's schedule unless it exists (every worker start calls this; the
 * first one wins). Temporal keeps it durably: a sweep missed while no worker ran starts once a worker
 * is back (catch-up window one day), and two sweeps never overlap.
 */
export async function ensureComplianceSchedule(
  connection: Connection,
  namespace: string,
  options: { scheduleId?: string; taskQueue?: string } = {},
): Promise<string> {
  const client = new Client({ connection, namespace });
  const scheduleId = options.scheduleId ?? COMPLIANCE_SWEEP_SCHEDULE.id;
  try {
    await client.schedule.create({
      scheduleId,
      spec: {
        cronExpressions: [COMPLIANCE_SWEEP_SCHEDULE.cron],
        timezone: COMPLIANCE_SWEEP_SCHEDULE.timezone,
      },
      action: {
        type: 'startWorkflow',
        workflowType: WORKFLOW_TYPES.complianceSweep,
        taskQueue: options.taskQueue ?? TASK_QUEUES.imports,
        args: [],
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
  return scheduleId;
}
