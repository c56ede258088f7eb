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
