import type { Migration } from 'kysely';
import m20261122T0900_outbox from './20261122T0900-outbox.ts';
import m20261122T0910_users from './20261122T0910-users.ts';
import m20261122T0920_roles from './20261122T0920-roles.ts';
import m20261122T0930_sessions from './20261122T0930-sessions.ts';
import m20261122T0940_passwordless_tokens from './20261122T0940-passwordless-tokens.ts';
import m20261122T0950_audit_log from './20261122T0950-audit-log.ts';
import m20261122T1000_dev_mailbox from './20261122T1000-dev-mailbox.ts';
import m20261124T0900_student_import_keys from './20261124T0900-student-import-keys.ts';
import m20261125T0900_dead_letters from './20261125T0900-dead-letters.ts';
import m20261125T0910_organizations_read_model from './20261125T0910-organizations-read-model.ts';
import m20261126T0930_ownership from './20261126T0930-ownership.ts';
import m20270111T0900_outbox_pending from './20270111T0900-outbox-pending.ts';
import m20270202T0900_kit_organizations_read_model from './20270202T0900-kit-organizations-read-model.ts';
import m20270301T0900_education_sso from './20270301T0900-education-sso.ts';
import m20270420T0920_mail_deliveries from './20270420T0920-mail-deliveries.ts';
import m20270501T0930_education_sso_config from './20270501T0930-education-sso-config.ts';

/**
 * Applied in key order. Each migration is a frozen file named by its timestamp: once landed it is never
 * edited (migrations.lock.json and its test guard that); a change is a new, later file.
 */
export const migrations: Record<string, Migration> = {
  '20261122T0900-outbox': m20261122T0900_outbox,
  '20261122T0910-users': m20261122T0910_users,
  '20261122T0920-roles': m20261122T0920_roles,
  '20261122T0930-sessions': m20261122T0930_sessions,
  '20261122T0940-passwordless-tokens': m20261122T0940_passwordless_tokens,
  '20261122T0950-audit-log': m20261122T0950_audit_log,
  '20261122T1000-dev-mailbox': m20261122T1000_dev_mailbox,
  '20261124T0900-student-import-keys': m20261124T0900_student_import_keys,
  '20261125T0900-dead-letters': m20261125T0900_dead_letters,
  '20261125T0910-organizations-read-model': m20261125T0910_organizations_read_model,
  '20261126T0930-ownership': m20261126T0930_ownership,
  // The outbox as an append-only log, its delivery state a queue beside it (kit outbox.v2).
  '20270111T0900-outbox-pending': m20270111T0900_outbox_pending,
  // Kit's organizations read model instead of identity's own (kit/read-models).
  '20270202T0900-kit-organizations-read-model': m20270202T0900_kit_organizations_read_model,
  // Education single sign-on: schools by BRIN, linked federation identities, sign-ins under way (#36).
  '20270301T0900-education-sso': m20270301T0900_education_sso,
  // Account mails requested through notifications: their per-recipient status (kit mail-requests).
  '20270420T0920-mail-deliveries': m20270420T0920_mail_deliveries,
  // Education single sign-on's configuration: several BRINs per school, the tenant's federation client (#36).
  '20270501T0930-education-sso-config': m20270501T0930_education_sso_config,
};
