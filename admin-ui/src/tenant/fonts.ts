import type { TThemeConfig } from '@stageplein/contracts/tenants/tenant.types';

/**
 * Self-hosted fonts (no font CDN): each loader pulls in a @fontsource stylesheet whose @font-face
 * rules point at font files Vite bundles. Only the tenant's fonts are loaded. A theme font without
 * a loader falls back to the system stack of `--font-sans` / `--font-heading`.
 */
const FONT_LOADERS: Readonly<Record<string, () => Promise<unknown>>> = {
  'Inter Variable': () => import('@fontsource-variable/inter/wght.css'),
  'Albert Sans Variable': () => import('@fontsource-variable/albert-sans/wght.css'),
  Caprasimo: () => import('@fontsource/caprasimo/400.css'),
};

export function knownFont(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(FONT_LOADERS, name);
}

/** The distinct theme fonts that have a bundled loader, body font first. */
export function fontsToLoad(theme: Pick<TThemeConfig, 'fonts'>): string[] {
  return [...new Set([theme.fonts.sans, theme.fonts.heading])].filter(knownFont);
}

/** Starts loading the tenant's fonts; a failure only means the fallback stack is used. */
export function loadThemeFonts(theme: Pick<TThemeConfig, 'fonts'>): Promise<void> {
  return Promise.all(fontsToLoad(theme).map((name) => FONT_LOADERS[name]!().catch(() => undefined))).then(
    () => undefined,
  );
}
