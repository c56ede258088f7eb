import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '@stageplein/contracts/i18n/index';
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

/**
 * The delivery choices (issue #35, docs/decisions/notifications.md "Preferences") on
 * /profile-edit/periodieke-mail: per category only in Stageplein, also by e-mail, or in the periodic
 * mail; account and signing mail cannot be switched off. A choice is saved as made and kept.
 */
const TENANT = 'demo';
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

describe('delivery choices', () => {
  it('a student on a phone puts hours into the periodic mail; account mail stays on; kept after a reload (nl)', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, demo('student', TENANT));
      await page.goto(stack.url(TENANT, '/profile-edit/periodieke-mail'));
      const hours = page.getByTestId('delivery-hours');
      await hours.getByRole('radio', { name: 'Ook per e-mail' }).waitFor();
      expect(await hours.getByRole('radio', { name: 'Ook per e-mail' }).isChecked()).toBe(true);
      const account = page.getByTestId('delivery-account');
      expect(await account.textContent()).toContain('Altijd per e-mail');
      expect(await account.getByRole('radio').count()).toBe(0);
      expect(await page.getByTestId('delivery-signing').getByRole('radio').count()).toBe(0);
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/v1/notification_preferences/hours') && r.request().method() === 'PATCH',
      );
      await hours.getByText('In de periodieke mail').click();
      expect((await saved).status()).toBe(200);
      await page.getByText('Opgeslagen: Uren — In de periodieke mail.').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page, 'delivery choices at 375px');
      await shot(page, 'delivery-choices-phone');
      await page.reload();
      const digest = page.getByTestId('delivery-hours').getByRole('radio', { name: 'In de periodieke mail' });
      await digest.waitFor();
      expect(await digest.isChecked()).toBe(true);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads in English on a desktop', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    try {
      await context.addCookies([{ name: LOCALE_COOKIE, value: 'en', url: stack.url(TENANT, '/') }]);
      await signIn(page, stack, TENANT, demo('mentor', TENANT));
      await page.goto(stack.url(TENANT, '/profile-edit/periodieke-mail'));
      await page.getByRole('heading', { name: 'How do you hear of it?' }).waitFor();
      await page
        .getByTestId('delivery-messages')
        .getByRole('radio', { name: 'Only in Stageplein' })
        .waitFor();
      expect(await page.getByTestId('delivery-account').textContent()).toContain('Always by email');
      await expectAccessible(page, 'delivery choices in English');
      await shot(page, 'delivery-choices-en-desktop');
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
