import type { THoursRemindersSummary } from '@stageplein/contracts/workflows/names';
import type { TPlacementsActivities } from '@stageplein/placements/activities';
import { SWEEP_RETRY, tenantSweep } from '../shared/tenant-sweep.ts';

/**
 * The daily hours reminders (Temporal schedule HOURS_REMINDERS_SCHEDULE, docs/decisions/hours.md
 * "Reminders"): one activity per hours tenant, which may take five minutes.
 */
export const hoursReminders: () => Promise<THoursRemindersSummary> = tenantSweep<TPlacementsActivities>()(
  'hoursReminderTenants',
  'remindTenantHours',
  { ...SWEEP_RETRY, startToCloseTimeout: '5 minutes' },
);
