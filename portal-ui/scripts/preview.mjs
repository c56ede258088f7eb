#!/usr/bin/env node
/**
 * Tiny stand-in for the gateway's page serving, to look at the built apps without the services:
 *
 *   npx tsx portal-ui/scripts/preview.mjs [--port 4173] [--tenant demo]
 *
 * (tsx, because it imports the TypeScript route manifest from contracts.) Like the gateway it serves
 * `/assets/*` from portal-ui/dist, `/_admin/*` from admin-ui/dist, and every other path with the
 * owner's index.html per the route manifest: page title "{title} - {app name}", `<html lang>`, and
 * `<meta name="stageplein-tenant">`; a path in no manifest row gets the portal page with status 404
 * and a static 404 message in #root. The tenant comes from `?tenant=` (remembered in the `tenant`
 * cookie), else the cookie, else `--tenant`, else the default tenant.
 */
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { matchRoute } from '@stageplein/contracts/routes/route-manifest';
import {
  DEFAULT_TENANT_ID,
  getTenant,
  pageTitle,
  TENANT_COOKIE,
} from '@stageplein/contracts/tenants/tenant-registry';
import { LOCALE_COOKIE, negotiateLanguage, toLanguage, translate } from '@stageplein/contracts/i18n/index';
import { DEFAULT_CONTENT_PAGE_SLUGS } from '@stageplein/contracts/content/default-menu';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const DIST = { portal: path.join(repo, 'portal-ui/dist'), admin: path.join(repo, 'admin-ui/dist') };

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '4173' },
    tenant: { type: 'string', default: DEFAULT_TENANT_ID },
  },
});

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

const escapeHtml = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function cookie(header, name) {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

function sendFile(res, file) {
  if (!existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  res.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': 'no-cache',
  });
  res.end(readFileSync(file));
}

function page(owner, tenant, lang, title, root) {
  const file = path.join(DIST[owner], 'index.html');
  if (!existsSync(file)) throw new Error(`${owner} is not built (${file})`);
  let html = readFileSync(file, 'utf8')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(pageTitle(title, tenant.appName))}</title>`)
    .replace(/<html[^>]*>/, `<html lang="${lang}">`)
    .replace('</head>', `<meta name="stageplein-tenant" content="${tenant.id}">\n</head>`);
  if (root !== undefined) html = html.replace('<div id="root"></div>', `<div id="root">${root}</div>`);
  return html;
}

const server = createServer((req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://preview.local');
    const { pathname } = url;
    if (pathname.startsWith('/assets/'))
      return sendFile(res, path.join(DIST.portal, path.normalize(pathname)));
    if (pathname.startsWith('/_admin/')) {
      if (pathname.endsWith('index.html')) return sendFile(res, '/nonexistent');
      return sendFile(res, path.join(DIST.admin, path.normalize(pathname.slice('/_admin'.length))));
    }
    if (path.extname(pathname)) return sendFile(res, '/nonexistent');

    const queryTenant = getTenant(url.searchParams.get('tenant') ?? '');
    const tenant =
      queryTenant ??
      getTenant(cookie(req.headers.cookie, TENANT_COOKIE) ?? '') ??
      getTenant(args.tenant) ??
      getTenant(DEFAULT_TENANT_ID);
    const lang =
      toLanguage(cookie(req.headers.cookie, LOCALE_COOKIE)) ??
      negotiateLanguage(req.headers['accept-language']);

    const match = matchRoute(decodeURI(pathname));
    const knownSlug =
      !match?.route.cmsPage || !match.params.slug || DEFAULT_CONTENT_PAGE_SLUGS.includes(match.params.slug);
    let status = 200;
    let html;
    if (match && knownSlug) {
      html = page(match.route.owner, tenant, lang, translate(lang, match.route.titleKey));
    } else {
      status = 404;
      const t = (key) => escapeHtml(translate(lang, key));
      const body = `<main class="static-error"><h1>${t('errors.notFound.title')}</h1><p>${t('errors.notFound.body')}</p><p><a href="/">${t('errors.backToHome')}</a></p></main>`;
      html = page('portal', tenant, lang, translate(lang, 'errors.notFound.title'), body);
    }
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'set-cookie': `${TENANT_COOKIE}=${tenant.id}; Path=/; Max-Age=31536000; SameSite=Lax`,
    });
    res.end(html);
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error?.stack ?? error));
  }
});

server.listen(Number(args.port), '127.0.0.1', () => {
  console.log(`preview: http://127.0.0.1:${args.port}/ (default tenant ${args.tenant})`);
});
