import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PRERENDER_DATA_ID } from '@stageplein/contracts/content/prerender';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService } from '@stageplein/kit/service';
import { buildGateway } from '@stageplein/gateway/gateway.app';
import { contentService } from '@stageplein/content/content.module';
import { testPlatform } from '@stageplein/testing/harness';

// The gateway serves CMS pages with their content (docs/decisions/content.md "Portal rendering") in
// both profiles: the content module mounted in the gateway (embedded) and content behind the gateway's
// proxy (distributed). The built UIs are stood in for by a minimal index.html.

const TEMPLATE =
  '<!doctype html><html lang="nl"><head><title>Stageplein</title></head><body><div id="root"></div></body></html>';

let platform: Awaited<ReturnType<typeof testPlatform>>;
let uiDir: string;
let content: FastifyInstance;
const gateways: Record<'embedded' | 'distributed', FastifyInstance> = {} as never;

beforeAll(async () => {
  // Loopback is a trusted proxy here, as the load balancer in front of a distributed gateway would be,
  // and no default tenant (as in production): the tenant comes from the host or that proxy's x-tenant.
  platform = await testPlatform([contentService], {
    seed: true,
    env: { TRUSTED_PROXIES: 'loopback', DEFAULT_TENANT: '' },
  });
  uiDir = await mkdtemp(path.join(os.tmpdir(), 'stageplein-cms-ui-'));
  for (const app of ['portal', 'admin']) {
    await mkdir(path.join(uiDir, app));
    await writeFile(path.join(uiDir, app, 'index.html'), TEMPLATE);
  }
  const ui = { portal: path.join(uiDir, 'portal'), admin: path.join(uiDir, 'admin') };
  gateways.embedded = await buildGateway({
    config: platform.config,
    deps: platform.deps,
    services: [contentService],
    ui,
    logger: false,
  });
  // As the content server runs (kit's service-server): it trusts the gateway's forwarded host.
  content = await createHttpApp({
    name: 'content',
    logger: false,
    trustedProxies: platform.config.TRUSTED_PROXIES,
  });
  await registerService(content, contentService, platform.deps);
  await content.listen({ port: 0, host: '127.0.0.1' });
  const port = (content.server.address() as { port: number }).port;
  gateways.distributed = await buildGateway({
    config: platform.config,
    upstreams: [{ prefixes: ['/api/v1/cms'], url: `http://127.0.0.1:${port}` }],
    ui,
    logger: false,
  });
}, 120_000);

afterAll(async () => {
  await gateways.embedded?.close();
  await gateways.distributed?.close();
  await content?.close();
  await platform?.close();
  if (uiDir) await rm(uiDir, { recursive: true, force: true });
});

const APP_NAME = TENANTS.raayland.appName;
const get = (profile: keyof typeof gateways, url: string, lang = 'nl') =>
  gateways[profile].inject({ url, headers: { host: 'raayland.localhost', 'accept-language': lang } });

describe.each(['embedded', 'distributed'] as const)('CMS pages served by the gateway (%s)', (profile) => {
  it('puts a published page’s title, SEO description, sanitised body, menu and data into the HTML', async () => {
    const res = await get(profile, '/over-ons');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(new RegExp(`<title>Over ons - ${APP_NAME}</title>`));
    expect(res.body).toMatch(/<meta name="description" content="[^"]+">/);
    // React's Suspense markers: the loading bar, header and footer rendered by the app, the content in
    // <main> hydrated in place (docs/decisions/content.md "Hydration").
    expect(res.body).toMatch(
      /<div id="root"><!--\$!--><template data-dgst="client-part"><\/template><!--\/\$--><div class="layout"><!--\$!-->.*<\/header><!--\/\$--><main [^>]*><!--\$--><article[^>]*><h1 class="cms-page__title"[^>]*>Over .*<\/article><!--\/\$--><\/main>/s,
    );
    expect(res.body).toContain('<div class="cms-body" data-testid="cms-body"><p>');
    // The main menu from the CMS, the page's own item marked current.
    expect(res.body).toMatch(/<nav class="site-header__tabs"[^>]*>.*href="\/voor-scholen"/s);
    expect(res.body).toMatch(/href="\/over-ons" class="tab tab--active"/);
    const data = new RegExp(
      `<script type="application/json" id="${PRERENDER_DATA_ID}">([^<]*)</script>`,
    ).exec(res.body);
    expect(JSON.parse(data![1]!)).toMatchObject({
      path: '/over-ons',
      lang: 'nl',
      page: { slug: 'over-ons', locale: 'nl' },
      menu: { menus: [{ slug: 'main' }] },
    });
  });

  it('answers in the reader’s language, the home page at / and the privacy statement at its route', async () => {
    const en = await get(profile, '/over-ons', 'en');
    expect(en.body).toMatch(/<article class="container cms-page" lang="en"><h1[^>]*>About/);
    const home = await get(profile, '/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`data-testid="app-name">${APP_NAME}</h1>`);
    expect(home.body).toMatch(new RegExp(`<h2 id="home-content-title"[^>]*>Welkom bij ${APP_NAME}</h2>`));
    const privacy = await get(profile, '/privacyverklaring');
    expect(privacy.body).toContain('AVG');
  });

  it('answers 404 for a slug without a published page, and for a missing news article', async () => {
    expect((await get(profile, '/bestaat-niet')).statusCode).toBe(404);
    expect((await get(profile, '/nieuws/bestaat-niet')).statusCode).toBe(404);
  });

  it('serves the news list and an article with its date and author', async () => {
    const list = await get(profile, '/nieuws');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('href="/nieuws/nieuwe-stageperiode-geopend"');
    const article = await get(profile, '/nieuws/nieuwe-stageperiode-geopend');
    expect(article.statusCode).toBe(200);
    expect(article.body).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}"/);
    expect(article.body).toContain('data-testid="news-author">door Redactie</span>');
  });

  it('serves the content also when the tenant came from a trusted proxy’s x-tenant, not the host', async () => {
    const res = await gateways[profile].inject({
      url: '/over-ons',
      headers: { host: '10.0.0.7:3000', 'x-tenant': 'raayland', 'accept-language': 'nl' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="cms-body"');
  });

  it('leaves an editor’s preview to the browser (no content served, the page is not refused)', async () => {
    const res = await get(profile, '/een-concept?preview');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});
