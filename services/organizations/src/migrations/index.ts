import type { Migration } from 'kysely';
import { outboxMigration } from '@stageplein/kit/outbox/outbox.table';
import { schoolYearsMigration } from '../school-years/school-years.table.ts';
import { SCHEMA } from '../database.ts';

/** Applied in key order; keys are timestamps so new migrations sort after old ones. */
export const migrations: Record<string, Migration> = {
  '20261121T0900-outbox': outboxMigration(SCHEMA),
  '20261121T0910-school-years': schoolYearsMigration,
};
