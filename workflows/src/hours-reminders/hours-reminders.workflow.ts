import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { THoursRemindersSummary } from '@stageplein/contracts/workflows/names';
import type { TPlacementsActivities } from '@stageplein/placements/activities';

const { hoursReminderTenants, remindTenantHours } = proxyActivities<TPlacementsActivities>({
  startToCloseTimeout: '5 minutes',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '2 minutes',
    maximumAttempts: 10,
  },
});

/**
 * The daily hours reminders (Temporal schedule HOURS_REMINDERS_SCHEDULE, docs/decisions/hours.md
 * "Reminders"): one activity per hours tenant (retried alone), all as of the workflow's start time.
 */
export async function hoursReminders(): Promise<THoursRemindersSummary> {
  const at = workflowInfo().startTime.toISOString();
  const tenants: THoursRemindersSummary['tenants'] = [];
  for (const tenant of await hoursReminderTenants()) tenants.push(await remindTenantHours({ tenant, at }));
  return { tenants };
}
