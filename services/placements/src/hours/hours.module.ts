import type { TPlacementsGroup } from '../shared/group.ts';
import { hoursRoutes } from './hours.routes.ts';
import { seedHours } from './hours.seed.ts';
import type { THoursEntriesTable, THoursPeriodDefaultsTable, THoursSheetsTable } from './hours.table.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.hours_entries': THoursEntriesTable;
    'placements.hours_sheets': THoursSheetsTable;
    'placements.hours_period_defaults': THoursPeriodDefaultsTable;
  }
}

/** Hours: the student's sheet, the supervisor's confirmation by link, reminders (docs/decisions/hours.md). */
export const hoursGroup: TPlacementsGroup = {
  name: 'hours',
  routes: [hoursRoutes],
  seed: seedHours,
};
