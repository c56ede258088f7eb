import type { TThemeConfig } from '../tenants/tenant.types.ts';

/**
 * The theme fonts both apps ship (no font CDN: @fontsource files bundled by Vite). How an app
 * loads them differs (the portal has their @font-face rules in its CSS, the back office imports
 * them on demand); which of a theme's fonts to load is this one rule.
 */
export const BUNDLED_FONTS = ['Inter Variable', 'Albert Sans Variable', 'Caprasimo'] as const;
export type TBundledFont = (typeof BUNDLED_FONTS)[number];

export function knownFont(name: string): name is TBundledFont {
  return (BUNDLED_FONTS as readonly string[]).includes(name);
}

/** The distinct theme fonts that are bundled, body font first; others fall back to the system stack. */
export function fontsToLoad(theme: Pick<TThemeConfig, 'fonts'>): TBundledFont[] {
  return [...new Set([theme.fonts.sans, theme.fonts.heading])].filter(knownFont);
}

/**
 * The start of each font's Latin file name as the portal's build emits it (`<prefix><hash>.woff2`): the
 * gateway preloads the tenant's files from the HTML, so the text paints in the theme's font at once.
 */
export const FONT_FILE_PREFIXES: Record<TBundledFont, string> = {
  'Inter Variable': 'inter-latin-wght-normal-',
  'Albert Sans Variable': 'albert-sans-latin-wght-normal-',
  Caprasimo: 'caprasimo-latin-400-normal-',
};
