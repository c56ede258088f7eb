import { describe, expect, it } from 'vitest';
import { createTheme, getContrastRatio } from '@mui/material/styles';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import { AA_NORMAL_TEXT, contrastRatio } from '@stageplein/contracts/tenants/contrast';
import { designTokens } from './design-tokens.ts';

describe('designTokens', () => {
  it('feeds the portal and the back office from the same values, light and dark', () => {
    for (const tenant of TENANT_LIST) {
      for (const mode of ['light', 'dark'] as const) {
        const tokens = designTokens(tenant.theme, mode);
        const { palette, typography } = createTheme(tokens.muiThemeOptions);
        expect(palette.mode).toBe(mode);
        expect(typography.fontFamily).toBe(tokens.cssVariables['--font-sans']);
        if (mode === 'dark') {
          expect(palette.background.default).toBe(tokens.cssVariables['--color-background']);
          expect(palette.background.paper).toBe(tokens.cssVariables['--color-surface']);
          expect(palette.text.primary).toBe(tokens.cssVariables['--color-text']);
        }
      }
    }
  });

  it('keeps text readable (AA) in the back office’s dark mode for every tenant', () => {
    for (const tenant of TENANT_LIST) {
      const { palette } = createTheme(designTokens(tenant.theme, 'dark').muiThemeOptions);
      const paper = palette.background.paper;
      expect(getContrastRatio(palette.text.primary, paper), tenant.id).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
      expect(getContrastRatio(palette.text.secondary, paper), tenant.id).toBeGreaterThanOrEqual(
        AA_NORMAL_TEXT,
      );
      for (const name of ['primary', 'secondary', 'error', 'info', 'success'] as const) {
        const color = palette[name];
        expect(contrastRatio(color.dark, paper), `${tenant.id} ${name} on paper`).toBeGreaterThanOrEqual(
          AA_NORMAL_TEXT,
        );
        expect(
          getContrastRatio(color.contrastText, color.main),
          `${tenant.id} text on ${name}`,
        ).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
      }
    }
  });
});
