import type { Generated } from 'kysely';
import type { TContractSealState } from '@stageplein/contracts/internship-contracts/contract-rules';
import type { TAuditTrailAction } from '@stageplein/contracts/internship-contracts/contract-signing';

/** One entry of a contract's hash-chained audit trail (migration 20270215T0900-contract-signing). */
export interface TContractAuditTrailTable {
  id: Generated<string>;
  tenant_id: string;
  contract_id: string;
  seq: number;
  at: Date;
  /** A user id, `system`, or `link:<external link id>` (a signer without an account). */
  actor: string;
  ip: string | null;
  user_agent: string | null;
  action: TAuditTrailAction;
  data: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

// Signing's columns of the contracts' tables (same migration), merged into their table types.
declare module '../contracts/contracts.table.ts' {
  interface TContractSignersTable {
    /** The drawn signature, a PNG data URL. */
    signature: string | null;
    signed_ip: string | null;
    signed_user_agent: string | null;
    signed_by: string | null;
    /** When this signer's order group got its turn (reminders count from it). */
    turn_at: Date | null;
    reminders_sent: Generated<number>;
  }

  interface TContractsTable {
    signing_started_at: Date | null;
    signed_at: Date | null;
    /** contracts' `CONTRACT_SEAL_STATES` (migration 20270301T0900 adds `failed`); null before signed. */
    seal_state: TContractSealState | null;
    seal_attempts: Generated<number>;
    seal_error: string | null;
    sealed_at: Date | null;
    document_sha256: string | null;
  }
}
