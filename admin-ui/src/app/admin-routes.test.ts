import { describe, expect, it } from 'vitest';
import { routesFor } from '@stageplein/contracts/routes/route-manifest';
import { hasKey } from '@stageplein/contracts/i18n/index';
import { adminSections } from './admin-routes.ts';

describe('adminSections', () => {
  const sections = adminSections(routesFor('admin'));

  it('lists the admin entry points of the manifest', () => {
    const paths = sections.map((s) => s.path);
    expect(paths).toContain('/users');
    expect(paths).toContain('/organizations/approve');
    expect(paths).toContain('/admin/data-viewer');
    expect(paths.some((p) => p.includes(':') || p.endsWith('/add'))).toBe(false);
  });

  it('only holds admin rows with a title in both languages', () => {
    for (const section of sections) {
      expect(section.owner).toBe('admin');
      expect(hasKey(section.titleKey), section.titleKey).toBe(true);
    }
  });
});
