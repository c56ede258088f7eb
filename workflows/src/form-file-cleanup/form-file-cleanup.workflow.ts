import type { TFormFileCleanupSummary } from '@stageplein/contracts/workflows/names';
import type { TContentActivities } from '@stageplein/content/activities';
import { tenantSweep } from '../shared/tenant-sweep.ts';

/**
 * Removes the files visitors uploaded on public forms that no submission named within a day
 * (Temporal schedule FORM_FILE_CLEANUP_SCHEDULE).
 */
export const formFileCleanup: () => Promise<TFormFileCleanupSummary> = tenantSweep<TContentActivities>()(
  'formFileCleanupTenants',
  'removeTenantUnusedFormFiles',
);
