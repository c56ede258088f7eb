import { describe, expect, it } from 'vitest';
import { routesFor } from '@stageplein/contracts/routes/route-manifest';
import { hasKey } from '@stageplein/contracts/i18n/index';
import { adminPermissions } from '../providers/access.ts';
import { adminSections, visibleSections } from './admin-routes.ts';

describe('adminSections', () => {
  const sections = adminSections(routesFor('admin'));

  it('lists the admin entry points of the manifest', () => {
    const paths = sections.map((s) => s.path);
    expect(paths).toContain('/users');
    expect(paths).toContain('/organizations/approve');
    expect(paths).toContain('/admin/data-viewer');
    expect(paths).toContain('/school_years');
    expect(paths).not.toContain('/beheer');
    expect(paths.some((p) => p.includes(':') || p.endsWith('/add'))).toBe(false);
  });

  it('only holds admin rows with a title in both languages', () => {
    for (const section of sections) {
      expect(section.owner).toBe('admin');
      expect(hasKey(section.titleKey), section.titleKey).toBe(true);
    }
  });

  it('shows each user the sections they may open', () => {
    const org = (type: string) => ({ id: 'o', type, status: 'approved', name: 'O', roles: [] });
    const as = (name: string, type: string) =>
      adminPermissions({ id: 'u', roles: [{ name, resourceType: type, resourceId: 'o' }] }, org(type));
    const paths = (p: ReturnType<typeof as>) => visibleSections(sections, p).map((s) => s.path);
    // The mailbox and the site's content are for platform operators (admins of an approved
    // VolunteerCenter) only; a School's admin has its own forms but no documents of others.
    const all = sections.map((s) => s.path);
    const operatorsOnly = [
      '/admin/mailbox',
      '/content',
      '/content/news',
      '/content/menu-items',
      '/content/file-upload',
      '/content/stock-images',
      '/compliance_documents',
      // The tenant's registration at the education federation.
      '/education_sso_federations',
    ];
    expect(paths(as('admin', 'School'))).toEqual(all.filter((p) => !operatorsOnly.includes(p)));
    expect(paths(as('admin', 'VolunteerCenter'))).toEqual(expect.arrayContaining(operatorsOnly));
    expect(paths(as('mentor', 'School'))).toEqual([
      '/users',
      '/groups',
      '/levels',
      '/tags',
      '/school_years',
      '/internship_periods',
      '/organizations',
      '/mentorships',
    ]);
    expect(paths(as('admin', 'Provider'))).toEqual([
      '/users',
      '/levels',
      '/tags',
      '/school_years',
      '/admin/data-viewer',
      // Its own vacancies (contracts/placements/vacancy-policy.ts).
      '/admin/vacancies',
      '/internship_periods',
      '/organizations',
      // Its own compliance documents (VOG, insurance); the required kinds are the schools' screen.
      '/compliance_documents',
    ]);
    expect(paths(as('student', 'School'))).toEqual([]);
    // Content: the content editors (contracts/content/content-policy.ts); forms: a School's admins too.
    const content = [
      '/content',
      '/content/news',
      '/content/menu-items',
      '/content/file-upload',
      '/content/stock-images',
      '/content/forms',
    ];
    expect(paths(as('admin', 'VolunteerCenter'))).toEqual(expect.arrayContaining(content));
    expect(paths(as('admin', 'School'))).toContain('/content/forms');
    const pendingSchool = adminPermissions(
      { id: 'u', roles: [{ name: 'admin', resourceType: 'School', resourceId: 'o' }] },
      { ...org('School'), status: 'pending' },
    );
    expect(visibleSections(sections, pendingSchool).filter((s) => content.includes(s.path))).toEqual([]);
    expect(visibleSections(sections, undefined)).toEqual([]);
  });
});
