import { type Generated } from 'kysely';
import type { TOrganizationType, TRoleName } from '@stageplein/contracts/identity/roles';

/** Spec §3 Role: scoped to one organization, whose type is kept here (organizations owns the rest). */
export interface TRolesTable {
  id: Generated<string>;
  tenant_id: string;
  user_id: string;
  name: TRoleName;
  resource_type: TOrganizationType;
  resource_id: string;
  created_at: Date;
}
