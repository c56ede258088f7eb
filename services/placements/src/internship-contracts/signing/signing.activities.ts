import type { Kysely } from 'kysely';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import type { TSignContractUpdate } from '@stageplein/contracts/workflows/names';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import type { TPlacementsDb } from '../../database.ts';
import type { TPlacementsConfig } from '../../placements.config.ts';
import {
  beginSigning,
  closeSigning,
  completeSigning,
  expireSigning,
  markSealFailed,
  openTurn,
  recordSeal,
  recordSignature,
  remindSigner,
  sealedDocumentOf,
  sealFailed,
  type TContractSealer,
} from './signing.service.ts';
import type { TUseCaseCtx } from '../../shared/request.ts';

export interface TSigningActivityDeps {
  /** RLS-bound app-role database; every activity sets the tenant in its transaction. */
  db: Kysely<unknown>;
  config: TPlacementsConfig;
  /** Renders and stores the sealed document (the contract-documents part); none: the seal stays pending. */
  sealer?: TContractSealer;
  now?: () => Date;
}

type TRef = { tenant: string; contractId: string };

/**
 * The contract-signing workflow's activities (workflows/src/contract-signing): each one transaction under
 * the contract's tenant running one use case of signing.service.ts; each idempotent.
 */
export function createSigningActivities(deps: TSigningActivityDeps) {
  const inTenant = <T>(tenant: string, fn: (ctx: TUseCaseCtx) => Promise<T>): Promise<T> => {
    const t = getTenant(tenant);
    if (!t) throw new Error(`unknown tenant ${tenant}`);
    return serviceDb<TPlacementsDb>(deps.db)
      .transaction()
      .execute(async (trx) => {
        await setTenant(trx, t.id);
        return fn({ db: trx, tenant: t, now: deps.now?.() ?? new Date(), config: deps.config });
      });
  };
  return {
    beginSigning: (input: TRef) => inTenant(input.tenant, (ctx) => beginSigning(ctx, input.contractId)),
    openTurn: (input: TRef & { signerIds: string[]; at: string; expiresAt: string }) =>
      inTenant(input.tenant, (ctx) => openTurn({ ...ctx, now: new Date(input.at) }, input)),
    remindSigner: (input: TRef & { signerId: string; reminder: number; expiresAt: string }) =>
      inTenant(input.tenant, (ctx) => remindSigner(ctx, input)),
    recordSignature: (input: TRef & TSignContractUpdate) =>
      inTenant(input.tenant, (ctx) => recordSignature(ctx, input)),
    completeSigning: (input: TRef & { at: string }) =>
      inTenant(input.tenant, (ctx) => completeSigning({ ...ctx, now: new Date(input.at) }, input.contractId)),
    expireSigning: (input: TRef & { at: string }) =>
      inTenant(input.tenant, (ctx) => expireSigning({ ...ctx, now: new Date(input.at) }, input.contractId)),
    closeSigning: (input: TRef) => inTenant(input.tenant, (ctx) => closeSigning(ctx, input.contractId)),
    /** Every automatic seal attempt failed: the contract shows `seal_state` `failed` to its admins. */
    markSealFailed: (input: TRef) => inTenant(input.tenant, (ctx) => markSealFailed(ctx, input.contractId)),
    /**
     * Reads the signed contract's document, seals it outside any transaction (rendering takes a while)
     * and records the seal; without a sealer the seal is recorded as pending.
     */
    async sealContract(input: TRef): Promise<{ sealed: boolean }> {
      try {
        const doc = await inTenant(input.tenant, (ctx) => sealedDocumentOf(ctx, input.contractId));
        const sealed = doc && deps.sealer ? await deps.sealer(doc) : null;
        return await inTenant(input.tenant, (ctx) => recordSeal(ctx, input.contractId, sealed));
      } catch (error) {
        // Visible to admins (seal_error, attempts) while the activity is retried.
        await inTenant(input.tenant, (ctx) => sealFailed(ctx, input.contractId, String(error)));
        throw error;
      }
    },
  };
}

export type TSigningActivities = ReturnType<typeof createSigningActivities>;
export type { TSigningSigner, TContractSealer } from './signing.service.ts';
