import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/albert-sans/wght.css';
import '@fontsource/caprasimo/400.css';
import type { TThemeConfig } from '@stageplein/contracts/tenants/tenant.types';

/**
 * Self-hosted fonts (no font CDN): the @fontsource stylesheets are part of the app's CSS (their
 * @font-face rules cost no download until a font is used), and the font files are bundled by Vite.
 * At start-up the tenant's fonts are asked for at once, so their files load while the app renders.
 * A theme font without a face here falls back to the system stack of `--font-sans`/`--font-heading`.
 */
const BUNDLED_FONTS: ReadonlySet<string> = new Set(['Inter Variable', 'Albert Sans Variable', 'Caprasimo']);

export function knownFont(name: string): boolean {
  return BUNDLED_FONTS.has(name);
}

/** The distinct theme fonts that are bundled, body font first. */
export function fontsToLoad(theme: Pick<TThemeConfig, 'fonts'>): string[] {
  return [...new Set([theme.fonts.sans, theme.fonts.heading])].filter(knownFont);
}

/** Starts loading the tenant's fonts; a failure only means the fallback stack is used. */
export function loadThemeFonts(theme: Pick<TThemeConfig, 'fonts'>): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  return Promise.all(
    fontsToLoad(theme).map((name) => document.fonts.load(`1em "${name}"`).catch(() => undefined)),
  ).then(() => undefined);
}
