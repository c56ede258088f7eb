import type { Kysely } from 'kysely';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { setTenant } from '@stageplein/kit/db/rls';
import type { TDb } from './database.ts';
import { closeDueVacancies } from './vacancies/vacancy-closing.service.ts';

export interface TPlacementsActivityDeps {
  /** RLS-bound app-role database; every activity sets the tenant per transaction. */
  db: Kysely<unknown>;
}

/**
 * The Temporal activities placements owns (`@stageplein/placements/activities`); the worker composes
 * them with other services' activities. One transaction per tenant, so a failing tenant retries alone.
 */
export function createActivities(deps: TPlacementsActivityDeps) {
  return {
    async vacancyClosingTenants(): Promise<string[]> {
      return [...TENANT_IDS];
    },
    /** `at`: the workflow's time (ISO), so a retry closes as of the same moment. */
    async closeTenantVacancies(input: { tenant: string; at: string }) {
      const closed = await deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, input.tenant);
        return closeDueVacancies({
          db: trx as unknown as TDb,
          tenant: getTenant(input.tenant)!,
          now: new Date(input.at),
        });
      });
      return { tenant: input.tenant, closed };
    },
  };
}

export type TPlacementsActivities = ReturnType<typeof createActivities>;
