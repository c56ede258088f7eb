import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { TComplianceSweepSummary } from '@stageplein/contracts/workflows/names';
import type { TComplianceActivities } from '@stageplein/organizations/activities';

const { complianceTenants, sweepTenantCompliance } = proxyActivities<TComplianceActivities>({
  startToCloseTimeout: '5 minutes',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 20,
  },
});

/**
 * The daily compliance sweep (Temporal schedule COMPLIANCE_SWEEP_SCHEDULE): per tenant, announce the
 * states the date changed and remind organizations of required documents that expire soon. Each
 * tenant is its own activity (retried alone); all of them sweep as of the workflow's start time.
 */
export async function complianceSweep(): Promise<TComplianceSweepSummary> {
  const at = workflowInfo().startTime.toISOString();
  const tenants: TComplianceSweepSummary['tenants'] = [];
  for (const tenant of await complianceTenants()) tenants.push(await sweepTenantCompliance({ tenant, at }));
  return { tenants };
}
