import type { Migration } from 'kysely';
import { deadLettersMigration } from '@stageplein/kit/outbox/dead-letters';
import { outboxMigration } from '@stageplein/kit/outbox/outbox.table';
import { SCHEMA } from '../database.ts';
import { usersMigration } from '../users/users.table.ts';
import { rolesMigration } from '../roles/roles.table.ts';
import { sessionsMigration } from '../auth/sessions.table.ts';
import { passwordlessMigration } from '../passwordless/passwordless.table.ts';
import { auditLogMigration } from '../impersonation/audit-log.table.ts';
import { devMailboxMigration } from '../mail/dev-mailbox.table.ts';
import { organizationsMigration } from '../organizations/organizations.table.ts';
import { studentImportKeysMigration } from '../internal-import/student-import-keys.table.ts';

/** Applied in key order; keys are timestamps so new migrations sort after old ones. */
export const migrations: Record<string, Migration> = {
  '20261122T0900-outbox': outboxMigration(SCHEMA),
  '20261122T0910-users': usersMigration,
  '20261122T0920-roles': rolesMigration,
  '20261122T0930-sessions': sessionsMigration,
  '20261122T0940-passwordless-tokens': passwordlessMigration,
  '20261122T0950-audit-log': auditLogMigration,
  '20261122T1000-dev-mailbox': devMailboxMigration,
  '20261124T0900-student-import-keys': studentImportKeysMigration,
  // Identity consumes organizations' events: what a consumer group gives up on is recorded here.
  '20261125T0900-dead-letters': deadLettersMigration(SCHEMA),
  '20261125T0910-organizations-read-model': organizationsMigration,
};
