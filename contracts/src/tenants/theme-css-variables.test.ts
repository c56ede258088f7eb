import { describe, expect, it } from 'vitest';
import { TENANT_LIST } from './tenant-registry.ts';
import { contrastRatio } from './contrast.ts';
import { portalCssVariables, type TThemeMode } from './theme-css-variables.ts';

describe('portalCssVariables', () => {
  it('keeps every theme variable (light mode) and adds the derived ones', () => {
    for (const tenant of TENANT_LIST) {
      const vars = portalCssVariables(tenant.theme);
      for (const [name, value] of Object.entries(tenant.theme.cssVariables)) expect(vars[name]).toBe(value);
      expect(vars['--radius-button']).toBe('9999px');
      expect(vars['--color-footer']).toBe(tenant.theme.footer);
    }
  });

  for (const mode of ['light', 'dark'] as TThemeMode[]) {
    it(`gives every tenant AA contrast for text, links, buttons, footer and tints (${mode})`, () => {
      for (const tenant of TENANT_LIST) {
        const v = portalCssVariables(tenant.theme, mode);
        const bg = v['--color-background']!;
        const surface = v['--color-surface']!;
        const pairs: Array<[string, string, string]> = [
          ['primary button', v['--color-button-primary-text']!, v['--color-button-primary-bg']!],
          ['primary button hover', v['--color-button-primary-text']!, v['--color-button-primary-bg-hover']!],
          ['neutral button', v['--color-button-neutral-text']!, v['--color-button-neutral-bg']!],
          ['link on background', v['--color-link']!, bg],
          ['link on surface', v['--color-link']!, surface],
          ['muted text on background', v['--color-text-muted']!, bg],
          ['muted text on surface', v['--color-text-muted']!, surface],
          ['body text', v['--color-text']!, bg],
          ['body text on muted surface', v['--color-text']!, v['--color-surface-muted']!],
          ['accent on background', v['--color-accent']!, bg],
          ['footer', v['--color-footer-text']!, tenant.theme.footer],
        ];
        for (const status of ['success', 'error', 'warning', 'info']) {
          pairs.push([`${status} text`, v[`--color-${status}-text`]!, v[`--color-${status}-tint`]!]);
          pairs.push([`body on ${status} tint`, v['--color-text']!, v[`--color-${status}-tint`]!]);
        }
        for (const [what, fg, background] of pairs) {
          expect(
            contrastRatio(fg, background),
            `${tenant.id} ${mode} ${what} ${fg} on ${background}`,
          ).toBeGreaterThanOrEqual(4.5);
        }
      }
    });
  }

  it('uses a primary shade for the primary button (the theme colour stays visible)', () => {
    for (const tenant of TENANT_LIST) {
      const bg = portalCssVariables(tenant.theme)['--color-button-primary-bg'];
      expect(Object.values(tenant.theme.colors.primary)).toContain(bg);
    }
  });
});
