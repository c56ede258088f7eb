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
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * The back office's date inputs are the design system's date field (admin-ui/src/ui/date-input.tsx):
 * its rules and messages, checked when the field loses focus (spec §5) — not only on saving — and
 * an end date checked again when its start date changes. On the internship period form, at 375 and
 * 1280 px.
 */
const TENANT = 'demo';
const nl = (key: string) => translate('nl', key);
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

/** The helper text react-admin links to a field through aria-describedby. */
async function fieldMessage(page: Page, label: RegExp): Promise<string> {
  const described = await page.getByLabel(label).getAttribute('aria-describedby');
  return described ? ((await page.locator(`[id="${described}"]`).textContent()) ?? '') : '';
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
