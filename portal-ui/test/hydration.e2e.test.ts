import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStarted, watchServed } from './served-page.ts';
import { demo, DESKTOP, openPortal, PHONE, signIn, startStack, type TStack } from './stack.ts';

// The portal hydrates the page the gateway served (services/gateway/src/cms-prerender.ts) instead of
// replacing it: the served content's nodes stay in the document, so no new, larger node paints again
// later (the phone's largest contentful paint, docs/benchmarks.md). Only the client parts (header,
// footer) are rendered anew.

const TENANT = 'demo';
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

describe('a served content page', () => {
  const pages = [
    ['/', ['app-name', 'page-title', 'cms-body']],
    ['/over-ons', ['page-title', 'cms-body']],
    ['/privacyverklaring', ['page-title', 'cms-body']],
    ['/nieuws', ['page-title']],
  ] as const;
  for (const [locale, viewport] of [
    ['nl-NL', PHONE],
    ['en-GB', DESKTOP],
  ] as const) {
    it(`is hydrated: the served content stays, the header is the app's (${locale})`, async () => {
      const { page, context, problems } = await openPortal(stack, { viewport, locale });
      const served = await watchServed(page, ['page-title', 'cms-body', 'site-title', 'app-name']);
      for (const [path, ids] of pages) {
        await page.goto(stack.url(TENANT, path));
        await appStarted(page);
        const kept = await served.kept();
        for (const id of ids) expect(kept[id], `${path} ${id}`).toBe(true);
        expect(kept['site-title'], `${path}: the header is rendered by the app`).toBe(false);
        expect(await page.evaluate(() => document.querySelectorAll('main#main').length)).toBe(1);
      }
      // Hydrated links are the app's: the hero's search button opens the bank without a page load.
      await page.goto(stack.url(TENANT, '/'));
      await page.getByTestId('menu-button').waitFor({ state: 'attached' });
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      await page.getByTestId('primary-action').click();
      await page.waitForURL(/\/stagebank$/);
      expect(
        await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
      ).toBe(true);
      expect(served.warnings).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('renders the parts that differ anew for a signed-in visitor, without errors', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    await signIn(page, stack, TENANT, demo('admin', TENANT));
    await page.goto(stack.url(TENANT, '/'));
    // The hero offers the dashboard instead of signing in: that part differs and is rendered anew.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().waitFor();
    expect(await page.getByTestId('cms-body').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
