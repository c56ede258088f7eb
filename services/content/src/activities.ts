import type { Kysely } from 'kysely';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import type { TContentDb } from './database.ts';
import { storagesFor, type TStorageConfig } from './cms/index.ts';
import { removeUnusedFormFiles } from './forms/index.ts';

export interface TContentActivityDeps {
  /** RLS-bound app-role database; every activity sets the tenant per transaction. */
  db: Kysely<unknown>;
  config: TStorageConfig;
}

/**
 * The Temporal activities content owns (`@stageplein/content/activities`); the worker composes them with
 * other services' activities. One transaction per tenant, so a failing tenant retries alone.
 */
export function createActivities(deps: TContentActivityDeps) {
  const storages = storagesFor(deps.config);
  return {
    async formFileCleanupTenants(): Promise<string[]> {
      return [...TENANT_IDS];
    },
    /** `at`: the workflow's time (ISO); files no submission named for a day before it are removed. */
    async removeTenantUnusedFormFiles(input: { tenant: string; at: string }) {
      const removed = await serviceDb<TContentDb>(deps.db)
        .transaction()
        .execute(async (trx) => {
          await setTenant(trx, input.tenant);
          return removeUnusedFormFiles(
            { db: trx, tenantId: input.tenant, now: new Date(input.at) },
            storages,
          );
        });
      return { tenant: input.tenant, removed };
    },
  };
}

export type TContentActivities = ReturnType<typeof createActivities>;
