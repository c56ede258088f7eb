import type { TOrganizationType, TRoleRef } from '../identity/roles.ts';

/** Spec §9: organization types preselected as the current organization (the first of either type). */
export const PRESELECTED_ORGANIZATION_TYPES: readonly TOrganizationType[] = Object.freeze([
  'School',
  'VolunteerCenter',
]);

/** What the front ends need of an organization to select it. */
export interface TOrganizationRef {
  id: string;
  type?: string | null;
  name?: string | null;
}

/**
 * Spec §4: the first organization of type School or VolunteerCenter, else the first organization;
 * undefined for an empty list. ("The first" is list order, whichever of the two types it has.)
 */
export function preselectOrganization<O extends TOrganizationRef>(
  organizations: readonly O[],
): O | undefined {
  const preferred = organizations.find((o) =>
    (PRESELECTED_ORGANIZATION_TYPES as readonly (string | null | undefined)[]).includes(o.type),
  );
  return preferred ?? organizations[0];
}

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
