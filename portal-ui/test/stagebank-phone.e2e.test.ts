import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPortal, PHONE, shot, startStack, type TStack } from './stack.ts';
import { appStarted } from './served-page.ts';

/**
 * Issue #30 item 8: the bank as a 16-year-old on a phone meets it, on an hours tenant whose School sits
 * in Oldebroek. The results come first (the filters behind a button); a place the bank does not know is
 * said beside the place field; a search near Wezep within 5 km finds the vacancies in Wezep.
 */
const TENANT = 'oldebroek';

let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

describe('the bank on a phone', () => {
  it('shows the results first, the filters behind their button', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });
    await page.goto(stack.url(TENANT, '/stagebank'));
    await appStarted(page);
    // The first result starts on the first screen, above the fold; the filters wait behind the button.
    const first = page.getByTestId('vacancy-card').first();
    expect((await first.boundingBox())!.y).toBeLessThan(PHONE.height * 0.75);
    for (const id of ['filter-kind', 'filter-level', 'filter-tag', 'filter-hours', 'sort', 'search-radius'])
      expect(await page.getByTestId(id).isVisible(), id).toBe(false);
    await shot(page, 'stagebank-phone-results-first');
    const toggle = page.getByTestId('filters-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    for (const id of ['filter-kind', 'filter-level', 'search-radius'])
      expect(await page.getByTestId(id).isVisible(), id).toBe(true);
    await shot(page, 'stagebank-phone-filters-open');
    await expectAccessible(page, 'bank on a phone, filters open');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says beside the field that it does not know a place', async () => {
    const { page, context, problems } = await openPortal(stack, {
      viewport: PHONE,
      // The search's refusal (400 unknown_place) is what this test is about.
      expectFailures: [/filter%5Bnear%5D=Nergenshuizen/],
    });
    await page.goto(stack.url(TENANT, '/stagebank'));
    await appStarted(page);
    await page.getByTestId('search-near').fill('Nergenshuizen');
    await page.getByTestId('search-submit').click();
    await page.waitForURL(/near=Nergenshuizen/);
    const error = page.getByTestId('search-near-error');
    await expect.poll(() => error.textContent()).toContain('We kennen de plaats “Nergenshuizen” niet.');
    const near = page.getByTestId('search-near');
    expect(await near.getAttribute('aria-invalid')).toBe('true');
    expect(await near.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
    // Not a failed load with a retry: nothing else on the page speaks of an error.
    expect(await page.getByText('De vacatures konden niet worden geladen').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Opnieuw proberen' }).count()).toBe(0);
    await shot(page, 'stagebank-phone-unknown-place');
    await expectAccessible(page, 'bank on a phone, unknown place');
    // Another place: the message goes, the results come back.
    await near.fill('Oldebroek');
    await page.getByTestId('search-submit').click();
    await page.getByTestId('vacancy-card').first().waitFor();
    expect(await error.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('finds the vacancies in Wezep within 5 km', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });
    await page.goto(stack.url(TENANT, '/stagebank'));
    await appStarted(page);
    await page.getByTestId('search-near').fill('Wezep');
    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('search-radius').selectOption('5');
    await page.getByTestId('search-submit').click();
    await page.waitForURL(/near=Wezep&km=5/);
    const cards = page.getByTestId('vacancy-card');
    await expect
      .poll(async () => {
        const texts = await cards.allTextContents();
        return texts.length > 0 && texts.every((text) => / km/.test(text));
      })
      .toBe(true);
    const texts = await cards.allTextContents();
    expect(texts.some((text) => text.includes('Wezep'))).toBe(true);
    for (const text of texts) {
      const km = Number(/([\d.,]+) km/.exec(text)?.[1]?.replace(',', '.'));
      expect(km, text).toBeLessThanOrEqual(5);
    }
    expect(await page.getByTestId('filters-toggle').textContent()).toBe('Filters (1)');
    await shot(page, 'stagebank-phone-wezep');
    await expectAccessible(page, 'bank on a phone near Wezep');
    expect(problems).toEqual([]);
    await context.close();
  });
});
