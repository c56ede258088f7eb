import type { TComplianceKind } from '@stageplein/contracts/organizations/compliance';

/** An organization's compliance as organizations last announced it. */
export interface TOrganizationComplianceTable {
  organization_id: string;
  tenant_id: string;
  may_publish: boolean;
  /** Required kinds that are missing or expired (they stop publishing). */
  blocking_kinds: TComplianceKind[];
  event_time: Date;
}
