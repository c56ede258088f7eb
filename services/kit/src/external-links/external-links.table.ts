import type { Generated } from 'kysely';
import type { TExternalLinkUseOutcome } from '@stageplein/contracts/external-links/external-links';

/**
 * `<schema>.external_links` (kit/migrations/external-links.v1.ts): one row per issued link. The token
 * itself is never stored, only its SHA-256 (`token_hash`).
 */
export interface TExternalLinksTable {
  id: string;
  tenant_id: string;
  token_hash: string;
  subject_type: string;
  subject_id: string;
  action: string;
  /** Who the link was sent to (an email address or a user id): re-issuing for them revokes the old one. */
  recipient: string;
  single_use: boolean;
  expires_at: Date;
  created_by: string | null;
  created_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

/** `<schema>.external_link_uses`: every request that presented a known token (append-only). */
export interface TExternalLinkUsesTable {
  id: Generated<string>;
  tenant_id: string;
  link_id: string;
  outcome: TExternalLinkUseOutcome;
  method: string;
  path: string;
  ip: string;
  user_agent: string | null;
  at: Date;
}
