import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  apiAs,
  DESKTOP,
  expectAccessible,
  openAdmin,
  openBrowser,
  PHONE,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * The back office's date inputs are the design system's `DateField` (design-system/src/forms/
 * date-field.tsx) bound to react-admin by admin-ui/src/ui/date-input.tsx: its markup, rules and
 * catalogue messages (nl and en), checked when the field loses focus (spec §5) — not only on saving —
 * an end date checked again when its start date changes, typed with the keyboard, axe-clean light and
 * dark. On the internship period form, at 375 and 1280 px.
 */
const TENANT = 'demo';
const nl = (key: string) => translate('nl', key);
const en = (key: string) => translate('en', key);
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

/** The texts a field links to through aria-describedby (its hint and its message). */
async function fieldMessage(page: Page, label: RegExp): Promise<string> {
  const described = await page.getByLabel(label).getAttribute('aria-describedby');
  if (!described) return '';
  const texts = await Promise.all(
    described.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ');
}

/** The design system's field frame around the input: its class, its message element. */
async function frameOf(page: Page, label: RegExp) {
  return page.getByLabel(label).evaluate((input) => ({
    frame: input.closest('.field')?.className ?? null,
    input: input.className,
    type: (input as HTMLInputElement).type,
    message: input.closest('.field')?.querySelector('[data-testid="field-error"]')?.textContent ?? null,
  }));
}

describe('date inputs in the back office', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`say on leaving the field that the end date lies before the start date, and follow the start date (${viewport.width} px)`, async () => {
      const { page, context, problems } = await openBrowser(stack, { viewport });
      await signIn(page, stack, TENANT, 'admin');
      await openAdmin(page, stack, TENANT, '/internship_periods/add');
      const name = `Periode ${viewport.width}`;
      await page.getByLabel(/^Naam/).fill(name);
      // Required dates carry react-admin's required mark, as its own required() gives.
      const labelOf = async (label: RegExp) =>
        page.locator(`label[for="${await page.getByLabel(label).getAttribute('id')}"]`).textContent();
      expect(await labelOf(/^Begindatum/)).toMatch(/\*$/);
      expect(await labelOf(/^Naam/)).toMatch(/\*$/);
      await page.getByLabel(/^Begindatum/).fill('2026-10-31');
      await page.getByLabel(/^Einddatum/).fill('2026-10-01');
      // Leaving the field is enough (no save yet).
      await page.getByLabel(/^Einddatum/).blur();
      await expect.poll(() => fieldMessage(page, /^Einddatum/)).toContain(nl('validation.endBeforeStart'));
      expect(await page.getByLabel(/^Einddatum/).getAttribute('aria-invalid')).toBe('true');
      // The design system's component itself, not react-admin's MUI field.
      expect(await frameOf(page, /^Einddatum/)).toEqual({
        frame: 'field field--invalid',
        input: 'field__input',
        type: 'date',
        message: nl('validation.endBeforeStart'),
      });
      await expectAccessible(page, `period dates with a message at ${viewport.width} px`);

      // An earlier start date clears the end date's message without touching the end date.
      await page.getByLabel(/^Begindatum/).fill('2026-09-01');
      await page.getByLabel(/^Begindatum/).blur();
      await expect
        .poll(() => fieldMessage(page, /^Einddatum/))
        .not.toContain(nl('validation.endBeforeStart'));

      await page.getByRole('button', { name: 'Opslaan' }).click();
      const admin = await apiAs(stack.app, TENANT, 'admin', 'school');
      await expect
        .poll(async () => {
          const list = await admin.get<{
            data: { attributes: { name: string; start_date: string; end_date: string } }[];
          }>('/api/v1/internship_periods?page[size]=100');
          return list.body.data
            .filter((p) => p.attributes.name === name)
            .map((p) => [p.attributes.start_date, p.attributes.end_date]);
        })
        .toEqual([['2026-09-01', '2026-10-01']]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe('the design system’s date field in the back office', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`takes a date from the keyboard and says the rules in Dutch and English, axe-clean light and dark (${viewport.width} px)`, async () => {
      const { page, context, problems } = await openBrowser(stack, { viewport });
      await signIn(page, stack, TENANT, 'admin');
      await openAdmin(page, stack, TENANT, '/internship_periods/add');
      const start = page.getByLabel(/^Begindatum/);
      const end = page.getByLabel(/^Einddatum/);

      // Required: leaving it empty says so at once, before any save.
      await start.focus();
      await start.blur();
      await expect.poll(() => fieldMessage(page, /^Begindatum/)).toBe(nl('validation.required'));

      // Keyboard: Tab from the name into the start date, the digits of the parts (day and month alike,
      // so the browser's order of the parts does not matter), ↑/↓ on the year part. The message
      // clears when the field is left valid.
      await page.getByLabel(/^Naam/).fill(`Toetsenbord ${viewport.width}`);
      await page.getByLabel(/^Naam/).focus();
      await page.keyboard.press('Tab');
      expect(await start.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.type('10102026');
      await expect.poll(() => start.inputValue()).toBe('2026-10-10');
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => start.inputValue()).toBe('2027-10-10');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => start.inputValue()).toBe('2026-10-10');
      await start.blur();
      await expect.poll(() => fieldMessage(page, /^Begindatum/)).toBe('');
      expect(await start.getAttribute('aria-invalid')).toBeNull();

      // The end date by keyboard too, before the start: the contracts rule's message.
      await end.focus();
      await page.keyboard.type('09092026');
      await expect.poll(() => end.inputValue()).toBe('2026-09-09');
      // Tab goes through the control's parts (and its calendar button) before it leaves the field.
      for (let i = 0; i < 5 && (await end.evaluate((input) => input === document.activeElement)); i++)
        await page.keyboard.press('Tab');
      expect(await end.evaluate((input) => input === document.activeElement)).toBe(false);
      await expect.poll(() => fieldMessage(page, /^Einddatum/)).toBe(nl('validation.endBeforeStart'));
      await expectAccessible(page, `date messages, light, ${viewport.width} px`);
      await shot(page, `date-field-nl-light`);

      // Dark (the portal's "system" preference follows the OS): the dark token variables, the
      // browser’s own date control in the dark scheme, axe-clean with the messages showing.
      await page.emulateMedia({ colorScheme: 'dark' });
      await openAdmin(page, stack, TENANT, '/internship_periods/add');
      expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
      await start.focus();
      await start.blur();
      await expect.poll(() => fieldMessage(page, /^Begindatum/)).toBe(nl('validation.required'));
      await start.fill('2026-10-31');
      await end.fill('2026-10-01');
      await end.blur();
      await expect.poll(() => fieldMessage(page, /^Einddatum/)).toBe(nl('validation.endBeforeStart'));
      await start.fill('');
      await start.blur();
      await expect.poll(() => fieldMessage(page, /^Begindatum/)).toBe(nl('validation.required'));
      await expectAccessible(page, `date messages, dark, ${viewport.width} px`);
      await shot(page, `date-field-nl-dark`);
      await page.emulateMedia({ colorScheme: 'light' });

      // English: the same rules with the catalogue's English texts.
      await page.evaluate(() => (document.cookie = 'locale=en; path=/'));
      await openAdmin(page, stack, TENANT, '/internship_periods/add');
      await page.getByLabel(/^Name/).fill(`Keyboard ${viewport.width}`);
      await page.getByLabel(/^Start date/).focus();
      await page.getByLabel(/^Start date/).blur();
      await expect.poll(() => fieldMessage(page, /^Start date/)).toBe(en('validation.required'));
      await page.getByLabel(/^Start date/).fill('2026-10-31');
      await page.getByLabel(/^End date/).fill('2026-10-01');
      await page.getByLabel(/^End date/).blur();
      await expect.poll(() => fieldMessage(page, /^End date/)).toBe(en('validation.endBeforeStart'));
      expect(en('validation.endBeforeStart')).not.toBe(nl('validation.endBeforeStart'));
      // Saving with the end before the start is refused in the form: react-hook-form focuses the
      // first invalid field through the input's ref, the end date.
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => page.getByLabel(/^End date/).evaluate((input) => input === document.activeElement))
        .toBe(true);
      await expectAccessible(page, `date messages in English, ${viewport.width} px`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
