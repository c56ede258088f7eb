import { describe, expect, it } from 'vitest';
import { hasKey, translate } from '@stageplein/contracts/i18n/index';
import { routesFor } from '@stageplein/contracts/routes/route-manifest';
import { pageTitle, TENANTS } from '@stageplein/contracts/tenants/tenant-registry';

describe('page titles (spec §1: "{page title} - {app name}")', () => {
  it('formats every portal route title with the tenant’s app name, in both languages', () => {
    for (const route of routesFor('portal')) {
      expect(hasKey(route.titleKey), route.path).toBe(true);
      for (const lang of ['nl', 'en'] as const) {
        const title = translate(lang, route.titleKey);
        expect(pageTitle(title, TENANTS.raayland.appName)).toBe(`${title} - Stageplein Raayland`);
        expect(pageTitle(title, TENANTS.masplein.appName)).toBe(`${title} - Masplein`);
      }
    }
  });

  it('is the bare app name without a page title', () => {
    expect(pageTitle(undefined, 'Stageplein')).toBe('Stageplein');
    expect(pageTitle('  ', 'Stageplein Demo')).toBe('Stageplein Demo');
  });
});
