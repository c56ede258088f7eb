import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  apiAs,
  demo,
  DESKTOP,
  expectAccessible,
  openPortal,
  signIn,
  startStack,
  type TDemo,
  type TStack,
} from './stack.ts';

/**
 * Issue #13's findings in the portal, each seen failing before its fix: the account menu on
 * phones, organizations named by type, the raw id on the organization settings, nuborgh's two
 * e-mail fields, dashboard tiles to screens that do not exist, "abc" as a phone number.
 */
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);

describe('the account menu on a phone', () => {
  it.each([360, 375, 414])('stays inside a %i px wide screen', async (width) => {
    const { page, context, problems } = await openPortal(stack, { viewport: { width, height: 800 } });
    await signIn(page, stack, 'demo', demo('admin', 'demo'));
    await page.getByTestId('account-menu').click();
    const panel = page.getByTestId('account-menu-panel');
    await panel.waitFor();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page, `account menu at ${width}px`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('organizations', () => {
  it('are named by their names (identity’s read model), not their type, and no raw id is shown', async () => {
    const api = await apiAs(stack.app, 'demo', 'admin', 'school');
    const nameOf = async (id: string) =>
      (await api.get<{ data: { attributes: { name: string } } }>(`/api/v1/organizations/${id}`)).body.data
        .attributes.name;
    const school = seedOrganizationId('demo', 'school');
    const center = seedOrganizationId('demo', 'volunteer-center');
    const names = [await nameOf(school), await nameOf(center)];

    const { page, context } = await openPortal(stack, { viewport: DESKTOP });
    await signIn(page, stack, 'demo', demo('admin', 'demo'));
    const select = page.getByTestId('dashboard-organization-select');
    await expect
      .poll(() => select.locator('option').allTextContents())
      .toEqual(expect.arrayContaining(names));
    for (const type of ['School', 'Vrijwilligerscentrum']) {
      expect(await select.locator('option').allTextContents()).not.toContain(type);
    }

    await page.goto(stack.url('demo', '/instellingen/organisatie'));
    const settings = page.getByTestId('organization-settings');
    await settings.waitFor();
    const text = (await settings.textContent()) ?? '';
    expect(names.some((n) => text.includes(n))).toBe(true);
    expect(text).not.toContain(school);
    expect(text).not.toContain(center);
    expect(text).not.toContain('Kenmerk');
    await expectAccessible(page, 'organization settings');
    await context.close();
  });
});

describe('nuborgh’s login page', () => {
  it('has one e-mail address field, for the password and for the mailed link', async () => {
    const { page, context } = await openPortal(stack);
    await page.goto(stack.url('nuborgh', '/inloggen'));
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByLabel(nl('portal.auth.email')).count()).toBe(1);
    await page.getByTestId('passwordless-submit').waitFor();
    await expectAccessible(page, 'nuborgh login');
    await context.close();
  });
});

describe('dashboard tiles', () => {
  const roles: [TDemo, string][] = [
    ['student', 'demo'],
    ['mentor', 'demo'],
    ['admin', 'demo'],
    ['bedrijf', 'demo'],
  ];
  it.each(roles)('of %s lead only to screens that exist', async (who, tenant) => {
    const { page, context } = await openPortal(stack, { viewport: DESKTOP });
    await signIn(page, stack, tenant, demo(who, tenant));
    const tiles = page.getByTestId('dashboard-tiles').locator('a');
    await tiles.first().waitFor();
    const hrefs = await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      await page.goto(stack.url(tenant, href));
      // The portal's screens have a page title; the back office's its app bar, then its content.
      const ready = page
        .getByTestId('page-title')
        .or(page.getByTestId('appbar-app-name'))
        .or(page.getByTestId('error-screen'));
      await ready.first().waitFor();
      await page.waitForFunction(() => !document.querySelector('.RaLoading-root, [role="progressbar"]'));
      expect(await page.getByTestId('placeholder-page').count(), href).toBe(0);
      expect(await page.getByTestId('not-built').count(), href).toBe(0);
      expect(await page.getByTestId('error-screen').count(), href).toBe(0);
    }
    await context.close();
  });
});

describe('the phone number', () => {
  it('refuses "abc" in the profile form, and the server refuses it too (one contracts rule)', async () => {
    const { page, context } = await openPortal(stack, {
      viewport: DESKTOP,
      expectFailures: [/\/api\/v1\/current_user$/],
    });
    await signIn(page, stack, 'demo', demo('student', 'demo'));
    await page.goto(stack.url('demo', '/profile-edit'));
    const form = page.getByTestId('profile-form');
    await form.waitFor();
    const phone = form.getByLabel(nl('portal.profile.phoneNumber'));
    await phone.fill('abc');
    await page.getByTestId('profile-save').click();
    const message = nl('validation.phoneNumber');
    await expect.poll(() => form.textContent()).toContain(message);
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'profile with a wrong phone number');

    const api = await apiAs(stack.app, 'demo', 'student', 'school');
    const answer = await api.send<{ errors: { detail: string; source?: { pointer?: string } }[] }>(
      'PATCH',
      '/api/v1/current_user',
      { user: { phone_number: 'abc' } },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((e) => e.detail)).toContain(message);
    const me = await api.get<{ data: { attributes: { phone_number: string | null } } }>(
      '/api/v1/current_user',
    );
    expect(me.body.data.attributes.phone_number).not.toBe('abc');

    await phone.fill('06 12345678');
    await page.getByTestId('profile-save').click();
    await expect.poll(() => form.textContent()).not.toContain(message);
    await context.close();
  });
});
