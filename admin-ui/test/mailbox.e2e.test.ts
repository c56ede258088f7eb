import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  apiAs,
  DESKTOP,
  expectAccessible,
  openAdmin,
  openBrowser,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * The embedded profile's sent mail in the back office (issue #12): only a platform operator — an
 * admin acting for the tenant's approved VolunteerCenter, the server's rule — sees the section, and
 * reads a mail with its links clickable; the same admin acting for the School does not.
 */
const TENANT = 'demo';
const MAILBOX = translate('nl', 'routes.admin.mailbox');

let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

describe('sent mail in the back office', () => {
  it('is for platform operators: a mail’s reset link is clickable in its row', async () => {
    const anonymous = await apiAs(stack.app, TENANT, null);
    const reset = await anonymous.send('POST', '/auth/password', { email: `student@${TENANT}.test` });
    expect(reset.status).toBe(200);

    const { page, context } = await openBrowser(stack, { viewport: DESKTOP });
    try {
      await signIn(page, stack, TENANT, 'admin');
      await openAdmin(page, stack, TENANT, '/beheer');
      // Acting for the School: no mailbox in the menu, and the screen itself refuses.
      await page.getByRole('menuitem', { name: translate('nl', 'routes.users.index') }).waitFor();
      expect(await page.getByRole('menuitem', { name: MAILBOX }).count()).toBe(0);

      await page
        .getByTestId('organization-select')
        .first()
        .selectOption(seedOrganizationId(TENANT, 'volunteer-center'));
      await page.getByRole('menuitem', { name: MAILBOX }).click();
      await page.waitForURL(/\/mailbox$/);
      const row = page.getByRole('row', { name: new RegExp(`student@${TENANT}\\.test`) }).first();
      await row.waitFor();
      const link = page.getByRole('link', { name: /reset_password_token=/ }).first();
      await link.waitFor();
      expect(await link.getAttribute('href')).toMatch(
        /^http:\/\/demo\.localhost:\d+\/\S*reset_password_token=/,
      );
      await expectAccessible(page, 'mailbox');
    } finally {
      await context.close();
    }
  });
});
