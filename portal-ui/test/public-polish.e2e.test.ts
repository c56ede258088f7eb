import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import {
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
import { appStarted } from './served-page.ts';

/**
 * Issue #30 item 10, each as its person meets it: a company's way in from the home page, a visitor's
 * contact form from the Contact page, the back office's data viewer on a 1,280 px screen, and the
 * vacancy editor's link button.
 */
const TENANT = 'oldebroek';

let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

describe('the home page', () => {
  it.each([PHONE, DESKTOP])('offers a company the sign-up beside the bank (%o)', async (viewport) => {
    const { page, context, problems } = await openPortal(stack, { viewport });
    await page.goto(stack.url(TENANT, '/'));
    await appStarted(page);
    const signup = page.getByTestId('organization-signup');
    expect(await signup.textContent()).toBe('Meld je organisatie aan');
    // Beside the bank, where a second "Inloggen" stood (the header's and the menu's stay).
    expect(await page.locator('.hero__actions a').allTextContents()).toEqual([
      'Stagebank',
      'Meld je organisatie aan',
    ]);
    await shot(page, 'home-signup');
    await expectAccessible(page, `home page at ${viewport.width}px`);
    await signup.click();
    await page.waitForURL((url) => url.pathname === '/organizations/signup');
    await page.getByTestId('page-title').first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the contact page', () => {
  it('leads a visitor (signed out) to the contact form, which opens without signing in', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });
    await page.goto(stack.url(TENANT, '/contact'));
    await appStarted(page);
    await page.getByTestId('cms-body').getByRole('link', { name: 'contactformulier' }).click();
    await page.waitForURL((url) => url.pathname === '/contactformulier');
    await page.getByTestId('form-renderer').waitFor();
    expect(new URL(page.url()).pathname).toBe('/contactformulier');
    await shot(page, 'contact-form-visitor');
    await expectAccessible(page, 'contact form for a visitor');
    // Opened by its address too (a shared link): the form, not the sign-in page.
    await page.reload();
    await page.getByTestId('form-renderer').waitFor();
    expect(new URL(page.url()).pathname).toBe('/contactformulier');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the data viewer on a 1,280 px screen', () => {
  it('keeps its table inside its frame and writes Dutch dates', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    await signIn(page, stack, TENANT, demo('admin', TENANT));
    // As the School's admin: its students' internships.
    const select = page.getByTestId('dashboard-organization-select');
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
    await select.selectOption(seedOrganizationId(TENANT, 'school'));
    await page.goto(stack.url(TENANT, '/admin/data-viewer'));
    const frame = page.getByTestId('data-viewer-frame');
    await frame.locator('tbody tr').first().waitFor();
    // The page never scrolls sideways; the table scrolls inside its frame, which stays on the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      DESKTOP.width,
    );
    const box = (await frame.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
    const headers = await frame.locator('thead th').allTextContents();
    const dates = [headers.indexOf('Begindatum'), headers.indexOf('Einddatum')];
    expect(dates.every((i) => i >= 0)).toBe(true);
    const cells = (
      await Promise.all(dates.map((i) => frame.locator(`tbody tr td:nth-child(${i + 1})`).allTextContents()))
    ).flat();
    expect(cells.filter(Boolean).length).toBeGreaterThan(0);
    for (const cell of cells.filter(Boolean)) expect(cell).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    await shot(page, 'data-viewer');
    await expectAccessible(page, 'data viewer at 1280px');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the vacancy editor', () => {
  it('shows its link button’s icon', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    await signIn(page, stack, TENANT, demo('bedrijf', TENANT));
    await page.goto(stack.url(TENANT, '/vacancies/add'));
    const button = page.locator('.rich-text__button[data-command="link"]');
    await button.waitFor();
    // Drawn, not a character of a font this machine may not have (🔗 showed an empty box).
    const icon = button.locator('svg path');
    expect(await icon.count()).toBe(1);
    const drawn = (await button.locator('svg').boundingBox())!;
    expect(drawn.width).toBeGreaterThan(10);
    expect(await button.getAttribute('aria-label')).toBeTruthy();
    await button.click();
    await page.locator('.rich-text__link-form').waitFor();
    await shot(page, 'vacancy-editor-link');
    expect(problems).toEqual([]);
    await context.close();
  });
});
