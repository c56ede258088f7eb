import type { Migration } from 'kysely';
import { outboxMigration } from '@stageplein/kit/outbox/outbox.table';
import { authReadModelMigration } from '@stageplein/kit/auth/auth-read-model';
import { schoolYearsMigration } from '../school-years/school-years.table.ts';
import { SCHEMA } from '../database.ts';

/** Applied in key order; keys are timestamps so new migrations sort after old ones. */
export const migrations: Record<string, Migration> = {
  '20261121T0900-outbox': outboxMigration(SCHEMA),
  '20261121T0910-school-years': schoolYearsMigration,
  // Roles and revoked clients from identity's events, for the kit's credential check.
  '20261122T0900-auth-read-model': authReadModelMigration(SCHEMA),
};
