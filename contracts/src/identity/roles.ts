import { z } from 'zod';

/** Spec §3 Role.name. */
export const ROLE_NAMES = ['admin', 'volunteer', 'student', 'mentor'] as const;
export type TRoleName = (typeof ROLE_NAMES)[number];
export const ZRoleName = z.enum(ROLE_NAMES);

/** Spec §1/§3: organization types, also the resource type of a role. */
export const ORGANIZATION_TYPES = ['School', 'VolunteerCenter', 'NonProfit', 'Provider'] as const;
export type TOrganizationType = (typeof ORGANIZATION_TYPES)[number];
export const ZOrganizationType = z.enum(ORGANIZATION_TYPES);

/** A role as the front ends read it (camelCase, spec §3): scoped to one organization. */
export interface TRoleRef {
  name: string;
  resourceType: string;
  resourceId: string | number;
}

/**
 * Rank used where the product must compare roles ("never impersonate a user with an equal or higher
 * role"): admin above mentor above student and volunteer. No role ranks 0.
 */
export const ROLE_RANK: Readonly<Record<TRoleName, number>> = Object.freeze({
  admin: 3,
  mentor: 2,
  student: 1,
  volunteer: 1,
});

export function highestRank(roles: readonly Pick<TRoleRef, 'name'>[]): number {
  return roles.reduce((max, r) => Math.max(max, ROLE_RANK[r.name as TRoleName] ?? 0), 0);
}
