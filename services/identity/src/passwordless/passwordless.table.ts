import { type Generated } from 'kysely';

/** A mailed sign-in link and code (passwordless tenants): single use, short-lived, stored hashed. */
export interface TPasswordlessTokensTable {
  id: Generated<string>;
  tenant_id: string;
  user_id: string;
  token_hash: string;
  code_hash: string;
  expires_at: Date;
  attempts: Generated<number>;
  used_at: Date | null;
  created_at: Date;
}
