import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@stageplein/contracts/i18n/index';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import {
  DEMO_PASSWORD,
  demo,
  DESKTOP,
  expectAccessible,
  latestMail as mail,
  openPortal,
  PHONE,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

let stack: TStack;
beforeAll(async () => {
  // A staging deployment: the test pages (`/test/toaster`, `/test/server-error`) are 404 elsewhere.
  stack = await startStack({ env: { STAGING: 'true' } });
});
afterAll(async () => stack?.close());

const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);

const latestMail = (tenant: string, to: string, kind: string) => mail(stack, tenant, to, kind);

describe('account screens, signed in, on a phone and a desktop', () => {
  const screens: [string, string, string][] = [
    ['dashboard', '/dashboard', 'dashboard'],
    ['profile', '/profile-edit', 'profile-form'],
    ['profile-email', '/profile-edit/email', 'email-form'],
    ['profile-settings', '/profile-edit/settings', 'settings-form'],
    ['profile-periodic-mail', '/profile-edit/periodieke-mail', 'periodic-mail-form'],
    ['roles', '/account/roles', 'roles-table'],
    ['settings', '/instellingen', 'settings-page'],
    ['organization-settings', '/instellingen/organisatie', 'organization-settings'],
    ['delete-account', '/account/verwijderen', 'delete-account-form'],
    ['no-organization', '/auth/no-organization', 'page-title'],
    ['toaster', '/test/toaster', 'toaster-test'],
    ['conversations', '/conversations', 'conversations-page'],
  ];

  for (const viewport of [PHONE, DESKTOP]) {
    it(`are accessible, fit ${viewport.width} px and are titled (masplein admin)`, async () => {
      const { page, context, problems } = await openPortal(stack, { viewport });
      await signIn(page, stack, 'masplein', demo('admin', 'masplein'));
      for (const [name, path, testId] of screens) {
        await page.goto(stack.url('masplein', path));
        await page.getByTestId(testId).first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
        expect(await page.title(), name).toMatch(/ - Masplein$/);
        await shot(page, `masplein-${name}`);
        await expectAccessible(page, name);
      }
      // The account menu open, and (phone) the side panel with the account section.
      await page.goto(stack.url('masplein', '/dashboard'));
      await page.getByTestId('account-menu').click();
      await page.getByTestId('account-menu-panel').waitFor();
      await shot(page, 'masplein-account-menu');
      await expectAccessible(page, 'account menu');
      await page.keyboard.press('Escape');
      if (viewport === PHONE) {
        await page.getByTestId('menu-button').click();
        await page.getByRole('dialog').waitFor();
        await shot(page, 'masplein-side-panel-signed-in');
        await expectAccessible(page, 'side panel signed in');
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe('profile', () => {
  it('saves name, phone and mail language (PATCH /api/v1/current_user, snake_case) with a toast', async () => {
    const { page, context } = await openPortal(stack, { viewport: PHONE });
    await signIn(page, stack, 'demo', demo('student', 'demo'));
    await page.goto(stack.url('demo', '/profile-edit'));
    await page.getByTestId('profile-form').waitFor();
    await page.getByLabel(nl('portal.profile.firstName')).fill('');
    await page.getByLabel(nl('portal.profile.firstName')).blur();
    await expect.poll(() => page.getByTestId('field-error').textContent()).toBe(nl('validation.required'));
    await page.getByLabel(nl('portal.profile.firstName')).fill('Sanne');
    await page.getByLabel(nl('portal.profile.phoneNumber'), { exact: false }).fill('0612345678');
    await page.getByLabel(nl('portal.profile.locale'), { exact: false }).selectOption('en');
    const request = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/current_user') && r.method() === 'PATCH',
    );
    await page.getByTestId('profile-save').click();
    expect((await request).postDataJSON()).toEqual({
      user: {
        first_name: 'Sanne',
        last_name: 'Student',
        gender: null,
        phone_number: '0612345678',
        locale: 'en',
      },
    });
    await expect
      .poll(() => page.getByTestId('toast').last().textContent())
      .toContain(nl('portal.profile.saved'));
    // The refresh after PATCH (spec §7) updates the header.
    await expect.poll(() => page.getByTestId('account-menu').textContent()).toContain('SS');
    await page.reload();
    await page.getByTestId('profile-form').waitFor();
    expect(await page.getByLabel(nl('portal.profile.firstName')).inputValue()).toBe('Sanne');
    await context.close();
  });

  it('asks for the current password to change the email address; it changes once the new one confirms', async () => {
    const { page, context } = await openPortal(stack);
    await signIn(page, stack, 'demo', demo('mentor', 'demo'));
    await page.goto(stack.url('demo', '/profile-edit/email'));
    await page.getByTestId('email-form').waitFor();
    expect(await page.getByTestId('current-email').textContent()).toBe(demo('mentor', 'demo'));
    await page.getByLabel(nl('portal.profile.newEmail')).fill('mila@demo.test');
    await page.getByLabel(nl('portal.profile.currentPassword')).fill('niet-mijn-wachtwoord');
    await page.getByTestId('email-form').getByRole('button').click();
    await expect
      .poll(() => page.getByTestId('field-error').textContent())
      .toBe(nl('api.invalid_credentials.detail'));
    await page.getByLabel(nl('portal.profile.currentPassword')).fill(DEMO_PASSWORD);
    await page.getByTestId('email-form').getByRole('button').click();
    // Issue #12: the new address waits for its confirmation; the old one stays until then.
    await page.getByTestId('pending-email').waitFor();
    expect(await page.getByTestId('pending-email').textContent()).toContain('mila@demo.test');
    expect(await page.getByTestId('current-email').textContent()).toBe(demo('mentor', 'demo'));
    const token = /confirmation_token=([^\s&"<>]+)/.exec(
      await latestMail('demo', 'mila@demo.test', 'email_change'),
    )?.[1];
    expect(token).toBeTruthy();
    await page.goto(stack.url('demo', `/confirm?confirmation_token=${token}`));
    await page.getByTestId('confirm-form').getByRole('button').click();
    await page.getByTestId('confirm-done').waitFor();
    await page.goto(stack.url('demo', '/profile-edit/email'));
    await expect.poll(() => page.getByTestId('current-email').textContent()).toBe('mila@demo.test');
    await context.close();
  });

  it('keeps notification settings and the periodic mail choice', async () => {
    const { page, context } = await openPortal(stack);
    await signIn(page, stack, 'raayland', demo('bedrijf', 'raayland'));
    await page.goto(stack.url('raayland', '/profile-edit/settings'));
    const checkbox = page.getByLabel(nl('portal.profile.emailNotifications'));
    expect(await checkbox.isChecked()).toBe(true);
    await checkbox.uncheck();
    await page.getByTestId('settings-form').getByRole('button').click();
    await expect
      .poll(() => page.getByTestId('toast').last().textContent())
      .toContain(nl('portal.profile.saved'));

    await page.getByRole('link', { name: nl('routes.profile.periodicMail') }).click();
    await page.getByTestId('periodic-mail-form').waitFor();
    expect(await page.getByLabel(nl('portal.profile.frequencies.weekly')).isChecked()).toBe(true);
    await page.getByLabel(nl('portal.profile.frequencies.monthly')).check();
    // Reload only after this save was answered: the first save's toast may still be showing.
    const saved = page.waitForResponse(
      (r) => r.request().method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/'),
    );
    await page.getByTestId('periodic-mail-form').getByRole('button').click();
    expect((await saved).ok()).toBe(true);

    await page.reload();
    await page.getByTestId('periodic-mail-form').waitFor();
    expect(await page.getByLabel(nl('portal.profile.frequencies.monthly')).isChecked()).toBe(true);
    await page.getByRole('link', { name: nl('routes.profile.settings') }).click();
    await expect.poll(() => page.getByLabel(nl('portal.profile.emailNotifications')).isChecked()).toBe(false);
    await context.close();
  });

  it('changes the password with this client’s credentials (PUT /auth/password)', async () => {
    const email = demo('student', 'raayland');
    const { page, context } = await openPortal(stack);
    await signIn(page, stack, 'raayland', email);
    await page.goto(stack.url('raayland', '/profile-edit/settings'));
    const form = page.getByTestId('password-form');
    await form.getByLabel(nl('portal.reset.password'), { exact: false }).first().fill('ander-wachtwoord-2');
    await form.getByLabel(nl('portal.reset.passwordConfirmation')).fill('ander-wachtwoord-2');
    const request = page.waitForRequest((r) => r.url().endsWith('/auth/password') && r.method() === 'PUT');
    await form.getByRole('button').click();
    const headers = (await request).headers();
    expect(headers.uid).toBe(email);
    expect(headers.client).toBeTruthy();
    expect(headers['access-token']).toBeTruthy();
    await expect
      .poll(() => page.getByTestId('toast').last().textContent())
      .toContain(nl('portal.reset.done'));
    // Still signed in on this client; the new password works.
    await page.goto(stack.url('raayland', '/dashboard'));
    await page.getByTestId('dashboard').waitFor();
    await context.close();
    const fresh = await openPortal(stack);
    await signIn(fresh.page, stack, 'raayland', email, 'ander-wachtwoord-2');
    await fresh.context.close();
  });
});

describe('roles and settings', () => {
  it('lists the roles per organization, marking the current one', async () => {
    const { page, context } = await openPortal(stack);
    await signIn(page, stack, 'demo', demo('admin', 'demo'));
    await page.goto(stack.url('demo', '/account/roles'));
    await page.getByTestId('roles-table').waitFor();
    const rows = page.getByTestId('roles-table').locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.locator('td:first-child').allTextContents()).toEqual([
      nl('portal.roles.names.admin'),
      nl('portal.roles.names.admin'),
    ]);
    expect(await page.getByTestId('roles-table').locator('tr[data-current="true"]').count()).toBe(1);
    await context.close();
  });

  it('switches language and colour mode on /instellingen', async () => {
    const { page, context } = await openPortal(stack);
    await signIn(page, stack, 'demo', demo('student', 'demo'));
    await page.goto(stack.url('demo', '/instellingen'));
    await page.getByTestId('language-select').selectOption('en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await page.getByTestId('page-title').textContent()).toBe(translate('en', 'routes.settings.index'));
    await page.getByTestId('color-mode').first().selectOption('dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.colorMode)).toBe('dark');
    await shot(page, 'demo-settings-en-dark');
    await expectAccessible(page, 'settings in English, dark');
    // Organization settings are for admins only.
    await page.goto(stack.url('demo', '/instellingen/organisatie'));
    await page.getByTestId('error-screen').waitFor();
    expect(await page.getByTestId('error-title').textContent()).toBe(
      translate('en', 'errors.forbidden.title'),
    );
    await context.close();
  });
});

describe('deleting an account', () => {
  it('mails a confirmation link; the link deletes the account and signs it out', async () => {
    const email = demo('mentor', 'raayland');
    const { page, context } = await openPortal(stack, { viewport: PHONE });
    await signIn(page, stack, 'raayland', email);
    await page.goto(stack.url('raayland', '/account/verwijderen'));
    await expect.poll(() => page.getByLabel('E-mailadres').inputValue()).toBe(email);
    await page.getByTestId('delete-account-form').getByRole('button').click();
    await page.getByTestId('delete-account-message').waitFor();
    expect(await page.getByTestId('delete-account-message').textContent()).toBe(
      nl('identity.accountDeletionRequested'),
    );

    const token = /\/account\/verwijderen\?token=([^\s&"<>]+)/.exec(
      await latestMail('raayland', email, 'account_deletion'),
    )?.[1];
    expect(token).toBeTruthy();
    await page.goto(stack.url('raayland', `/account/verwijderen?token=${token}`));
    await page.getByTestId('delete-account-confirm').waitFor();
    await shot(page, 'raayland-delete-account-confirm');
    await expectAccessible(page, 'delete account confirm');
    await page.getByTestId('delete-account-confirm').getByRole('button').click();
    await page.getByTestId('delete-account-message').waitFor();
    expect(await page.getByTestId('delete-account-message').textContent()).toBe(
      nl('identity.accountDeleted'),
    );
    await page.getByTestId('sign-in').waitFor();
    await context.close();

    // The account is gone.
    const fresh = await openPortal(stack);
    await fresh.page.goto(stack.url('raayland', '/inloggen'));
    await fresh.page.getByLabel('E-mailadres').fill(email);
    await fresh.page.getByLabel(/^Wachtwoord/).fill(DEMO_PASSWORD);
    await fresh.page.getByTestId('login-submit').click();
    await fresh.page.getByTestId('login-error').waitFor();
    await fresh.context.close();
  });
});

describe('confirming an invitation (/confirm)', () => {
  it('asks an invited user for a password, then the account works', async () => {
    const school = seedOrganizationId('raayland', 'school');
    // In-process: a network client's x-tenant does not count (docs/security.md), the harness's does.
    const signInAnswer = await stack.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { 'x-tenant': 'raayland' },
      payload: { email: demo('admin', 'raayland'), password: DEMO_PASSWORD },
    });
    const credentials = Object.fromEntries(
      ['access-token', 'client', 'uid'].map((h) => [h, String(signInAnswer.headers[h])]),
    );
    const email = 'nieuwe.leerling@raayland.test';
    const invite = await stack.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { 'x-tenant': 'raayland', 'x-current-organization-id': school, ...credentials },
      payload: {
        data: {
          type: 'users',
          attributes: { email, first_name: 'Nina', last_name: 'Nieuw', role: 'student' },
        },
      },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const token = /confirmation_token=([^\s&"<>]+)/.exec(
      await latestMail('raayland', email, 'invitation'),
    )?.[1];
    expect(token).toBeTruthy();

    const { page, context } = await openPortal(stack, { viewport: PHONE });
    await page.goto(stack.url('raayland', `/confirm?confirmation_token=${token}`));
    await page.getByTestId('confirm-form').getByRole('button').click();
    // Invited users have no password yet: the service asks for one.
    await page.getByLabel(nl('portal.reset.password'), { exact: false }).first().waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe(nl('routes.confirm'));
    await shot(page, 'raayland-confirm-password');
    await expectAccessible(page, 'confirm with password');
    await page.getByLabel(nl('portal.reset.password'), { exact: false }).first().fill('eigen-wachtwoord-3');
    await page.getByLabel(nl('portal.reset.passwordConfirmation')).fill('eigen-wachtwoord-3');
    await page.getByTestId('confirm-form').getByRole('button').click();
    await page.getByTestId('confirm-done').waitFor();
    await signIn(page, stack, 'raayland', email, 'eigen-wachtwoord-3');
    expect(await page.getByTestId('dashboard').getAttribute('data-role')).toBe('student');
    await context.close();
  });
});
