import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildMainMenu, type TCmsMenuItem } from '@stageplein/contracts/content/menu';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { RICH_TEXT_MESSAGES } from '@stageplein/design-system/rich-text/rich-text-messages.ts';
import {
  apiAs,
  DESKTOP,
  expectAccessible,
  openAdmin,
  openBrowser,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * The back office's content editors (issue #15): a content editor (admin of the approved VolunteerCenter)
 * writes a page with formatted text in the rich-text editor, publishes it, adds it to the main
 * menu and nests it there with the keyboard (its buttons); the content API then serves the page and
 * the menu. (The portal's rendering is content-portal's; here the visitor's view is asserted on the
 * public API answers the portal reads.) Others get no menu entry and a 403.
 */
const TENANT = 'demo';
const SLUG = 'stagetips-e2e';
const tools = RICH_TEXT_MESSAGES.nl.commands;
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

/** Presses a toolbar button from the text with the keyboard: Alt+F10, arrows to it, Enter. */
async function toolbarCommand(page: Page, label: string): Promise<void> {
  await page.keyboard.press('Alt+F10');
  const toolbar = page.getByRole('toolbar').first();
  for (let i = 0; i < 20; i++) {
    const focused = await toolbar.evaluate(
      (t) => t.contains(document.activeElement) && document.activeElement?.getAttribute('aria-label'),
    );
    if (focused === label) break;
    await page.keyboard.press('ArrowRight');
  }
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(label);
  await page.keyboard.press('Enter');
  // The command gives the text its focus back in the next frame: type only once it has it.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.classList.contains('ProseMirror')))
    .toBe(true);
}

/** react-admin's save button under the form. */
const save = (page: Page) => page.locator('form button[type="submit"]').click();

interface TMenuItemWire {
  id: string;
  attributes: {
    menu_id: string;
    parent_id: string | null;
    link_type: string;
    path: string | null;
    system_page_id: number | null;
    title: string;
    position: number;
  };
}

describe('content editors', () => {
  it('an editor writes a formatted page, publishes it (nl and en) and puts it in the main menu, nested with the keyboard; the API serves both', async () => {
    const { page, context, problems } = await openBrowser(stack, { viewport: DESKTOP });
    await signIn(page, stack, TENANT, 'admin');
    await openAdmin(page, stack, TENANT, '/beheer');
    await page
      .getByTestId('organization-select')
      .first()
      .selectOption(seedOrganizationId(TENANT, 'volunteer-center'));
    await openAdmin(page, stack, TENANT, '/content');
    expect(await page.locator('a[href="/content"]').count()).toBeGreaterThan(0);
    // The seeded pages, as their latest saves.
    await page.getByRole('link', { name: 'Over ons' }).first().waitFor();
    await page.getByTestId('add-page').click();
    await page.waitForURL(/\/content\/pages\/add$/);

    // The rich-text editor (its own chunk) and the page's fields.
    const text = page.locator('[data-testid="rich-text-body"] .ProseMirror');
    await text.waitFor();
    await page.locator('input[name="title"]').fill('Stagetips');
    await page.locator('input[name="slug"]').fill(SLUG);
    // Reached as a keyboard user reaches it, without a click placing the caret: the empty editor starts
    // with one. (It started with the whole, blockless document selected: Kop 2 then made a heading and
    // the trailing paragraph, and stayed off -- also after a click whose caret the browser reported only
    // once the keyboard had moved to the toolbar, the rare failure of sessions 11 and 15.)
    await text.focus();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('ProseMirror')))
      .toBe(true);
    await toolbarCommand(page, tools.heading2);
    // A failure shows what the text and the focus were.
    await expect
      .poll(async () => ({
        pressed: await page.getByRole('button', { name: tools.heading2 }).getAttribute('aria-pressed'),
        text: await text.innerHTML(),
        focus: await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120)),
      }))
      .toMatchObject({ pressed: 'true' });
    await page.keyboard.type('Voor je begint');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Lees ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('dit eerst');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' en kijk bij ');
    // A link: the form refuses what the server would drop, then takes a site path.
    await page.getByRole('button', { name: tools.link }).click();
    const address = page.getByLabel(RICH_TEXT_MESSAGES.nl.linkAddress);
    await address.fill('javascript:alert(1)');
    await address.press('Enter');
    await page.getByText(RICH_TEXT_MESSAGES.nl.linkInvalid).waitFor();
    await address.fill('/over-ons');
    await address.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('ProseMirror')))
      .toBe(true);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await toolbarCommand(page, tools.bulletList);
    await page.keyboard.type('een cv');
    await page.keyboard.press('Enter');
    await page.keyboard.type('een motivatie');
    expect(await page.getByRole('button', { name: tools.bulletList }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expectAccessible(page, 'new page with the editor');
    await save(page);

    // The preview is the server's sanitised HTML of the latest save; not live yet.
    await page.waitForURL(/\/content\/pages\/[0-9a-f-]{36}\?lang=nl$/);
    const pageId = /pages\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    const preview = page.getByTestId('page-preview');
    await expect.poll(() => preview.innerHTML()).toContain('<strong>dit eerst</strong>');
    const html = await preview.innerHTML();
    expect(html).toContain('<h2>Voor je begint</h2>');
    expect(html).toMatch(/<a href="\/over-ons">/);
    expect(html).toContain('<ul><li><p>een cv</p></li><li><p>een motivatie</p></li></ul>');
    expect(await page.getByTestId('page-state').getAttribute('data-state')).toBe('offline');
    await page.getByTestId('page-publish').click();
    await expect.poll(() => page.getByTestId('page-state').getAttribute('data-state')).toBe('published');
    await expect
      .poll(() => page.getByTestId('page-revisions').locator('tr[data-live="true"]').count())
      .toBe(1);
    // The buttons that replace "publish" fade in: axe measures their colours once they are settled.
    await page.getByTestId('page-unpublish').waitFor();
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
    await expectAccessible(page, 'page preview');

    // English: the form starts from the Dutch text; saved and published on its own.
    // The switch is a navigation (?lang=en) React renders as a transition: the edit link points at
    // English once the button shows pressed (clicked before, it opened the Dutch form: no fallback).
    await page.getByTestId('content-language-en').click();
    await expect
      .poll(() => page.getByTestId('content-language-en').getAttribute('aria-pressed'))
      .toBe('true');
    expect(await page.getByTestId('page-edit').getAttribute('href')).toMatch(/\?lang=en$/);
    await page.getByTestId('page-edit').click();
    await page.getByTestId('page-fallback').waitFor();
    await page.locator('input[name="title"]').fill('Internship tips');
    await save(page);
    await page.waitForURL(/\?lang=en$/);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Internship tips');
    await page.getByTestId('page-publish').click();
    await expect.poll(() => page.getByTestId('page-state').getAttribute('data-state')).toBe('published');

    // The main menu: add the page, move it up one place with the keyboard, make it a sub-item.
    await openAdmin(page, stack, TENANT, '/content/menu-items');
    const items = page.getByTestId('menu-item');
    await items.first().waitFor();
    // The page first (its list loads after the menu), then the title; the button enables once both are
    // in the form's state (seen on a loaded machine: a click on the still-disabled button timed out).
    await page.getByRole('combobox', { name: 'Pagina' }).click();
    const option = page.getByRole('option', { name: new RegExp(`/${SLUG}`) });
    await option.waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
      await shot(page, 'menu-add-page');
      throw error;
    });
    await option.click();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Pagina' }).textContent())
      .toContain(`/${SLUG}`);
    await page.getByTestId('menu-add-title').fill('Stagetips');
    await expect.poll(() => page.getByTestId('menu-add-submit').isEnabled()).toBe(true);
    await page.getByTestId('menu-add-submit').click();
    const added = page.locator('[data-testid="menu-item"][data-title="Stagetips"]');
    await added.waitFor();
    const mainTitles = () =>
      page
        .locator('[data-testid="menu-item"][data-depth="0"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-title')));
    const before = await mainTitles();
    expect(before.at(-1)).toBe('Stagetips');
    await expectAccessible(page, 'menu editor');

    await added.getByTestId('menu-item-indent').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => added.getAttribute('data-depth')).toBe('1');
    const parentTitle = before.at(-2)!;

    // What a visitor's portal reads: the public menu and the published page, nl and en.
    const visitor = await apiAs(stack.app, TENANT, null);
    const menus = await visitor.get<{ data: { id: string; attributes: { slug: string } }[] }>(
      '/api/v1/cms/menus',
    );
    const main = menus.body.data.find((m) => m.attributes.slug === 'main')!;
    const mainMenu = async () => {
      const list = await visitor.get<{ data: TMenuItemWire[] }>(
        `/api/v1/cms/menu_items?page[size]=1000000&filter[menu_id_eq]=${main.id}`,
      );
      const cmsItems: TCmsMenuItem[] = list.body.data.map((i) => ({
        id: i.id,
        menuId: i.attributes.menu_id,
        parentId: i.attributes.parent_id,
        linkType: i.attributes.link_type,
        path: i.attributes.path,
        systemPageId: i.attributes.system_page_id,
        title: i.attributes.title,
        position: i.attributes.position,
      }));
      return buildMainMenu([{ id: main.id, slug: 'main' }], cmsItems, `/${SLUG}`);
    };
    await expect
      .poll(async () =>
        (await mainMenu())
          .find((e) => e.title === parentTitle)
          ?.children.map((c) => [c.title, c.path, c.active]),
      )
      .toContainEqual(['Stagetips', `/${SLUG}`, true]);
    expect((await mainMenu()).find((e) => e.title === parentTitle)?.active).toBe(true);
    // The main items kept their order.
    expect((await mainMenu()).map((e) => e.title)).toEqual(before.filter((t) => t !== 'Stagetips'));

    const nl = await visitor.get<{ data: { attributes: { title: string; body_html: string } }[] }>(
      `/api/v1/cms/pages?filter[slug_eq]=${SLUG}`,
    );
    expect(nl.body.data[0]?.attributes.title).toBe('Stagetips');
    expect(nl.body.data[0]?.attributes.body_html).toContain('<strong>dit eerst</strong>');
    const res = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/cms/pages/${pageId}`,
      headers: { host: `${TENANT}.localhost`, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect((JSON.parse(res.body) as { data: { attributes: { title: string } } }).data.attributes.title).toBe(
      'Internship tips',
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  // A School's admin (the School is preselected) edits no pages, news or menus (issue #31 item 7).
  it.each([
    ['a Provider’s admin', 'bedrijf'],
    ['a School’s admin', 'admin'],
  ] as const)('is no menu entry and a 403 for someone who does not edit content (%s)', async (_who, who) => {
    const { page, context } = await openBrowser(stack);
    await signIn(page, stack, TENANT, who);
    await openAdmin(page, stack, TENANT, '/beheer');
    expect(await page.locator('a[href="/content"]').count()).toBe(0);
    for (const path of ['/content', '/content/menu-items', '/content/news']) {
      await openAdmin(page, stack, TENANT, path);
      await page.getByTestId('error-title').waitFor();
      expect(await page.getByTestId('error-panel').getAttribute('data-kind')).toBe('forbidden');
    }
    await context.close();
  });
});
