import { describe, expect, it } from 'vitest';
import { createTheme, getContrastRatio } from '@mui/material/styles';
import { getTenant, TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import { muiThemeOptions, radiusPx } from './mui-theme.ts';

describe('muiThemeOptions', () => {
  it('maps primary/secondary main to shades 500/600', () => {
    for (const tenant of TENANT_LIST) {
      const theme = createTheme(muiThemeOptions(tenant.theme));
      expect(theme.palette.primary.main).toBe(tenant.theme.colors.primary['500']);
      expect(theme.palette.secondary.main).toBe(tenant.theme.colors.secondary['600']);
      expect(theme.palette.background.default).toBe(tenant.theme.background);
    }
  });

  it('uses the tenant fonts (Inter by default, Albert Sans + Caprasimo for Masplein)', () => {
    const demo = createTheme(muiThemeOptions(getTenant('demo')!.theme));
    expect(demo.typography.fontFamily).toMatch(/^"Inter Variable"/);
    expect(demo.typography.h1.fontFamily).toMatch(/^"Inter Variable"/);
    const masplein = createTheme(muiThemeOptions(getTenant('masplein')!.theme));
    expect(masplein.typography.fontFamily).toMatch(/^"Albert Sans Variable"/);
    expect(masplein.typography.h4.fontFamily).toMatch(/^"Caprasimo"/);
  });

  it('gives AA contrast for text on primary/secondary and for coloured text on white', () => {
    for (const tenant of TENANT_LIST) {
      const { palette } = createTheme(muiThemeOptions(tenant.theme));
      for (const name of ['primary', 'secondary', 'error', 'info', 'success', 'warning'] as const) {
        const color = palette[name];
        expect(
          getContrastRatio(color.contrastText, color.main),
          `${tenant.id} ${name} contrastText`,
        ).toBeGreaterThanOrEqual(4.5);
        expect(
          getContrastRatio(color.dark, '#ffffff'),
          `${tenant.id} ${name} dark on white`,
        ).toBeGreaterThanOrEqual(4.5);
      }
      expect(getContrastRatio(palette.text.secondary, tenant.theme.background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('turns the theme shapes into MUI radii', () => {
    expect(radiusPx('straight')).toBe(0);
    expect(radiusPx('rounded')).toBe(6);
    expect(radiusPx('smooth')).toBe(20);
    expect(radiusPx('full')).toBe(9999);
    const theme = createTheme(muiThemeOptions(getTenant('demo')!.theme));
    expect(theme.shape.borderRadius).toBe(6);
  });

  it('keeps focused and invalid field labels readable on the filled input’s grey, for every tenant', () => {
    for (const tenant of TENANT_LIST) {
      const options = muiThemeOptions(tenant.theme);
      const root = (options.components?.MuiFormLabel?.styleOverrides?.root ?? {}) as Record<
        string,
        { color: string }
      >;
      for (const state of ['&.Mui-focused', '&.Mui-error']) {
        expect(
          getContrastRatio(root[state]!.color, '#e8e8e8'),
          `${tenant.id} ${state}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
