import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { STAGING_META, TENANT_META } from '@stageplein/contracts/client/detect-tenant';
import { MAP_ATTRIBUTION_META, MAP_TILES_META, type TMapTiles } from '@stageplein/contracts/client/map-tiles';
import { matchRoute } from '@stageplein/contracts/routes/route-manifest';
import type { TRoute, TRouteOwner } from '@stageplein/contracts/routes/route.types';
import { pageTitle } from '@stageplein/contracts/tenants/tenant-registry';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { translate, type TLanguage } from '@stageplein/contracts/i18n/index';
import { PRERENDER_DATA_ID, serializePrerenderData } from '@stageplein/contracts/content/prerender';
import { escapeHtml, type TPrerendered } from './cms-prerender.ts';
import { createThemeHead } from './theme-head.ts';

export interface TUiDirs {
  portal: string;
  admin: string;
}

export interface TRenderedPage {
  status: number;
  html: string;
}

/**
 * Serves each path with its owner's index.html (DESIGN §7), with the page title already in the
 * tenant's format, the tenant id for the app and the language on <html>. Templates are read once.
 */
export function createPageRenderer(dirs: TUiDirs, options: { staging?: boolean; mapTiles?: TMapTiles } = {}) {
  // The staging flag opens the gallery (`/dev*`, `/test/*`) to everyone; the portal reads it here.
  let extraMeta = options.staging ? `<meta name="${STAGING_META}" content="true">\n` : '';
  if (options.mapTiles) {
    extraMeta +=
      `<meta name="${MAP_TILES_META}" content="${escapeHtml(options.mapTiles.url)}">\n` +
      `<meta name="${MAP_ATTRIBUTION_META}" content="${escapeHtml(options.mapTiles.attribution)}">\n`;
  }
  const themeHead = createThemeHead(dirs.portal);
  const templates = new Map<TRouteOwner, string>();
  for (const owner of ['portal', 'admin'] as const) {
    const file = path.join(dirs[owner], 'index.html');
    if (existsSync(file)) templates.set(owner, readFileSync(file, 'utf8'));
  }

  function fill(
    owner: TRouteOwner,
    tenant: TTenant,
    lang: TLanguage,
    title: string,
    root?: string,
    head = '',
  ): string {
    const template = templates.get(owner);
    if (!template) throw new Error(`The ${owner} UI is not built: run \`npm run build:ui\`.`);
    const theme = owner === 'portal' ? themeHead(tenant) : undefined;
    let html = template
      .replace(/<meta charset="[^"]*"\s*\/?>/i, (charset) => `${charset}\n${theme?.preloads ?? ''}`)
      .replace(
        /<title>[^<]*<\/title>/,
        () => `<title>${escapeHtml(pageTitle(title, tenant.appName))}</title>`,
      )
      .replace(/<html[^>]*>/, `<html lang="${lang}">`)
      .replace(
        '</head>',
        () =>
          `<meta name="${TENANT_META}" content="${tenant.id}">\n${extraMeta}` +
          `${theme?.style ?? ''}${head}</head>`,
      );
    // Functions as replacements: `$&` and friends in content must stay literal.
    if (root !== undefined)
      html = html.replace('<div id="root"></div>', () => `<div id="root">${root}</div>`);
    return html;
  }

  function notFound(tenant: TTenant, lang: TLanguage): TRenderedPage {
    const t = (key: string) => escapeHtml(translate(lang, key));
    const body = `<main class="static-error"><h1>${t('errors.notFound.title')}</h1><p>${t('errors.notFound.body')}</p><p><a href="/">${t('errors.backToHome')}</a></p></main>`;
    return {
      status: 404,
      html: fill('portal', tenant, lang, translate(lang, 'errors.notFound.title'), body),
    };
  }

  return {
    ready: () => templates.size === 2,
    /**
     * `content`: what the content service has for this path (cms-prerender.ts) — its markup in #root, its
     * title and SEO description in the head and its data for the portal; `missing` is the 404 page.
     * Without it (no content route, an editor's `?preview`, or the content service did not answer) the
     * app's shell: the portal then asks the content API itself and shows the page or its 404.
     */
    render(pathname: string, tenant: TTenant, lang: TLanguage, content?: TPrerendered): TRenderedPage {
      const match = matchRoute(pathname);
      if (!match || content?.kind === 'missing') return notFound(tenant, lang);
      const route: TRoute = match.route;
      if (!content)
        return { status: 200, html: fill(route.owner, tenant, lang, translate(lang, route.titleKey)) };
      const head =
        (content.description
          ? `<meta name="description" content="${escapeHtml(content.description)}">\n`
          : '') +
        `<script type="application/json" id="${PRERENDER_DATA_ID}">${serializePrerenderData(content.data)}</script>\n`;
      return { status: 200, html: fill('portal', tenant, lang, content.title, content.markup, head) };
    },
  };
}
