import type { TComplianceSweepSummary } from '@stageplein/contracts/workflows/names';
import type { TComplianceActivities } from '@stageplein/organizations/activities';
import { tenantSweep } from '../shared/tenant-sweep.ts';

/**
 * The daily compliance sweep (Temporal schedule COMPLIANCE_SWEEP_SCHEDULE): per tenant, announce the
 * states the date changed and remind organizations of required documents that expire soon.
 */
export const complianceSweep: () => Promise<TComplianceSweepSummary> = tenantSweep<TComplianceActivities>()(
  'complianceTenants',
  'sweepTenantCompliance',
  { startToCloseTimeout: '5 minutes', maximumInterval: '5 minutes', maximumAttempts: 20 },
);
