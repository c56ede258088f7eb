import type { Kysely } from 'kysely';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import type { TPlacementsDb } from '../database.ts';
import type { TCtx } from '../shared/request.ts';
import type { TWriteBackOutcome } from '@stageplein/contracts/workflows/names';
import { beginWriteBack, finishWriteBack, recordWriteBack } from './write-back.service.ts';

/**
 * Placements' side of the write-back workflow (docs/decisions/write-back.md): what a run still has to
 * send, each batch's outcomes (its progress), the end. One transaction per call in the run's tenant.
 */
export function createWriteBackActivities(deps: { db: Kysely<unknown> }) {
  const inTenant = <T>(tenant: string, fn: (ctx: TCtx) => Promise<T>) =>
    serviceDb<TPlacementsDb>(deps.db)
      .transaction()
      .execute(async (trx) => {
        await setTenant(trx, tenant);
        return fn({ db: trx, tenant: getTenant(tenant)!, now: new Date() });
      });
  return {
    writeBackBegin: (input: { tenant: string; writeBackId: string }) =>
      inTenant(input.tenant, (ctx) => beginWriteBack(ctx, input.writeBackId)),
    writeBackRecord: (input: { tenant: string; writeBackId: string; outcomes: TWriteBackOutcome[] }) =>
      inTenant(input.tenant, (ctx) => recordWriteBack(ctx, input.writeBackId, input.outcomes)),
    writeBackFinish: (input: { tenant: string; writeBackId: string; error: string | null }) =>
      inTenant(input.tenant, (ctx) => finishWriteBack(ctx, input.writeBackId, input.error)),
  };
}

export type TWriteBackActivities = ReturnType<typeof createWriteBackActivities>;
