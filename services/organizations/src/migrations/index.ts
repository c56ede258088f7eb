import type { Migration } from 'kysely';
import { outboxMigration } from '@stageplein/kit/outbox/outbox.table';
import { authReadModelMigration } from '@stageplein/kit/auth/auth-read-model';
import { deadLettersMigration } from '@stageplein/kit/outbox/dead-letters';
import { schoolYearsMigration } from '../school-years/school-years.table.ts';
import { organizationsMigration } from '../organizations/organizations.table.ts';
import { signupsMigration } from '../signups/signups.table.ts';
import { auditLogMigration } from '../audit-log/audit-log.table.ts';
import { levelsMigration } from '../levels/levels.table.ts';
import { tagsMigration } from '../tags/tags.table.ts';
import { groupsMigration } from '../groups/groups.table.ts';
import { internshipPeriodsMigration } from '../internship-periods/internship-periods.table.ts';
import { mentorshipsMigration } from '../mentorships/mentorships.table.ts';
import { importsMigration } from '../imports/imports.table.ts';
import { SCHEMA } from '../database.ts';

/** Applied in key order; keys are timestamps so new migrations sort after old ones. */
export const migrations: Record<string, Migration> = {
  '20261121T0900-outbox': outboxMigration(SCHEMA),
  '20261121T0910-school-years': schoolYearsMigration,
  // Roles and revoked clients from identity's events, for the kit's credential check.
  '20261122T0900-auth-read-model': authReadModelMigration(SCHEMA),
  '20261123T0900-organizations': organizationsMigration,
  '20261123T0910-signups': signupsMigration,
  '20261123T0920-audit-log': auditLogMigration,
  '20261123T0930-levels': levelsMigration,
  '20261123T0940-tags': tagsMigration,
  '20261123T0950-groups': groupsMigration,
  '20261123T1000-internship-periods': internshipPeriodsMigration,
  '20261123T1010-mentorships': mentorshipsMigration,
  // Events our consumers give up on (auth read model, role cleanup), for an operator to replay.
  '20261123T1020-dead-letters': deadLettersMigration(SCHEMA),
  '20261124T0900-imports': importsMigration,
};
