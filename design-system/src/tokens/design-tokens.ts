import type { ThemeOptions } from '@mui/material/styles';
import type { TThemeConfig } from '@stageplein/contracts/tenants/tenant.types';
import { portalCssVariables, type TThemeMode } from '@stageplein/contracts/tenants/theme-css-variables';
import { muiThemeOptions } from './mui-theme.ts';

export type { TThemeMode } from '@stageplein/contracts/tenants/theme-css-variables';

export interface TDesignTokens {
  mode: TThemeMode;
  /** The portal's CSS custom properties (`--color-*`, `--font-*`, `--radius-*`) for `:root`. */
  cssVariables: Record<string, string>;
  /** The back office's MUI theme options (palette, typography, shape, component overrides). */
  muiThemeOptions: ThemeOptions;
}

/**
 * The one source of both front ends' look (issue #13): the tenant theme of contracts (11-shade
 * colours, fonts, shape, the spec §9 defaults) in one colour mode → the portal's CSS variables and
 * the back office's MUI theme. Both derive their readable shades with the same contrast rules
 * (contracts/src/tenants/contrast.ts), light and dark. Pure; the MUI import is a type only, so the portal bundles
 * no MUI.
 */
export function designTokens(theme: TThemeConfig, mode: TThemeMode = 'light'): TDesignTokens {
  return {
    mode,
    cssVariables: portalCssVariables(theme, mode),
    muiThemeOptions: muiThemeOptions(theme, mode),
  };
}
