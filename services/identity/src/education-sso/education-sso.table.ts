import type { Generated } from 'kysely';
import type { TEntreeClaims } from '@stageplein/contracts/identity/education-sso';

/** A school that signs in through the federation; `provision_students`: unknown students of it get an account. */
export interface TEducationSsoSchoolsTable {
  tenant_id: string;
  organization_id: string;
  provision_students: Generated<boolean>;
  /** Who last changed the school's settings (null: the seed). */
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A BRIN code (upper case) by which the federation names a school; one school may have several. */
export interface TEducationSsoSchoolBrinsTable {
  tenant_id: string;
  brin: string;
  organization_id: string;
  created_at: Date;
}

/** The tenant's registration at the federation; the client secret sealed (kit's sealed-secret). */
export interface TEducationSsoFederationsTable {
  tenant_id: string;
  issuer: string;
  client_id: string;
  secret_sealed: string;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A federation identity (the pseudonymous `uid`) linked to one account; an account has at most one. */
export interface TEducationSsoIdentitiesTable {
  tenant_id: string;
  subject: string;
  user_id: string;
  organization_id: string;
  real_id: string | null;
  eck_id: string | null;
  affiliation: string;
  created_at: Date;
  last_sign_in_at: Date | null;
}

/**
 * A sign-in under way: what the callback must see again (state, nonce, PKCE verifier, the browser's
 * cookie by hash), used once. A recognised person with a known but unlinked account waits here for the
 * confirmation (`link_*`), also once.
 */
export interface TEducationSsoFlowsTable {
  id: Generated<string>;
  tenant_id: string;
  state: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  redirect_url: string;
  expires_at: Date;
  used_at: Date | null;
  link_token_hash: string | null;
  link_claims: TEntreeClaims | null;
  link_organization_id: string | null;
  link_expires_at: Date | null;
  linked_at: Date | null;
  created_at: Date;
}
