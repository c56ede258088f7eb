import type { TPlacementsGroup } from '../shared/group.ts';
import { analyticsConsumer } from './analytics.consumer.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import type {
  TAnalyticsInternshipsTable,
  TAnalyticsOverdueTasksTable,
  TAnalyticsPeriodDefaultsTable,
  TAnalyticsVacanciesTable,
} from './analytics.table.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.analytics_internships': TAnalyticsInternshipsTable;
    'placements.analytics_overdue_tasks': TAnalyticsOverdueTasksTable;
    'placements.analytics_vacancies': TAnalyticsVacanciesTable;
    'placements.analytics_period_defaults': TAnalyticsPeriodDefaultsTable;
  }
}

/**
 * Analytics (issue #37, docs/decisions/analytics.md): read models fed by placements' own events
 * (rebuildable from its outbox) and the school's and organization's views over them.
 */
export const analyticsGroup: TPlacementsGroup = {
  name: 'analytics',
  routes: [analyticsRoutes],
  consumers: (deps) => [analyticsConsumer(deps)],
};
