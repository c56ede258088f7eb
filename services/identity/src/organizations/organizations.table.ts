import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';

/**
 * Identity's read model of the organizations service's organizations: what users' `include=organizations`
 * shows (name, status, type), fed by organizations' events (organizations.consumer.ts). `event_time` is
 * the time of the newest event applied, so an older event arriving late changes nothing; a deleted
 * organization stays as a tombstone (`deleted`) for the same reason.
 */
export interface TOrganizationsTable {
  id: string;
  tenant_id: string;
  organization_type: TOrganizationType;
  name: string;
  status: TOrganizationStatus;
  deleted: boolean;
  event_time: Date;
}
