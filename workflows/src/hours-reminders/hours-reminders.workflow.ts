import type { THoursRemindersSummary } from '@stageplein/contracts/workflows/names';
import type { TPlacementsActivities } from '@stageplein/placements/activities';
import { sweepActivities, sweepEachTenant } from '../shared/tenant-sweep.ts';

const { hoursReminderTenants, remindTenantHours } = sweepActivities<TPlacementsActivities>({
  startToCloseTimeout: '5 minutes',
  maximumInterval: '2 minutes',
  maximumAttempts: 10,
});

/**
 * The daily hours reminders (Temporal schedule HOURS_REMINDERS_SCHEDULE, docs/decisions/hours.md
 * "Reminders"): one activity per hours tenant.
 */
export async function hoursReminders(): Promise<THoursRemindersSummary> {
  return sweepEachTenant(hoursReminderTenants, remindTenantHours);
}
