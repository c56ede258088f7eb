import { describe, expect, it } from 'vitest';
import { derivePermissions } from '../identity/permissions.ts';
import type { TOrganizationType } from '../identity/roles.ts';
import type { TOrganizationStatus } from '../organizations/organizations.ts';
import { creatableFormPurposes } from '../forms/forms-api.ts';
import { editsContent, formScope, uploadInScope, uploadScope, usableVacancyImage } from './content-policy.ts';
import { isUsablePageSlug, pagePath } from './page-slugs.ts';

const as = (name: string, type: TOrganizationType, status: TOrganizationStatus = 'approved') => {
  const org = { id: 'o1', type, status };
  return editsContent(derivePermissions([{ name, resourceType: type, resourceId: 'o1' }], org), org);
};

describe('who edits a tenant’s content', () => {
  it('the platform operators: admins of an approved VolunteerCenter', () => {
    expect(as('admin', 'VolunteerCenter')).toBe(true);
  });

  it('not a School’s admin (issue #31 item 7: the site is the tenant’s, a school has its own forms)', () => {
    expect(as('admin', 'School')).toBe(false);
  });

  it('not while the organization is pending, denied or archived', () => {
    for (const status of ['pending', 'denied', 'archived'] as const)
      expect(as('admin', 'VolunteerCenter', status)).toBe(false);
  });

  it('nobody else', () => {
    expect(as('admin', 'Provider')).toBe(false);
    expect(as('admin', 'NonProfit')).toBe(false);
    expect(as('mentor', 'School')).toBe(false);
    expect(as('student', 'School')).toBe(false);
    expect(editsContent(derivePermissions([], null), null)).toBe(false);
  });
});

describe('page slugs', () => {
  it('a page lives at /<slug>, the home page at /', () => {
    expect(pagePath('over-ons')).toBe('/over-ons');
    expect(pagePath('home')).toBe('/');
  });

  it('a slug that a screen of its own answers is not usable; the CMS catch-all ones are', () => {
    expect(['inloggen', 'nieuws', 'content', 'stagebank', 'toegankelijkheid'].map(isUsablePageSlug)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['over-ons', 'home', 'privacyverklaring', 'zomerstages'].map(isUsablePageSlug)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});

describe('whose uploads a caller manages, and which image a vacancy may show', () => {
  const scope = (name: string, type: TOrganizationType, status: TOrganizationStatus = 'approved') => {
    const org = { id: 'o1', type, status };
    return uploadScope(derivePermissions([{ name, resourceType: type, resourceId: 'o1' }], org), org);
  };

  it('content editors the tenant’s, other admins their organization’s, others none', () => {
    expect(scope('admin', 'VolunteerCenter')).toEqual({ kind: 'tenant' });
    expect(scope('admin', 'School')).toEqual({ kind: 'organization', organizationId: 'o1' });
    expect(scope('admin', 'Provider')).toEqual({ kind: 'organization', organizationId: 'o1' });
    expect(scope('admin', 'School', 'pending')).toEqual({ kind: 'organization', organizationId: 'o1' });
    expect(scope('mentor', 'School')).toBeNull();
    expect(scope('student', 'School')).toBeNull();
    expect(uploadScope(derivePermissions([], null), null)).toBeNull();
    expect(uploadInScope({ kind: 'organization', organizationId: 'o1' }, 'o2')).toBe(false);
    expect(uploadInScope({ kind: 'organization', organizationId: 'o1' }, null)).toBe(false);
    expect(uploadInScope({ kind: 'tenant' }, 'o2')).toBe(true);
  });

  it('whose forms: content editors every form, an approved School’s admins their School’s, others none', () => {
    const forms = (name: string, type: TOrganizationType, status: TOrganizationStatus = 'approved') => {
      const org = { id: 'o1', type, status };
      return formScope(derivePermissions([{ name, resourceType: type, resourceId: 'o1' }], org), org);
    };
    expect(forms('admin', 'VolunteerCenter')).toEqual({ kind: 'tenant' });
    expect(forms('admin', 'School')).toEqual({ kind: 'organization', organizationId: 'o1' });
    expect(forms('admin', 'School', 'pending')).toBeNull();
    expect(forms('admin', 'Provider')).toBeNull();
    expect(forms('mentor', 'School')).toBeNull();
    expect(creatableFormPurposes({ kind: 'tenant' })).toEqual(['general', 'evaluation', 'assignment']);
    expect(creatableFormPurposes({ kind: 'organization', organizationId: 'o1' })).toEqual(['general']);
  });

  it('a stock image or the organization’s own upload, never another’s or a deleted one', () => {
    expect(usableVacancyImage({ organizationId: null, stock: true, deleted: false }, 'o1')).toBe(true);
    expect(usableVacancyImage({ organizationId: 'o1', stock: false, deleted: false }, 'o1')).toBe(true);
    expect(usableVacancyImage({ organizationId: 'o2', stock: false, deleted: false }, 'o1')).toBe(false);
    expect(usableVacancyImage({ organizationId: null, stock: false, deleted: false }, 'o1')).toBe(false);
    expect(usableVacancyImage({ organizationId: 'o1', stock: false, deleted: true }, 'o1')).toBe(false);
    expect(usableVacancyImage(null, 'o1')).toBe(false);
  });
});
