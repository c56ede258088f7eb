import type { TRoleRef } from '../identity/roles.ts';
import {
  preselectOrganization,
  type TSelectableOrganization,
} from '../organizations/current-organization.ts';

// The spec's preselection rule has one implementation, next to the order the server lists in
// (contracts/organizations/current-organization.ts); the front ends reach it through this module.
export {
  PRESELECTED_ORGANIZATION_TYPES,
  preselectOrganization,
} from '../organizations/current-organization.ts';

/** What the front ends need of an organization to select it. */
export type TOrganizationRef = TSelectableOrganization;

export interface TOrganizationSelection<O> {
  /** The stored choice after reconciling: cleared when it is no longer in the list or the user left. */
  selectedId: string | undefined;
  /** The organization in effect: the stored choice, else the preselection. */
  current: O | undefined;
}

/**
 * Spec §4 current organization: a selection no longer in the list is cleared, everything resets
 * when the user disappears, and without a (valid) selection the preselection applies.
 */
export function reconcileOrganizationSelection<O extends TOrganizationRef>(
  selectedId: string | null | undefined,
  organizations: readonly O[] | undefined,
  hasUser: boolean,
): TOrganizationSelection<O> {
  if (!hasUser || !organizations) return { selectedId: undefined, current: undefined };
  const selected = selectedId ? organizations.find((o) => o.id === selectedId) : undefined;
  if (selected) return { selectedId: selected.id, current: selected };
  return { selectedId: undefined, current: preselectOrganization(organizations) };
}

/**
 * The user's organizations as far as their roles tell (one per distinct resource, in role order),
 * used until the organizations service answers `GET /api/v1/current_organizations`.
 */
export function organizationsFromRoles(roles: readonly TRoleRef[]): TOrganizationRef[] {
  const seen = new Map<string, TOrganizationRef>();
  for (const role of roles) {
    const id = String(role.resourceId);
    if (!seen.has(id)) seen.set(id, { id, type: role.resourceType });
  }
  return [...seen.values()];
}
