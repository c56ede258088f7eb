import type { TComplianceSweepSummary } from '@stageplein/contracts/workflows/names';
import type { TComplianceActivities } from '@stageplein/organizations/activities';
import { sweepActivities, sweepEachTenant } from '../shared/tenant-sweep.ts';

const { complianceTenants, sweepTenantCompliance } = sweepActivities<TComplianceActivities>({
  startToCloseTimeout: '5 minutes',
  maximumInterval: '5 minutes',
  maximumAttempts: 20,
});

/**
 * The daily compliance sweep (Temporal schedule COMPLIANCE_SWEEP_SCHEDULE): per tenant, announce the
 * states the date changed and remind organizations of required documents that expire soon.
 */
export async function complianceSweep(): Promise<TComplianceSweepSummary> {
  return sweepEachTenant(complianceTenants, sweepTenantCompliance);
}
