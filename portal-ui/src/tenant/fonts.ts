import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/albert-sans/wght.css';
import '@fontsource/caprasimo/400.css';
import { fontsToLoad } from '@stageplein/contracts/client/theme-fonts';
import type { TThemeConfig } from '@stageplein/contracts/tenants/tenant.types';

/**
 * The @fontsource stylesheets are part of the portal's CSS (their @font-face rules cost no download
 * until a font is used). At start-up the tenant's fonts are asked for at once, so their files load
 * while the app renders; which fonts a theme needs is the shared rule of contracts/client/theme-fonts.
 */
export function loadThemeFonts(theme: Pick<TThemeConfig, 'fonts'>): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  return Promise.all(
    fontsToLoad(theme).map((name) => document.fonts.load(`1em "${name}"`).catch(() => undefined)),
  ).then(() => undefined);
}
