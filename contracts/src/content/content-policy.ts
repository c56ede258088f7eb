import type { TPermissions } from '../identity/permissions.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import { isPlatformOperator } from '../organizations/moderation.ts';

type TCurrent = Pick<TCurrentOrganizationFacts, 'id' | 'type' | 'status'> | null | undefined;

/**
 * The tenant's content editors (docs/decisions/content.md "Who edits"): its platform operators — admins
 * acting for an approved VolunteerCenter (`isPlatformOperator`). They edit pages, menus, news and the
 * messages file, manage every upload and the stock library, read every form and its submissions (the
 * contact form too) and every compliance document. A School's admins are not: the site is the
 * tenant's, and a school sees only its own forms and uploads (`formScope`, `uploadScope`). A named
 * person gets these rights by the admin role on the tenant's VolunteerCenter (spec §6: roles are scoped
 * to an organization; there is no separate editor role). Everyone reads published content.
 */
export function editsContent(permissions: TPermissions, current: TCurrent): boolean {
  return isPlatformOperator(permissions, current);
}

/**
 * What a caller may reach of content that has an owner: the tenant's (content editors: everything) or
 * one organization's (its own rows only). Uploads and forms are owned this way.
 */
export type TContentScope = { kind: 'tenant' } | { kind: 'organization'; organizationId: string };
export type TUploadScope = TContentScope;

/** Whether a row (its owning organization, null for the tenant's) is within the scope. */
export const inContentScope = (scope: TContentScope, organizationId: string | null): boolean =>
  scope.kind === 'tenant' || scope.organizationId === organizationId;
export const uploadInScope = inContentScope;

/**
 * Whose uploads a caller manages (docs/decisions/content.md, "Uploads, stock images and icons"): content
 * editors all of the tenant's (their own uploads belong to the tenant: `organizationId` null); any other
 * admin acting for an organization only that organization's (ownership, whatever its status: a pending
 * organization writes vacancy drafts with images); everyone else none.
 */
export function uploadScope(permissions: TPermissions, current: TCurrent): TContentScope | null {
  if (editsContent(permissions, current)) return { kind: 'tenant' };
  if (permissions.isAdmin && current) return { kind: 'organization', organizationId: current.id };
  return null;
}

/**
 * Whose forms a caller builds and whose submissions and files they read (docs/decisions/forms.md
 * "Who"): content editors every form of the tenant (the contact form, evaluation and assignment forms
 * are the tenant's: `organizationId` null); admins acting for their approved School only the forms
 * their School made; everyone else none.
 */
export function formScope(permissions: TPermissions, current: TCurrent): TContentScope | null {
  if (editsContent(permissions, current)) return { kind: 'tenant' };
  if (permissions.isSchoolAdmin && current?.type === 'School' && current.status === 'approved')
    return { kind: 'organization', organizationId: current.id };
  return null;
}

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
