import { opensAdminSections } from '@stageplein/contracts/identity/permissions';
import type { TRoute } from '@stageplein/contracts/routes/route.types';
import { canAccess, isOperator, type TAdminAction, type TAdminPermissions } from '../providers/access.ts';
import { adminPath } from './paths.ts';

/**
 * The admin's sections for the menu and dashboard: its manifest rows that are list-like entry
 * points (no parameters, not an "add" form, not the home itself), in manifest order.
 */
export function adminSections(routes: readonly TRoute[]): TRoute[] {
  return routes.filter(
    (r) =>
      r.owner === 'admin' && !r.path.includes(':') && !r.path.endsWith('/add') && r.path !== adminPath.home,
  );
}

/** What a section needs: its resource and action (providers/access.ts). */
const SECTION_ACCESS: Record<string, [string, TAdminAction]> = {
  '/users': ['users', 'list'],
  '/groups': ['groups', 'list'],
  '/levels': ['levels', 'list'],
  '/tags': ['tags', 'list'],
  '/school_years': ['school_years', 'list'],
  '/internship_periods': ['internship_periods', 'list'],
  '/organizations': ['organizations', 'list'],
  '/organizations/approve': ['organizations', 'approve'],
  '/mentorships': ['mentorships', 'list'],
  '/compliance_documents': ['compliance_documents', 'list'],
  '/compliance_requirements': ['compliance_requirements', 'list'],
  '/content': ['pages', 'list'],
  '/content/news': ['news', 'list'],
  '/content/menu-items': ['menu_items', 'list'],
  '/content/file-upload': ['uploads', 'list'],
  '/content/stock-images': ['stock_images', 'list'],
  '/content/forms': ['forms', 'list'],
  '/admin/vacancies': ['vacancies', 'list'],
  '/admin/workflows': ['workflow_definitions', 'list'],
  '/notification_templates': ['notification_templates', 'list'],
  '/education_sso_federations': ['education_sso_federations', 'list'],
};

/** The sections this user may open; the data viewer (not built yet) is for admins. */
export function visibleSections(
  sections: readonly TRoute[],
  permissions: TAdminPermissions | undefined,
): TRoute[] {
  return sections.filter((section) => {
    if (section.path === adminPath.mailbox) return isOperator(permissions);
    const access = SECTION_ACCESS[section.path];
    if (access) return canAccess(permissions, access[0], access[1]);
    return opensAdminSections(permissions);
  });
}
