import { fontsToLoad, type TBundledFont } from '@stageplein/contracts/client/theme-fonts';
import type { TThemeConfig } from '@stageplein/contracts/tenants/tenant.types';

/**
 * Each loader pulls in a @fontsource stylesheet on demand, so the back office only downloads the
 * tenant's fonts; which fonts a theme needs is the shared rule of contracts/client/theme-fonts.
 */
const FONT_LOADERS: Readonly<Record<TBundledFont, () => Promise<unknown>>> = {
  'Inter Variable': () => import('@fontsource-variable/inter/wght.css'),
  'Albert Sans Variable': () => import('@fontsource-variable/albert-sans/wght.css'),
  Caprasimo: () => import('@fontsource/caprasimo/400.css'),
};

/** Starts loading the tenant's fonts; a failure only means the fallback stack is used. */
export function loadThemeFonts(theme: Pick<TThemeConfig, 'fonts'>): Promise<void> {
  return Promise.all(fontsToLoad(theme).map((name) => FONT_LOADERS[name]().catch(() => undefined))).then(
    () => undefined,
  );
}
