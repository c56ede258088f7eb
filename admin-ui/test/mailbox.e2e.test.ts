import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  demo,
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
 * The dev mailbox in the back office (issue #12): the embedded profile's sent mail for the tenant's
 * platform operators, a list and one mail with clickable links; no menu entry and a 403 for others.
 */
const TENANT = 'demo';
let stack: TStack;
beforeAll(async () => {
  stack = await startStack({ env: { DEV_MAILBOX: 'true' } });
  // A mail to read: the student's password reset.
  const ask = await stack.app.inject({
    method: 'POST',
    url: '/auth/password',
    headers: { host: `${TENANT}.localhost` },
    payload: { email: demo('student', TENANT) },
  });
  expect(ask.statusCode, ask.body).toBe(200);
});
afterAll(async () => stack?.close());

const mailbox = '/admin/mailbox';

describe('the dev mailbox', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('a platform operator reads the sent mail and follows its link (%s)', async (_label, viewport) => {
    const { page, context, problems } = await openBrowser(stack, { viewport: DESKTOP });
    await signIn(page, stack, TENANT, 'admin');
    await openAdmin(page, stack, TENANT, '/beheer');
    // Chosen in the app bar (on phones it sits in the menu drawer), then the screen's size.
    await page
      .getByTestId('organization-select')
      .first()
      .selectOption(seedOrganizationId(TENANT, 'volunteer-center'));
    await page.setViewportSize(viewport);
    await openAdmin(page, stack, TENANT, mailbox);
    // The menu entry (the side menu is a drawer on phones).
    if (viewport === DESKTOP) expect(await page.locator(`a[href="${mailbox}"]`).count()).toBeGreaterThan(0);
    const row = page
      .getByTestId('mail-row')
      .filter({ hasText: demo('student', TENANT) })
      .first();
    await row.waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe(translate('nl', 'routes.admin.mailbox'));
    await expectAccessible(page, `mailbox at ${viewport.width}px`);
    await row.getByRole('link').click();
    await page.waitForURL(/\/admin\/mailbox\/[0-9a-f-]{36}$/);
    await page.getByTestId('mail-text').waitFor();
    expect(await page.getByTestId('mail-to').textContent()).toBe(demo('student', TENANT));
    const link = page.getByTestId('mail-text').getByRole('link').first();
    expect(await link.getAttribute('href')).toMatch(/^https?:\/\/\S+\/auth\/reset\?\S+/);
    await expectAccessible(page, `mail at ${viewport.width}px`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is no menu entry and a 403 for an admin who is no platform operator (the School’s)', async () => {
    const { page, context } = await openBrowser(stack);
    await signIn(page, stack, TENANT, 'admin');
    await openAdmin(page, stack, TENANT, '/beheer');
    await page.getByTestId('organization-select').first().selectOption(seedOrganizationId(TENANT, 'school'));
    await openAdmin(page, stack, TENANT, '/users');
    expect(await page.locator(`a[href="${mailbox}"]`).count()).toBe(0);
    await openAdmin(page, stack, TENANT, mailbox);
    await page.getByTestId('error-title').waitFor();
    expect(await page.getByTestId('error-title').textContent()).toContain(
      translate('nl', 'errors.forbidden.title'),
    );
    expect(await page.getByTestId('mail-row').count()).toBe(0);
    await context.close();
  });
});
