import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { FONT_FILE_PREFIXES, fontsToLoad } from '@stageplein/contracts/client/theme-fonts';
import { portalCssVariables } from '@stageplein/contracts/tenants/theme-css-variables';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';

export interface TThemeHead {
  /** First in the head, before the app's script: on a slow line the font then arrives before the first paint. */
  preloads: string;
  /** After the app's stylesheet, whose fallback values it overrides. */
  style: string;
}

/** The id of the served theme style (the portal's own inline variables take over once it runs). */
export const THEME_STYLE_ID = 'theme-variables';

/**
 * What the portal's HTML carries in its head so the first paint is already the tenant's: the theme's
 * CSS variables (light; the app applies the visitor's colour mode on <html>, which wins) and a preload
 * of the theme fonts' Latin files. Without them the text painted first in the fallback colours and
 * font and painted again when the app started — a second, later largest contentful paint (docs/benchmarks.md).
 * Computed once per tenant.
 */
export function createThemeHead(portalDir: string): (tenant: TTenant) => TThemeHead {
  const assets = path.join(portalDir, 'assets');
  const files = existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith('.woff2')) : [];
  const cache = new Map<string, TThemeHead>();
  return (tenant) => {
    let head = cache.get(tenant.id);
    if (head === undefined) {
      const vars = Object.entries(portalCssVariables(tenant.theme, 'light'))
        .map(([name, value]) => `${name}:${value}`)
        .join(';');
      // Theme values are our own configuration; `<` is still kept out so nothing can end the element.
      let preloads = '';
      for (const font of fontsToLoad(tenant.theme)) {
        const file = files.find((f) => f.startsWith(FONT_FILE_PREFIXES[font]));
        if (file)
          preloads += `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin fetchpriority="high">\n`;
      }
      head = {
        preloads,
        style: `<style id="${THEME_STYLE_ID}">:root{${vars.replaceAll('<', '')}}</style>\n`,
      };
      cache.set(tenant.id, head);
    }
    return head;
  };
}
