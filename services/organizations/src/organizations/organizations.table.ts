import { type Generated } from 'kysely';
import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';

/**
 * Spec §3 Organization with its profile. The profile is 1:1 and always written with the organization,
 * so it lives in the same row (no join on every list); on the wire it is its own `profile` resource.
 */
export interface TOrganizationsTable {
  id: Generated<string>;
  tenant_id: string;
  type: TOrganizationType;
  status: TOrganizationStatus;
  name: string;
  /** The School or VolunteerCenter it falls under (moved only with MOVE_ORGANIZATIONS). */
  parent_id: string | null;
  description: string | null;
  website: string | null;
  city: string | null;
  address: string | null;
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  email: string | null;
  logo_url: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  status_changed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
