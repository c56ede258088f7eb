import { SHAPE_RADIUS } from '@stageplein/contracts/tenants/theme';
import type { TThemeConfig } from '@stageplein/contracts/tenants/tenant.types';
import { accessibleShade, readableTextOn, WHITE } from './contrast.ts';

/**
 * Every CSS custom property the portal uses: the tenant theme's own (`--color-primary-500`,
 * `--font-sans`, …) plus derived ones that keep text readable whatever the tenant's colours
 * (WCAG AA): button fill/text, link colour, footer text.
 */
export function portalCssVariables(theme: TThemeConfig): Record<string, string> {
  const { colors } = theme;
  const text = colors.neutral['900'];
  const primaryBg = accessibleShade(colors.primary, WHITE);
  const primaryBgHover = accessibleShade(colors.primary, WHITE, ['800', '900', '950']);
  const neutralBg = colors.neutral['900'];
  return {
    ...theme.cssVariables,
    '--color-text': text,
    '--color-text-muted': accessibleShade(colors.neutral, theme.background, ['600', '700', '800', '900']),
    '--color-link': accessibleShade(colors.primary, theme.background, ['700', '800', '900', '950']),
    '--color-footer-text': readableTextOn(theme.footer, colors.neutral['950']),
    '--color-button-primary-bg': primaryBg,
    '--color-button-primary-bg-hover': primaryBgHover === primaryBg ? colors.primary['950'] : primaryBgHover,
    '--color-button-primary-text': readableTextOn(primaryBg, colors.neutral['950']),
    '--color-button-neutral-bg': neutralBg,
    '--color-button-neutral-text': readableTextOn(neutralBg, colors.neutral['950']),
    '--color-focus': colors.secondary['600'],
    '--radius-button': SHAPE_RADIUS[theme.button.shape],
  };
}

/** Writes the variables onto an element's inline style (`:root` for the portal). */
export function applyCssVariables(element: HTMLElement, vars: Record<string, string>): void {
  for (const [name, value] of Object.entries(vars)) element.style.setProperty(name, value);
}
