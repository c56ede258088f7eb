import type { TFormFileCleanupSummary } from '@stageplein/contracts/workflows/names';
import type { TContentActivities } from '@stageplein/content/activities';
import { sweepActivities, sweepEachTenant } from '../shared/tenant-sweep.ts';

const { formFileCleanupTenants, removeTenantUnusedFormFiles } = sweepActivities<TContentActivities>({
  startToCloseTimeout: '2 minutes',
  maximumInterval: '2 minutes',
  maximumAttempts: 10,
});

/**
 * Removes the files visitors uploaded on public forms that no submission named within a day
 * (Temporal schedule FORM_FILE_CLEANUP_SCHEDULE).
 */
export async function formFileCleanup(): Promise<TFormFileCleanupSummary> {
  return sweepEachTenant(formFileCleanupTenants, removeTenantUnusedFormFiles);
}
