import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { TFormFileCleanupSummary } from '@stageplein/contracts/workflows/names';
import type { TContentActivities } from '@stageplein/content/activities';

const { formFileCleanupTenants, removeTenantUnusedFormFiles } = proxyActivities<TContentActivities>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '2 minutes',
    maximumAttempts: 10,
  },
});

/**
 * Removes the files visitors uploaded on public forms that no submission named within a day
 * (Temporal schedule FORM_FILE_CLEANUP_SCHEDULE). Each tenant is its own activity, all as of the
 * workflow's start time.
 */
export async function formFileCleanup(): Promise<TFormFileCleanupSummary> {
  const at = workflowInfo().startTime.toISOString();
  const tenants: TFormFileCleanupSummary['tenants'] = [];
  for (const tenant of await formFileCleanupTenants())
    tenants.push(await removeTenantUnusedFormFiles({ tenant, at }));
  return { tenants };
}
