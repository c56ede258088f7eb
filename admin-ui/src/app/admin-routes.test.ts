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
    // The mailbox is for platform operators (admins of an approved VolunteerCenter) only.
    const all = sections.map((s) => s.path);
    expect(paths(as('admin', 'School'))).toEqual(all.filter((p) => p !== '/admin/mailbox'));
    expect(paths(as('admin', 'VolunteerCenter'))).toContain('/admin/mailbox');
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
    // Content: admins of an approved School or VolunteerCenter (contracts/content/content-policy.ts).
    const content = [
      '/content',
      '/content/news',
      '/content/menu-items',
      '/content/file-upload',
      '/content/stock-images',
      '/content/forms',
    ];
    expect(paths(as('admin', 'School'))).toEqual(expect.arrayContaining(content));
    expect(paths(as('admin', 'VolunteerCenter'))).toEqual(expect.arrayContaining(content));
    const pendingSchool = adminPermissions(
      { id: 'u', roles: [{ name: 'admin', resourceType: 'School', resourceId: 'o' }] },
      { ...org('School'), status: 'pending' },
    );
    expect(visibleSections(sections, pendingSchool).filter((s) => content.includes(s.path))).toEqual([]);
    expect(visibleSections(sections, undefined)).toEqual([]);
  });
});
