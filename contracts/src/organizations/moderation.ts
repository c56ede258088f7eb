import type { TPermissions } from '../identity/permissions.ts';
import { ORGANIZATION_TYPES, type TOrganizationType } from '../identity/roles.ts';
import type { TOrganizationStatus } from './organizations.ts';

/** The caller's current organization as the organizations service knows it. */
export interface TCurrentOrganizationFacts {
  id: string;
  type: TOrganizationType;
  status: TOrganizationStatus;
}

/**
 * Who moderates which organizations of the tenant (approve, deny, archive, edit, create): admins of
 * an approved VolunteerCenter — the platform operators — every type; admins of an approved School
 * the NonProfits and Providers their students go to. Nobody moderates their own organization.
 * Pure, so the admin UI offers exactly what the server allows (docs/decisions/organizations.md).
 */
export function moderatedTypes(
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
): readonly TOrganizationType[] {
  if (!current || current.status !== 'approved') return [];
  if (isPlatformOperator(permissions, current)) return ORGANIZATION_TYPES;
  if (permissions.isSchoolAdmin && current.type === 'School') return ['NonProfit', 'Provider'];
  return [];
}

export function moderates(
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
  target: { id: string; type: TOrganizationType },
): boolean {
  return !!current && current.id !== target.id && moderatedTypes(permissions, current).includes(target.type);
}

/**
 * The tenant's platform operators: admins acting for an approved VolunteerCenter. They moderate every
 * type and read the tenant's audit log (`GET /api/v1/audit_log_entries`).
 */
export function isPlatformOperator(
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
): boolean {
  return (
    permissions.isVolunteerCenterAdmin && current?.type === 'VolunteerCenter' && current.status === 'approved'
  );
}
