import { SHAPE_RADIUS } from './theme.ts';
import type { TShadeScale, TThemeColorName, TThemeConfig } from './tenant.types.ts';
import { AA_NORMAL_TEXT, accessibleShade, contrastRatio, readableTextOn, WHITE } from './contrast.ts';

export type TThemeMode = 'light' | 'dark';

/** The tinted colours of alerts and toasts, per status colour. */
const STATUS_COLORS: readonly TThemeColorName[] = ['success', 'error', 'warning', 'info'];

/** The first shade that reaches AA against `against`, lightest-first (for dark backgrounds). */
function lightShadeOn(scale: TShadeScale, against: string): string {
  return accessibleShade(scale, against, ['400', '300', '200', '100', '50'], AA_NORMAL_TEXT);
}

/**
 * Every CSS custom property the portal uses: the tenant theme's own (`--color-primary-500`,
 * `--font-sans`, …) plus semantic ones per colour mode that keep text readable whatever the
 * tenant's colours (WCAG AA): surfaces, text, links, buttons, footer, status tints, loading bar.
 */
export function portalCssVariables(theme: TThemeConfig, mode: TThemeMode = 'light'): Record<string, string> {
  const { colors } = theme;
  const n = colors.neutral;
  const dark = mode === 'dark';
  const background = dark ? n['950'] : theme.background;
  const surface = dark ? n['900'] : WHITE;
  const text = dark ? n['50'] : n['900'];
  const primaryBg = accessibleShade(colors.primary, WHITE);
  const primaryBgHover = accessibleShade(colors.primary, WHITE, ['800', '900', '950']);
  const neutralBg = dark ? n['100'] : n['900'];
  const muted = dark
    ? lightShadeOn(n, surface)
    : accessibleShade(
        n,
        contrastRatio(background, WHITE) < contrastRatio(surface, WHITE) ? background : surface,
        ['600', '700', '800', '900'],
      );
  const link = dark
    ? lightShadeOn(colors.primary, surface)
    : accessibleShade(colors.primary, theme.background, ['700', '800', '900', '950']);

  const vars: Record<string, string> = {
    ...theme.cssVariables,
    '--color-background': background,
    '--color-surface': surface,
    '--color-surface-muted': dark ? n['800'] : n['100'],
    '--color-border': dark ? n['700'] : n['200'],
    '--color-border-strong': dark ? n['400'] : n['500'],
    '--color-text': text,
    '--color-text-muted': muted,
    '--color-link': link,
    '--color-accent': dark ? lightShadeOn(colors.primary, background) : primaryBg,
    '--color-focus': dark ? colors.secondary['400'] : colors.secondary['600'],
    '--color-footer-text': readableTextOn(theme.footer, n['950']),
    '--color-button-primary-bg': primaryBg,
    '--color-button-primary-bg-hover': primaryBgHover === primaryBg ? colors.primary['950'] : primaryBgHover,
    '--color-button-primary-text': readableTextOn(primaryBg, n['950']),
    '--color-button-neutral-bg': neutralBg,
    '--color-button-neutral-bg-hover': dark ? n['300'] : n['700'],
    '--color-button-neutral-text': readableTextOn(neutralBg, n['950']),
    '--color-hero-from': dark ? n['900'] : colors.primary['50'],
    '--color-hero-glow': dark ? n['800'] : colors.secondary['100'],
    '--color-loading-bar': dark ? lightShadeOn(colors.primary, background) : colors.primary['500'],
    '--color-loading-bar-error': dark ? colors.error['400'] : colors.error['600'],
    '--radius-button': SHAPE_RADIUS[theme.button.shape],
  };
  for (const name of STATUS_COLORS) {
    const scale = colors[name];
    const tint = dark ? scale['950'] : scale['50'];
    vars[`--color-${name}-tint`] = tint;
    vars[`--color-${name}-border`] = dark ? scale['700'] : scale['300'];
    vars[`--color-${name}-text`] = dark
      ? lightShadeOn(scale, tint)
      : accessibleShade(scale, tint, ['800', '900', '950']);
    vars[`--color-${name}-icon`] = dark
      ? lightShadeOn(scale, tint)
      : accessibleShade(scale, tint, ['600', '700', '800']);
  }
  return vars;
}

/** Writes the variables onto an element's inline style (`:root` for the portal). */
export function applyCssVariables(element: HTMLElement, vars: Record<string, string>): void {
  for (const [name, value] of Object.entries(vars)) element.style.setProperty(name, value);
}
