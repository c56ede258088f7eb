import type { Kysely } from 'kysely';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import type { TOrganizationsDb } from '../database.ts';
import { sweepCompliance } from './compliance.service.ts';

export interface TComplianceActivityDeps {
  /** RLS-bound app-role database; the tenant is set per transaction. */
  db: Kysely<unknown>;
  now?: () => Date;
}

/**
 * The activities of the daily compliance sweep (workflow `complianceSweep`, a Temporal schedule): one
 * transaction per tenant, so a failing tenant is retried alone; the sweep itself is idempotent.
 */
export function createComplianceActivities(deps: TComplianceActivityDeps) {
  return {
    async complianceTenants(): Promise<string[]> {
      return [...TENANT_IDS];
    },
    /** `at`: the workflow's time (ISO), so a retry sweeps as of the same day. */
    async sweepTenantCompliance(input: { tenant: string; at?: string }) {
      const now = input.at ? new Date(input.at) : (deps.now?.() ?? new Date());
      const result = await serviceDb<TOrganizationsDb>(deps.db)
        .transaction()
        .execute(async (trx) => {
          await setTenant(trx, input.tenant);
          return sweepCompliance({ db: trx, tenant: getTenant(input.tenant)!, now });
        });
      return { tenant: input.tenant, ...result };
    },
  };
}

export type TComplianceActivities = ReturnType<typeof createComplianceActivities>;
