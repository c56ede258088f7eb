import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStarted, watchServed } from './served-page.ts';
import { DESKTOP, expectAccessible, openPortal, PHONE, startStack, type TStack } from './stack.ts';

// The gateway serves /stagebank with the first page of its search (services/gateway/src/cms-prerender.ts,
// docs/decisions/stagebank-prerender.md); the portal starts from that answer and hydrates the served
// list instead of asking again and replacing it: the served result nodes stay (the phone's largest
// contentful paint is the served page's, docs/benchmarks.md). The map stays a later, lazy chunk.

const TILE_HOST = 'http://tiles.stageplein.test';
let stack: TStack;
beforeAll(async () => {
  stack = await startStack({ env: { MAP_TILE_URL: `${TILE_HOST}/{z}/{x}/{y}.png` } });
});
afterAll(async () => stack?.close());

const SERVED_IDS = [
  'page-title',
  'search-text',
  'filters-toggle',
  'stagebank-count',
  'vacancy-list',
  'vacancy-card',
];

describe('/stagebank served with its results', () => {
  for (const [locale, viewport, texts] of [
    ['nl-NL', PHONE, { newest: 'Nieuwste', auto: 'Standaard' }],
    ['en-GB', DESKTOP, { newest: 'Newest', auto: 'Default' }],
  ] as const) {
    it(`is hydrated with the URL's filters, without a second search call (${locale}, ${viewport.width} px)`, async () => {
      const { page, context, problems, requests } = await openPortal(stack, { viewport, locale });
      await page.route(`${TILE_HOST}/**`, (route) => route.abort('internetdisconnected'));
      const served = await watchServed(page, SERVED_IDS);
      await page.goto(stack.url('demo', '/stagebank?sort=newest&hours=40'));
      await appStarted(page);
      if (viewport === DESKTOP) await page.getByTestId('stagebank-map').waitFor();

      expect(await page.getByTestId('vacancy-card').count()).toBeGreaterThan(0);
      // The URL's filters were served and are the app's state.
      expect(await page.getByTestId('sort').inputValue()).toBe('newest');
      expect(await page.getByTestId('filter-hours').inputValue()).toBe('40');
      expect(await page.getByTestId('sort').locator('option:checked').textContent()).toBe(texts.newest);
      // The answer came with the page: no search call (a desktop asks for the map's markers only).
      const searches = () => requests.filter((r) => /^GET \/api\/v1\/vacancies\?/.test(r));
      expect(searches()).toEqual([]);
      // The phone's toggle shows on a phone only; the map is a desktop's without asking.
      expect(await page.getByTestId('view-toggle').isVisible()).toBe(viewport === PHONE);
      await expectAccessible(page, `/stagebank served and hydrated (${viewport.width} px)`);
      // Asked only now: a part rendered anew after a mismatch can come after the app's header.
      const kept = await served.kept();
      for (const id of SERVED_IDS) expect(kept[id], id).toBe(true);

      // The hydrated page is the app's: a filter change searches and keeps the URL in step. A phone's
      // filters are behind its button, which counts the two chosen.
      if (viewport === PHONE) {
        const toggle = page.getByTestId('filters-toggle');
        expect(await toggle.textContent()).toBe('Filters (2)');
        expect(await page.getByTestId('sort').isVisible()).toBe(false);
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      } else expect(await page.getByTestId('filters-toggle').isVisible()).toBe(false);
      await page.getByTestId('sort').selectOption({ label: texts.auto });
      await page.waitForURL((url) => !url.searchParams.has('sort'));
      await expect.poll(() => searches().length).toBe(1);
      expect(served.warnings).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('works without JavaScript: the results and their links are in the page', async () => {
    const context = await stack.browser.newContext({
      viewport: PHONE,
      locale: 'nl-NL',
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(stack.url('demo', '/stagebank'));
    const first = page.getByTestId('vacancy-card').first().getByRole('link');
    expect(await first.getAttribute('href')).toMatch(/^\/vacancies\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('stagebank-count').textContent()).toMatch(/^\d+ vacatures gevonden$/);
    await context.close();
  });
});
