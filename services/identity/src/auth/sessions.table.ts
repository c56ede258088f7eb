import { type Generated } from 'kysely';

/** devise_token_auth's `tokens`: one row per signed-in client, the access token only as a hash. */
export interface TSessionsTable {
  client: string;
  seq: Generated<number>;
  tenant_id: string;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  /** Set on "sign in as user" sessions: who impersonates. They never count toward the client cap. */
  impersonator_id: string | null;
  created_at: Date;
}
