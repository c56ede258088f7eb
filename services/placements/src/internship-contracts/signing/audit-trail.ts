import { createHash } from 'node:crypto';
import type { TAuditTrailAction } from '@stageplein/contracts/internship-contracts/contract-signing';
import type { TCtx } from '../../shared/request.ts';
import type { TContractAuditTrailTable } from './signing.table.ts';

/**
 * A contract's audit trail (docs/decisions/internship-contracts.md "Audit trail"): append-only (a trigger
 * refuses UPDATE, DELETE and TRUNCATE for every role) and hash-chained: each entry's `hash` is the SHA-256
 * of its content and the previous entry's hash (`GENESIS` for the first), so an entry changed behind the
 * trigger's back (by the table's owner with the trigger disabled, or on disk) breaks the chain from there.
 */
export const GENESIS = '0'.repeat(64);

export type TAuditEntry = Omit<TContractAuditTrailTable, 'id'>;

export interface TAppendAudit {
  contractId: string;
  at: Date;
  actor: string;
  ip?: string | null;
  userAgent?: string | null;
  action: TAuditTrailAction;
  data?: Record<string, unknown>;
}

/** JSON with object keys sorted at every level (jsonb does not keep the written order). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The hash of an entry: what it says and the hash before it. */
export function entryHash(e: Omit<TAuditEntry, 'hash' | 'tenant_id'>): string {
  return createHash('sha256')
    .update(
      canonicalJson([
        e.contract_id,
        e.seq,
        e.at.toISOString(),
        e.actor,
        e.ip,
        e.user_agent,
        e.action,
        e.data,
        e.prev_hash,
      ]),
    )
    .digest('hex');
}

/**
 * Appends an entry in the caller's transaction. Writers of one contract serialize on its row (locked
 * here), so two entries never take the same place; `unique (contract_id, seq)` would refuse one anyway.
 */
export async function appendAudit(ctx: TCtx, input: TAppendAudit): Promise<TAuditEntry> {
  await ctx.db
    .selectFrom('placements.contracts')
    .select('id')
    .where('id', '=', input.contractId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const last = await ctx.db
    .selectFrom('placements.contract_audit_trail')
    .select(['seq', 'hash'])
    .where('contract_id', '=', input.contractId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  // Milliseconds only: what PostgreSQL keeps of a JavaScript date, so the hash reads back the same.
  const at = new Date(input.at.getTime());
  const entry = {
    contract_id: input.contractId,
    seq: (last?.seq ?? 0) + 1,
    at,
    actor: input.actor,
    ip: input.ip ?? null,
    user_agent: input.userAgent?.slice(0, 500) ?? null,
    action: input.action,
    data: input.data ?? {},
    prev_hash: last?.hash ?? GENESIS,
  };
  const row: TAuditEntry = { tenant_id: ctx.tenant.id, ...entry, hash: entryHash(entry) };
  await ctx.db.insertInto('placements.contract_audit_trail').values(row).execute();
  return row;
}

export const auditTrailOf = (ctx: TCtx, contractId: string): Promise<TAuditEntry[]> =>
  ctx.db
    .selectFrom('placements.contract_audit_trail')
    .select([
      'tenant_id',
      'contract_id',
      'seq',
      'at',
      'actor',
      'ip',
      'user_agent',
      'action',
      'data',
      'prev_hash',
      'hash',
    ])
    .where('contract_id', '=', contractId)
    .orderBy('seq')
    .execute();

/**
 * Checks a trail: numbered 1, 2, … without gaps, each entry's `prev_hash` the hash before it and its
 * `hash` that of its content. The first entry that fails, or null when the trail is intact.
 */
export function verifyAuditChain(entries: readonly TAuditEntry[]): number | null {
  let prev = GENESIS;
  for (const [i, e] of entries.entries()) {
    if (e.seq !== i + 1 || e.prev_hash !== prev || entryHash(e) !== e.hash) return e.seq;
    prev = e.hash;
  }
  return null;
}
