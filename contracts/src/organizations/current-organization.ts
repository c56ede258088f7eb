import type { TOrganizationType } from '../identity/roles.ts';

/** Spec §9: the organization types preselected as the current organization. */
export const PRESELECTED_ORGANIZATION_TYPES: readonly TOrganizationType[] = Object.freeze([
  'School',
  'VolunteerCenter',
]);

/** What selecting needs of an organization: its id and its type (the JSON:API `type`). */
export interface TSelectableOrganization {
  id: string;
  type?: string | null;
  name?: string | null;
}

/**
 * Spec §4: the first organization of type School or VolunteerCenter, else the first organization;
 * undefined for an empty list. "First" is list order: `GET /api/v1/current_organizations` answers in
 * `compareCurrentOrganizations` order, so server and both front ends pick the same one.
 */
export function preselectOrganization<O extends TSelectableOrganization>(
  organizations: readonly O[],
): O | undefined {
  const preferred = organizations.find((o) =>
    (PRESELECTED_ORGANIZATION_TYPES as readonly (string | null | undefined)[]).includes(o.type),
  );
  return preferred ?? organizations[0];
}

const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

/** The order of the current-organization list: by name (Dutch collation), then id for equal names. */
export function compareCurrentOrganizations(a: TSelectableOrganization, b: TSelectableOrganization): number {
  return collator.compare(a.name ?? '', b.name ?? '') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
