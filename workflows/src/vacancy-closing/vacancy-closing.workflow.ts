import type { TVacancyClosingSummary } from '@stageplein/contracts/workflows/names';
import type { TPlacementsActivities } from '@stageplein/placements/activities';
import { tenantSweep } from '../shared/tenant-sweep.ts';

/** Closes every tenant's vacancies whose closing time has passed (Temporal schedule VACANCY_CLOSING_SCHEDULE). */
export const vacancyClosing: () => Promise<TVacancyClosingSummary> = tenantSweep<TPlacementsActivities>()(
  'vacancyClosingTenants',
  'closeTenantVacancies',
);
