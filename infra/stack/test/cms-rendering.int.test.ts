import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PRERENDER_DATA_ID } from '@stageplein/contracts/content/prerender';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import { contentService } from '@stageplein/content/content.module';
import { prerenderGateways, type TPrerenderProfile } from './prerender-gateways.ts';

// The gateway serves CMS pages with their content (docs/decisions/content.md "Portal rendering") in
// both profiles: the content module mounted in the gateway (embedded) and content behind the gateway's
// proxy (distributed), set up by prerender-gateways.ts.

let gateways: Record<TPrerenderProfile, FastifyInstance>;
let upstreamCalls: string[];
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ gateways, upstreamCalls, close } = await prerenderGateways(contentService, ['/api/v1/cms']));
}, 120_000);

afterAll(async () => close?.());

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

  it('asks content once for a page: the page with the main menu and its items included', async () => {
    // Each profile its own page, so neither answer comes from the gateway's render cache.
    const slug = profile === 'embedded' ? 'voor-organisaties' : 'contact';
    upstreamCalls.length = 0;
    const res = await get(profile, `/${slug}`, 'en');
    expect(res.statusCode).toBe(200);
    if (profile === 'distributed') {
      expect(upstreamCalls).toEqual([`/api/v1/cms/pages?filter[slug_eq]=${slug}&include=main_menu.items`]);
    }
    // The same menu as the menu calls give: every main item, in order, in the reader's language.
    const data = new RegExp(
      `<script type="application/json" id="${PRERENDER_DATA_ID}">([^<]*)</script>`,
    ).exec(res.body);
    const served = JSON.parse(data![1]!) as { menu: { items: { title: string }[] } };
    const headers = { host: 'raayland.localhost', 'accept-language': 'en' };
    const menus = await gateways[profile].inject({ url: '/api/v1/cms/menus', headers });
    const main = menus
      .json()
      .data.find((m: { attributes: { slug: string } }) => m.attributes.slug === 'main');
    const items = await gateways[profile].inject({
      url: `/api/v1/cms/menu_items?filter[menu_id_eq]=${main.id}&page[size]=1000000`,
      headers,
    });
    expect(served.menu.items.map((i) => i.title)).toEqual(
      items.json().data.map((i: { attributes: { title: string } }) => i.attributes.title),
    );
    expect(served.menu.items.map((i) => i.title)).toContain('About us');
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
