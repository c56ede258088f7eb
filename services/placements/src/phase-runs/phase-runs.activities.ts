import type { Kysely } from 'kysely';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import type { TPlacementsDb } from '../database.ts';
import type { TPlacementsConfig } from '../placements.config.ts';
import type { TCtx } from '../shared/request.ts';
import {
  completePhaseTaskRow,
  endPhaseRun,
  enterPhase,
  escalatePhaseTask,
  leavePhase,
  remindPhaseTask,
  type TEnteredPhase,
  type TEnterPhaseInput,
  type TPhaseDefinitions,
} from './phase-runs.service.ts';

export interface TPhaseRunActivityDeps {
  /** RLS-bound app-role database; every activity sets the tenant in its transaction. */
  db: Kysely<unknown>;
  definitions: TPhaseDefinitions;
  /** The kit's keys (mail sealing, the tenant sites): the supervisor's task links are mailed on entering. */
  config: TPlacementsConfig;
  now?: () => Date;
}

type TTenantRef = { tenant: string };

/**
 * The internship-phases workflow's activities (workflows/src/internship-phases): each one transaction
 * under the internship's tenant, running one use case of the phase-runs group. Each is idempotent (the
 * use cases change a row only from the state before, and write their event only when they did).
 */
export function createPhaseRunActivities(deps: TPhaseRunActivityDeps) {
  const inTenant = <T>(tenant: string, fn: (ctx: TCtx) => Promise<T>): Promise<T> => {
    const t = getTenant(tenant);
    if (!t) throw new Error(`unknown tenant ${tenant}`);
    return serviceDb<TPlacementsDb>(deps.db)
      .transaction()
      .execute(async (trx) => {
        await setTenant(trx, t.id);
        return fn({ db: trx, tenant: t, now: deps.now?.() ?? new Date() });
      });
  };
  return {
    enterPhase: (input: TTenantRef & TEnterPhaseInput): Promise<TEnteredPhase> =>
      inTenant(input.tenant, (ctx) => enterPhase(ctx, input, deps.definitions, { config: deps.config })),
    completePhaseTask: (input: TTenantRef & { taskId: string; userId: string | null; at: string }) =>
      inTenant(input.tenant, (ctx) => completePhaseTaskRow(ctx, input)),
    remindPhaseTask: (input: TTenantRef & { taskId: string; reminder: number }) =>
      inTenant(input.tenant, (ctx) => remindPhaseTask({ ...ctx, config: deps.config }, input)),
    escalatePhaseTask: (input: TTenantRef & { taskId: string; level: 1 | 2 }) =>
      inTenant(input.tenant, (ctx) => escalatePhaseTask({ ...ctx, config: deps.config }, input)),
    leavePhase: (
      input: TTenantRef & {
        phaseId: string;
        state: 'completed' | 'cancelled' | 'migrated';
        at: string;
        userId?: string;
      },
    ) => inTenant(input.tenant, (ctx) => leavePhase(ctx, input)),
    endPhaseRun: (input: TTenantRef & { internshipId: string; state: 'completed' | 'cancelled' }) =>
      inTenant(input.tenant, (ctx) => endPhaseRun(ctx, input)),
  };
}

export type TPhaseRunActivities = ReturnType<typeof createPhaseRunActivities>;
export type { TEnteredPhase, TRunTask } from './phase-runs.service.ts';
