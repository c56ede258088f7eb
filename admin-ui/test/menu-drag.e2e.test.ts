import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Response } from 'playwright-core';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import {
  DESKTOP,
  dragAnnouncement,
  expectAccessible,
  openAdmin,
  openBrowser,
  PHONE,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * The menu editor's drag and drop with the pointer (issue #15; its keyboard buttons are tested in
 * content-editors.e2e.test.ts): an editor drags a main item to the top, and drags another to the
 * right to nest it under the item above; each drop is stored at once, and a visitor's portal shows
 * the new order and the sub-item.
 */
const TENANT = 'demo';
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

/**
 * Presses the mouse on a handle and moves it in small steps (dnd-kit's pointer sensor), then drops once
 * the editor announces the place it is over (what a screen reader says: `over`, settled a frame or two
 * after the last move).
 */
async function drag(
  page: Page,
  handle: Locator,
  to: { dx: number; dy: number; announced: string },
): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // Past the 4 px activation distance first, then to the target.
  await page.mouse.move(x + Math.sign(to.dx) * 6, y + Math.sign(to.dy) * 6, { steps: 3 });
  await page.mouse.move(x + to.dx, y + to.dy, { steps: 12 });
  await expect.poll(() => dragAnnouncement(page)).toBe(to.announced);
  await page.mouse.up();
}

/**
 * Resolves once the editor has stored a move and loaded its items again: a PATCH of menu_items,
 * then their GET (the editor reloads after storing).
 */
function storedAndReloaded(page: Page): Promise<void> {
  return new Promise((resolve) => {
    let stored = false;
    const onResponse = (response: Response) => {
      if (!/\/menu_items\b/.test(response.url())) return;
      const method = response.request().method();
      if (method === 'PATCH') stored = true;
      else if (method === 'GET' && stored) {
        page.off('response', onResponse);
        resolve();
      }
    };
    page.on('response', onResponse);
  });
}

const titles = (page: Page, depth: 0 | 1) =>
  page
    .locator(`[data-testid="menu-item"][data-depth="${depth}"]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-title')));

describe('the menu editor with the pointer', () => {
  it('reorders and nests main-menu items by dragging; the portal shows the new menu', async () => {
    const { page, context, problems } = await openBrowser(stack, { viewport: DESKTOP });
    await signIn(page, stack, TENANT, 'admin');
    await openAdmin(page, stack, TENANT, '/beheer');
    await page
      .getByTestId('organization-select')
      .first()
      .selectOption(seedOrganizationId(TENANT, 'volunteer-center'));
    await openAdmin(page, stack, TENANT, '/content/menu-items');
    const item = (title: string) => page.locator(`[data-testid="menu-item"][data-title="${title}"]`);
    await item('Contact').waitFor();
    const start = await titles(page, 0);
    expect(start).toEqual(['Stagebank', 'Over ons', 'Contact', 'Inloggen']);

    // Contact to the top: dropped on the first item, from below it.
    const first = (await item('Stagebank').boundingBox())!;
    const contact = (await item('Contact').boundingBox())!;
    let reloaded = storedAndReloaded(page);
    await drag(page, item('Contact').getByTestId('menu-item-handle'), {
      dx: 0,
      dy: first.y + first.height / 3 - (contact.y + contact.height / 2),
      announced: 'Item Contact verplaatst naar plaats 1.',
    });
    await expect.poll(() => titles(page, 0)).toEqual(['Contact', 'Stagebank', 'Over ons', 'Inloggen']);
    await expect.poll(() => page.getByTestId('menu-status').textContent()).not.toBe('');
    // The editor reloads the items after storing: drag again once it has them, its handles are enabled
    // again and the rows' transitions are done.
    await reloaded;
    const stagebank = item('Stagebank').getByTestId('menu-item-handle');
    await expect.poll(() => stagebank.getAttribute('aria-disabled')).toBe('false');
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);

    // Stagebank dragged to the right, in its place: a sub-item of Contact above it. ("Over ons" has
    // sub-items of its own, Voor scholen and Voor organisaties, so it stays a main item.)
    reloaded = storedAndReloaded(page);
    await drag(page, stagebank, { dx: 90, dy: 0, announced: 'Item Stagebank verplaatst naar plaats 2.' });
    await expect.poll(() => item('Stagebank').getAttribute('data-depth')).toBe('1');
    await expect.poll(() => titles(page, 0)).toEqual(['Contact', 'Over ons', 'Inloggen']);
    await reloaded;
    await expect.poll(() => page.getByTestId('menu-status').textContent()).not.toBe('');
    // Stored: a fresh load of the editor shows the same.
    await openAdmin(page, stack, TENANT, '/content/menu-items');
    await item('Contact').waitFor();
    expect(await titles(page, 0)).toEqual(['Contact', 'Over ons', 'Inloggen']);
    expect(await titles(page, 1)).toEqual(['Stagebank', 'Voor scholen', 'Voor organisaties']);
    await expectAccessible(page, 'menu editor after dragging');
    expect(problems).toEqual([]);
    await context.close();

    // A visitor's portal: the main items in the new order; on /stagebank, Contact is active and
    // Stagebank its sub-item (desktop tabs), and the phone's side panel nests it.
    const visitor = await openBrowser(stack, { viewport: DESKTOP });
    const tabs = visitor.page.getByTestId('main-menu').locator('ul.tabs:not(.tabs--sub) > li > a');
    await expect
      .poll(
        async () => {
          await visitor.page.goto(stack.url(TENANT, '/stagebank'));
          await visitor.page.getByTestId('language-toggle').waitFor();
          return tabs.allTextContents();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toEqual(['Contact', 'Over ons', 'Inloggen']);
    expect(await visitor.page.getByTestId('sub-item').allTextContents()).toEqual(['Stagebank']);
    expect(await tabs.nth(0).getAttribute('class')).toContain('tab--active');
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();

    const phone = await openBrowser(stack, { viewport: PHONE });
    await phone.page.goto(stack.url(TENANT, '/'));
    await phone.page.getByTestId('menu-button').click();
    const panel = phone.page.getByTestId('side-panel');
    await panel.getByRole('link', { name: 'Stagebank', exact: true }).waitFor();
    const nested = await panel
      .locator('nav.menu-list > ul > li')
      .evaluateAll((lis) =>
        lis.map((li) => [
          li.querySelector(':scope > a')?.textContent,
          [...li.querySelectorAll(':scope > ul a')].map((a) => a.textContent),
        ]),
      );
    expect(nested).toEqual([
      ['Contact', ['Stagebank']],
      ['Over ons', ['Voor scholen', 'Voor organisaties']],
      ['Inloggen', []],
    ]);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });
});
