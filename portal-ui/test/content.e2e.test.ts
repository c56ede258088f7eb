import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@stageplein/contracts/i18n/index';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import {
  DEMO_PASSWORD,
  demo,
  DESKTOP,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

// CMS pages, the main menu and news in the portal (docs/decisions/content.md "Portal rendering"):
// content written through the content API by a seeded editor, read by visitors with and without
// JavaScript.

const TENANT = 'raayland';
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const doc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

/** The content API as the tenant's platform operator (an editor: contracts/src/content/content-policy.ts). */
async function editor() {
  const host = `${TENANT}.localhost`;
  const res = await stack.app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { host, 'content-type': 'application/json' },
    payload: JSON.stringify({ email: demo('admin', TENANT), password: DEMO_PASSWORD }),
  });
  expect(res.statusCode).toBe(200);
  const auth: Record<string, string> = {
    host,
    'x-current-organization-id': seedOrganizationId(TENANT, 'volunteer-center'),
  };
  for (const name of ['access-token', 'client', 'uid']) auth[name] = String(res.headers[name]);
  return async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, lang = 'nl') => {
    const answer = await stack.app.inject({
      method,
      url,
      headers: { ...auth, 'accept-language': lang, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
    expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeLessThan(300);
    return answer.json<{
      data: { id: string; attributes: Record<string, unknown> } & Record<string, unknown>;
    }>();
  };
}

const slug = `open-dag-${Date.now().toString(36)}`;
const text = {
  nl: {
    title: 'Open dag voor stagebieders',
    body: 'Kom op 12 maart kennismaken met onze leerlingen.',
    menu: 'Open dag',
  },
  en: {
    title: 'Open day for internship providers',
    body: 'Meet our students on 12 March.',
    menu: 'Open day',
  },
};

describe('a page an editor publishes and adds to the main menu', () => {
  beforeAll(async () => {
    const api = await editor();
    const page = await api('POST', '/api/v1/cms/pages', {
      data: {
        type: 'page',
        attributes: {
          slug,
          locale: 'nl',
          title: text.nl.title,
          body: doc(text.nl.body),
          status: 'published',
        },
      },
    });
    await api('PATCH', `/api/v1/cms/pages/${page.data.id}`, {
      data: {
        type: 'page',
        attributes: { locale: 'en', title: text.en.title, body: doc(text.en.body), status: 'published' },
      },
    });
    const menus = (await api('GET', '/api/v1/cms/menus')) as unknown as {
      data: { id: string; attributes: { slug: string } }[];
    };
    const main = menus.data.find((m) => m.attributes.slug === 'main')!;
    const item = await api('POST', '/api/v1/cms/menu_items', {
      data: {
        type: 'menuItem',
        attributes: {
          menu_id: main.id,
          link_type: 'content_page',
          path: `/${slug}`,
          title: text.nl.menu,
          position: 50,
        },
      },
    });
    await api(
      'PATCH',
      `/api/v1/cms/menu_items/${item.data.id}`,
      { data: { type: 'menuItem', attributes: { title: text.en.menu } } },
      'en',
    );
    // A later save that is not published: visitors keep seeing the live text, editors preview it.
    await api('PATCH', `/api/v1/cms/pages/${page.data.id}`, {
      data: { type: 'page', attributes: { locale: 'nl', title: 'Open dag (concept)' } },
    });
  });

  for (const lang of ['nl', 'en'] as const) {
    it(`is served with its content before JavaScript runs, in the menu and on its URL (${lang})`, async () => {
      const context = await stack.browser.newContext({
        viewport: DESKTOP,
        locale: lang === 'nl' ? 'nl-NL' : 'en-GB',
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      const res = await page.goto(stack.url(TENANT, '/'));
      expect(res?.status()).toBe(200);
      const link = page.getByTestId('main-menu').getByRole('link', { name: text[lang].menu, exact: true });
      expect(await link.getAttribute('href')).toBe(`/${slug}`);
      // Without JavaScript the menu link is a plain link: the server renders the page it opens.
      await link.click();
      await page.waitForURL(new RegExp(`/${slug}$`));
      expect(await page.getByTestId('page-title').textContent()).toBe(text[lang].title);
      expect(await page.getByTestId('cms-body').textContent()).toBe(text[lang].body);
      expect(await page.title()).toMatch(new RegExp(`^${text[lang].title} - `));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await context.close();
    });

    it(`is shown by the portal without a flash, accessible at 375 px (${lang})`, async () => {
      const { page, context, problems } = await openPortal(stack, {
        viewport: PHONE,
        locale: lang === 'nl' ? 'nl-NL' : 'en-GB',
      });
      // Records whether the page's title was ever missing from the document once it was there.
      await page.addInitScript(() => {
        const w = window as unknown as { __gaps: number };
        w.__gaps = 0;
        let seen = false;
        new MutationObserver(() => {
          const present = !!document.querySelector('[data-testid="page-title"]');
          if (present) seen = true;
          else if (seen) w.__gaps += 1;
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(stack.url(TENANT, `/${slug}`));
      await page.getByTestId('menu-button').waitFor();
      expect(await page.getByTestId('page-title').textContent()).toBe(text[lang].title);
      expect(await page.getByTestId('cms-body').textContent()).toBe(text[lang].body);
      expect(await page.evaluate(() => (window as unknown as { __gaps: number }).__gaps)).toBe(0);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await expectAccessible(page, `cms page ${lang}`);
      await shot(page, `cms-page-${lang}`);

      // The app's menu (the side panel on a phone) has it, from the CMS, in this language.
      await page.getByTestId('menu-button').click();
      await page
        .getByTestId('side-panel')
        .getByRole('link', { name: text[lang].menu, exact: true })
        .waitFor();
      await page.keyboard.press('Escape');
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('shows an editor the latest save as a preview, visitors the live text', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    await signIn(page, stack, TENANT, demo('admin', TENANT));
    // The School is preselected; the content editors are the VolunteerCenter's admins.
    await page.goto(stack.url(TENANT, '/dashboard'));
    const select = page.getByTestId('dashboard-organization-select');
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
    await select.selectOption(seedOrganizationId(TENANT, 'volunteer-center'));
    await page.goto(stack.url(TENANT, `/${slug}?preview`));
    await page.getByTestId('preview-banner').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Open dag (concept)');
    await page.goto(stack.url(TENANT, `/${slug}`));
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(text.nl.title);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('answers 404 for a slug without a published page', async () => {
    const res = await stack.app.inject({
      url: '/geen-pagina-hier',
      headers: { host: `${TENANT}.localhost` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(translate('nl', 'errors.notFound.title'));
  });
});

describe('the privacy statement and the home page', () => {
  it('are CMS pages, served with their content', async () => {
    for (const [path, needle] of [
      ['/', 'data-testid="app-name"'],
      ['/privacyverklaring', 'AVG'],
    ] as const) {
      const res = await stack.app.inject({
        url: path,
        headers: { host: `${TENANT}.localhost`, 'accept-language': 'nl' },
      });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('data-testid="cms-body"');
      expect(res.body, path).toContain(needle);
      expect(res.body, path).toMatch(/<meta name="description" content="[^"]+">/);
    }
  });
});

describe('news', () => {
  it('lists the articles and opens one with its date and author, with and without JavaScript', async () => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await stack.browser.newContext({
        viewport: PHONE,
        locale: 'nl-NL',
        javaScriptEnabled,
        bypassCSP: true,
      });
      const page = await context.newPage();
      await page.goto(stack.url(TENANT, '/nieuws'));
      const items = page.getByTestId('news-list').getByRole('listitem');
      await items.first().waitFor();
      expect(await items.count()).toBeGreaterThanOrEqual(3);
      expect(await page.title()).toMatch(new RegExp(`^${translate('nl', 'routes.news')} - `));
      if (javaScriptEnabled) await expectAccessible(page, 'news list');
      const first = items.first().getByRole('link');
      const title = (await first.textContent())!;
      await first.click();
      await page.waitForURL(/\/nieuws\/[a-z0-9-]+$/);
      await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(title);
      expect(await page.getByTestId('news-date').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await page.getByTestId('news-author').textContent()).toMatch(/Redactie/);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      if (javaScriptEnabled) {
        await expectAccessible(page, 'news article');
        await shot(page, 'news-article');
      }
      await context.close();
    }
  });
});
