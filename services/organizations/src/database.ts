import type { TOutboxTable, TProcessedEventsTable } from '@stageplein/kit/outbox/outbox.table';
import type { TSchoolYearsTable } from './school-years/school-years.table.ts';

/** The organizations schema as Kysely sees it. */
export interface TOrganizationsDb {
  'organizations.school_years': TSchoolYearsTable;
  'organizations.outbox': TOutboxTable;
  'organizations.processed_events': TProcessedEventsTable;
}

export const SCHEMA = 'organizations';
