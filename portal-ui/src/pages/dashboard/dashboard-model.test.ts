import { describe, expect, it } from 'vitest';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import { hasKey } from '@stageplein/contracts/i18n/index';
import { matchRoute } from '@stageplein/contracts/routes/route-manifest';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import {
  dashboardInternshipsOf,
  dashboardRole,
  dashboardTiles,
  visibleDashboardTiles,
} from './dashboard-model.ts';

const as = (name: string, type: string) =>
  derivePermissions([{ name, resourceType: type, resourceId: 'o' }], { id: 'o' });

describe('dashboard per role', () => {
  it('recognises the demo roles', () => {
    expect(dashboardRole(as('student', 'School'))).toBe('student');
    expect(dashboardRole(as('mentor', 'School'))).toBe('mentor');
    expect(dashboardRole(as('admin', 'School'))).toBe('schoolAdmin');
    expect(dashboardRole(as('admin', 'VolunteerCenter'))).toBe('centerAdmin');
    expect(dashboardRole(as('admin', 'Provider'))).toBe('companyAdmin');
    expect(dashboardRole(as('admin', 'NonProfit'))).toBe('companyAdmin');
    expect(dashboardRole(as('volunteer', 'NonProfit'))).toBe('member');
  });

  it('gives each role what it needs first', () => {
    const paths = (role: Parameters<typeof dashboardTiles>[0], tenant: keyof typeof TENANTS) =>
      dashboardTiles(role, TENANTS[tenant].features).map((t) => t.path);
    expect(paths('student', 'stageplein')[0]).toBe('/stagebank');
    expect(paths('mentor', 'stageplein')[0]).toBe('/internships');
    expect(paths('schoolAdmin', 'stageplein')[0]).toBe('/internships/assign');
    expect(paths('companyAdmin', 'stageplein')[0]).toBe('/vacancies');
  });

  it('follows the tenant switches', () => {
    // Contracts only for traineeship tenants; self-found internships not for match2gether.
    expect(dashboardTiles('student', TENANTS.demo.features).map((t) => t.key)).toContain('contracts');
    expect(dashboardTiles('student', TENANTS.stageplein.features).map((t) => t.key)).not.toContain(
      'contracts',
    );
    expect(dashboardTiles('student', TENANTS.match2gether.features).map((t) => t.key)).not.toContain(
      'selfFound',
    );
    expect(dashboardTiles('student', TENANTS.stageplein.features).map((t) => t.key)).toContain('selfFound');
  });

  it('links only to known routes with translated titles', () => {
    for (const role of [
      'student',
      'mentor',
      'schoolAdmin',
      'centerAdmin',
      'companyAdmin',
      'member',
    ] as const) {
      for (const tile of dashboardTiles(role, TENANTS.demo.features)) {
        expect(matchRoute(tile.path), tile.path).toBeDefined();
        expect(hasKey(tile.titleKey), tile.titleKey).toBe(true);
        expect(hasKey(`portal.dashboard.tiles.${tile.key}`), tile.key).toBe(true);
      }
    }
  });

  it('shows only tiles whose screen exists, and everyone’s own pages', () => {
    const built = new Set(['/users', '/importeren/csv', '/profile-edit', '/instellingen']);
    const keys = (role: Parameters<typeof dashboardTiles>[0]) =>
      visibleDashboardTiles(role, TENANTS.demo.features, (p) => built.has(p)).map((t) => t.key);
    expect(keys('schoolAdmin')).toEqual(['users', 'import', 'profile', 'settings']);
    // A mentor's screens are not built yet: their own pages remain, nothing blank.
    expect(keys('mentor')).toEqual(['profile', 'settings']);
    expect(keys('student')).toEqual(['profile', 'settings']);
  });

  it('leads a school admin to their students’ internships, not a centre’s admin', () => {
    const paths = (role: Parameters<typeof dashboardTiles>[0]) =>
      dashboardTiles(role, TENANTS.stageplein.features).map((t) => t.path);
    expect(paths('schoolAdmin')).toContain('/internships');
    expect(paths('centerAdmin')).not.toContain('/internships');
  });

  it('lists the internships of students, companies and schools', () => {
    expect(dashboardInternshipsOf('student')).toBe('student');
    expect(dashboardInternshipsOf('companyAdmin')).toBe('organization');
    expect(dashboardInternshipsOf('schoolAdmin')).toBe('school');
    expect(dashboardInternshipsOf('mentor')).toBe('school');
    expect(dashboardInternshipsOf('member')).toBeUndefined();
  });
});
