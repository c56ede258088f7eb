import { type Generated } from 'kysely';
import type { TOrganizationType, TRoleName } from '@stageplein/contracts/identity/roles';

/**
 * A role offered to an existing account, granted only when the account accepts the mailed single-use
 * link (issue #12: a signup naming someone's address must not make them admin behind their back).
 */
export interface TRoleInvitationsTable {
  id: Generated<string>;
  tenant_id: string;
  user_id: string;
  name: TRoleName;
  resource_type: TOrganizationType;
  resource_id: string;
  /** Hash of the mailed token (kit token-hash); the token itself is only in the mail. */
  token_hash: string;
  created_at: Date;
}
