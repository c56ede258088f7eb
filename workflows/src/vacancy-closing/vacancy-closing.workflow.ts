import type { TVacancyClosingSummary } from '@stageplein/contracts/workflows/names';
import type { TPlacementsActivities } from '@stageplein/placements/activities';
import { sweepActivities, sweepEachTenant } from '../shared/tenant-sweep.ts';

const { vacancyClosingTenants, closeTenantVacancies } = sweepActivities<TPlacementsActivities>({
  startToCloseTimeout: '2 minutes',
  maximumInterval: '2 minutes',
  maximumAttempts: 10,
});

/** Closes every tenant's vacancies whose closing time has passed (Temporal schedule VACANCY_CLOSING_SCHEDULE). */
export async function vacancyClosing(): Promise<TVacancyClosingSummary> {
  return sweepEachTenant(vacancyClosingTenants, closeTenantVacancies);
}
