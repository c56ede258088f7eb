import type { TPermissions } from '../identity/permissions.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';

/**
 * Who edits a tenant's public content — pages, menus, news and the messages file (docs/decisions/
 * content.md): the admins of the tenant's approved School or VolunteerCenter, acting for it (spec §6
 * "school-or-center admin"; spec §9 preselects exactly these two types). A pending organization's
 * applicant is an admin too, so the organization must be approved. Everyone reads published content.
 */
export function editsContent(
  permissions: TPermissions,
  current: Pick<TCurrentOrganizationFacts, 'id' | 'type' | 'status'> | null | undefined,
): boolean {
  if (!current || current.status !== 'approved') return false;
  return (
    (permissions.isSchoolAdmin && current.type === 'School') ||
    (permissions.isVolunteerCenterAdmin && current.type === 'VolunteerCenter')
  );
}

/**
 * Whose uploads a caller manages (docs/decisions/content.md, "Uploads of organization admins"): content
 * editors all of the tenant's (their own uploads belong to the tenant: `organizationId` null); any other
 * admin acting for an organization only that organization's (ownership, whatever its status: a pending
 * organization writes vacancy drafts with images); everyone else none.
 */
export type TUploadScope = { kind: 'tenant' } | { kind: 'organization'; organizationId: string };

export function uploadScope(
  permissions: TPermissions,
  current: Pick<TCurrentOrganizationFacts, 'id' | 'type' | 'status'> | null | undefined,
): TUploadScope | null {
  if (editsContent(permissions, current)) return { kind: 'tenant' };
  if (permissions.isAdmin && current) return { kind: 'organization', organizationId: current.id };
  return null;
}

/** Whether an upload (its owning organization, null for the tenant's) is within the scope. */
export const uploadInScope = (scope: TUploadScope, organizationId: string | null): boolean =>
  scope.kind === 'tenant' || scope.organizationId === organizationId;

/** An image as a vacancy sees it: content's upload, whether it is in the stock library, who owns it. */
export interface TVacancyImageFacts {
  organizationId: string | null;
  stock: boolean;
  deleted: boolean;
}

/**
 * A vacancy shows one of the tenant's stock images or an image its own organization uploaded — never
 * another organization's upload or a deleted one (placements checks it; the editors offer only these).
 */
export const usableVacancyImage = (image: TVacancyImageFacts | null | undefined, organizationId: string) =>
  !!image && !image.deleted && (image.stock || image.organizationId === organizationId);
