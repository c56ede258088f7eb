import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '@stageplein/testing/browser';
import { demo, expectAccessible, openPortal, PHONE, shot, signIn, startStack, type TStack } from './stack.ts';

/**
 * A vacancy's image (issues #14 and #15): on a phone, the demo company's admin picks one of the tenant's
 * stock images in the vacancy editor and publishes; the bank and the vacancy show it with its alt text.
 */
const TILE_HOST = 'http://tiles.stageplein.test';
let stack: TStack;
beforeAll(async () => {
  stack = await startStack({ env: { MAP_TILE_URL: `${TILE_HOST}/{z}/{x}/{y}.png` } });
});
afterAll(async () => stack?.close());

/** axe on a page with the rich-text editor (its toolbar is part of the page). */
async function expectAccessibleWithEditor(page: Page, label: string) {
  const violations = await axeViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations)}`).toEqual([]);
}

const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

describe('an organization admin on a phone', () => {
  it('picks a stock image for a vacancy; the bank and the vacancy show it with its alt text', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });
    // Tiles cannot load here: the static map shows its fallback.
    await page.route(`${TILE_HOST}/**`, (route) => route.abort('internetdisconnected'));
    await signIn(page, stack, 'demo', demo('bedrijf', 'demo'));
    await page.goto(stack.url('demo', '/vacancies/add'));
    const form = page.getByTestId('vacancy-form');
    await form.waitFor();
    const title = `Fotostage ${Date.now()}`;
    await form.getByLabel(/^Titel/).fill(title);

    const picker = page.getByTestId('vacancy-image-picker');
    const stock = picker.getByTestId('vacancy-stock-images').getByTestId('vacancy-image-choice');
    await stock.first().waitFor();
    const stockTitle = (await stock.first().textContent())!.trim();
    await stock.first().getByRole('radio').check();
    await expect.poll(() => picker.getByTestId('vacancy-image-chosen').textContent()).toContain(stockTitle);
    // A stock image brings its own description: no alt field to fill.
    expect(await picker.getByTestId('vacancy-image-alt').count()).toBe(0);
    await page.getByTestId('vacancy-preview-toggle').click();
    const previewImage = page.getByTestId('vacancy-preview').getByTestId('vacancy-image');
    await previewImage.waitFor();
    await fitsPhone(page);
    await shot(page, 'vacancy-image-picker-phone');
    await expectAccessibleWithEditor(page, 'vacancy form with a stock image');

    await page.getByTestId('vacancy-publish').click();
    await page.waitForURL(/\/vacancies\/[0-9a-f-]{36}$/);
    await page.getByTestId('vacancy-form').waitFor({ state: 'detached' });
    const image = page.getByTestId('vacancy').getByTestId('vacancy-image');
    await image.waitFor();
    const src = await image.getAttribute('src');
    expect(src).toMatch(/^\/api\/v1\/cms\/files\/[0-9a-f]{64}$/);
    const alt = await image.getAttribute('alt');
    expect(alt).toBeTruthy();
    // The image loads (content serves the file).
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await fitsPhone(page);
    await expectAccessible(page, 'vacancy with image');

    // The bank lists it with the same picture and text.
    await page.goto(stack.url('demo', `/stagebank?q=${encodeURIComponent(title)}`));
    const card = page.getByTestId('vacancy-card').filter({ hasText: title });
    await card.waitFor();
    const thumb = card.getByTestId('vacancy-card-image');
    expect(await thumb.getAttribute('src')).toBe(src);
    expect(await thumb.getAttribute('alt')).toBe(alt);
    await fitsPhone(page);
    await shot(page, 'stagebank-vacancy-image-phone');
    await expectAccessible(page, 'stagebank with a vacancy image');
    expect(problems).toEqual([]);
    await context.close();
  });
});
