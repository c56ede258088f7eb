import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { TVacancyClosingSummary } from '@stageplein/contracts/workflows/names';
import type { TPlacementsActivities } from '@stageplein/placements/activities';

const { vacancyClosingTenants, closeTenantVacancies } = proxyActivities<TPlacementsActivities>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '2 minutes',
    maximumAttempts: 10,
  },
});

/**
 * Closes every tenant's vacancies whose closing time has passed (Temporal schedule
 * VACANCY_CLOSING_SCHEDULE). Each tenant is its own activity (retried alone), all as of the
 * workflow's start time.
 */
export async function vacancyClosing(): Promise<TVacancyClosingSummary> {
  const at = workflowInfo().startTime.toISOString();
  const tenants: TVacancyClosingSummary['tenants'] = [];
  for (const tenant of await vacancyClosingTenants())
    tenants.push(await closeTenantVacancies({ tenant, at }));
  return { tenants };
}
