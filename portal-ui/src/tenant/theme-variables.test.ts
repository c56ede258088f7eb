import { describe, expect, it } from 'vitest';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import { contrastRatio } from './contrast.ts';
import { portalCssVariables } from './theme-variables.ts';

describe('portalCssVariables', () => {
  it('keeps every theme variable and adds the derived ones', () => {
    for (const tenant of TENANT_LIST) {
      const vars = portalCssVariables(tenant.theme);
      for (const [name, value] of Object.entries(tenant.theme.cssVariables)) expect(vars[name]).toBe(value);
      expect(vars['--radius-button']).toBe('9999px');
      expect(vars['--color-footer']).toBe(tenant.theme.footer);
    }
  });

  it('gives every tenant AA contrast for button, link, muted and footer text', () => {
    for (const tenant of TENANT_LIST) {
      const v = portalCssVariables(tenant.theme);
      const pairs: Array<[string, string, string]> = [
        ['primary button', v['--color-button-primary-text']!, v['--color-button-primary-bg']!],
        ['primary button hover', v['--color-button-primary-text']!, v['--color-button-primary-bg-hover']!],
        ['neutral button', v['--color-button-neutral-text']!, v['--color-button-neutral-bg']!],
        ['link', v['--color-link']!, tenant.theme.background],
        ['muted text', v['--color-text-muted']!, tenant.theme.background],
        ['body text', v['--color-text']!, tenant.theme.background],
        ['footer', v['--color-footer-text']!, tenant.theme.footer],
      ];
      for (const [what, fg, bg] of pairs) {
        expect(contrastRatio(fg, bg), `${tenant.id} ${what} ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('uses a primary shade for the primary button (the theme colour stays visible)', () => {
    for (const tenant of TENANT_LIST) {
      const bg = portalCssVariables(tenant.theme)['--color-button-primary-bg'];
      expect(Object.values(tenant.theme.colors.primary)).toContain(bg);
    }
  });
});
