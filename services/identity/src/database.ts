import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { TDeadLettersTable } from '@stageplein/kit/outbox/dead-letters';
import type {
  TOutboxPendingTable,
  TOutboxTable,
  TProcessedEventsTable,
} from '@stageplein/kit/outbox/outbox.table';
import type { TUsersTable } from './users/users.table.ts';
import type { TRolesTable } from './roles/roles.table.ts';
import type { TRoleInvitationsTable } from './roles/role-invitations.table.ts';
import type { TSessionsTable } from './auth/sessions.table.ts';
import type { TPasswordlessTokensTable } from './passwordless/passwordless.table.ts';
import type { TAuditLogTable } from './impersonation/audit-log.table.ts';
import type { TDevMailsTable } from './mail/dev-mailbox.table.ts';
import type { TMailDeliveriesTable } from '@stageplein/kit/mail/mail-requests';
import type { TStudentImportKeysTable } from './internal-import/student-import-keys.table.ts';
import type {
  TEducationSsoFederationsTable,
  TEducationSsoFlowsTable,
  TEducationSsoIdentitiesTable,
  TEducationSsoSchoolBrinsTable,
  TEducationSsoSchoolsTable,
} from './education-sso/education-sso.table.ts';
import type { TOrganizationsReadModelTable } from '@stageplein/kit/read-models/organizations-read-model';

export const SCHEMA = 'identity';

/** The identity schema as Kysely sees it. */
export interface TIdentityDb {
  'identity.users': TUsersTable;
  'identity.roles': TRolesTable;
  'identity.role_invitations': TRoleInvitationsTable;
  'identity.sessions': TSessionsTable;
  'identity.passwordless_tokens': TPasswordlessTokensTable;
  'identity.audit_log': TAuditLogTable;
  'identity.dev_mails': TDevMailsTable;
  /** Requested account mails and their outcome (kit/mail/mail-requests.ts). */
  'identity.mail_deliveries': TMailDeliveriesTable;
  'identity.student_import_keys': TStudentImportKeysTable;
  'identity.education_sso_schools': TEducationSsoSchoolsTable;
  'identity.education_sso_school_brins': TEducationSsoSchoolBrinsTable;
  'identity.education_sso_federations': TEducationSsoFederationsTable;
  'identity.education_sso_identities': TEducationSsoIdentitiesTable;
  'identity.education_sso_flows': TEducationSsoFlowsTable;
  /** Kit's organizations read model (kit/read-models/organizations-read-model.ts). */
  'identity.organizations': TOrganizationsReadModelTable;
  'identity.outbox': TOutboxTable;
  'identity.outbox_pending': TOutboxPendingTable;
  'identity.processed_events': TProcessedEventsTable;
  'identity.dead_letters': TDeadLettersTable;
}

export type TDb = Kysely<TIdentityDb>;

/** The request's transaction (tenant set, commits with a successful response). */
export async function requestDb(req: FastifyRequest): Promise<TDb> {
  return req.db<TIdentityDb>();
}
