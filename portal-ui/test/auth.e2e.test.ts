import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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
  stack = await startStack();
});
afterAll(async () => stack?.close());

const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);

const latestMail = (tenant: string, to: string, kind: string) => mail(stack, tenant, to, kind);

const credentialCookies = async (page: Page) =>
  (await page.context().cookies()).filter((c) => ['access-token', 'client', 'uid'].includes(c.name));

describe('signing in as each demo role, on two tenants', () => {
  const roles = [
    ['student', 'student'],
    ['mentor', 'mentor'],
    ['admin', 'schoolAdmin'],
    ['bedrijf', 'companyAdmin'],
  ] as const;

  for (const tenant of ['demo', 'stageplein'] as const) {
    for (const [account, role] of roles) {
      it(`${account}@${tenant}.test lands on the ${role} dashboard`, async () => {
        const viewport = account === 'student' || account === 'bedrijf' ? PHONE : DESKTOP;
        const { page, context, problems } = await openPortal(stack, { viewport });
        await signIn(page, stack, tenant, demo(account, tenant));
        // The demo admin administers the School and the VolunteerCenter: the first of the two in the
        // role list is preselected (spec §4), so either dashboard is right.
        const expected: readonly string[] = role === 'schoolAdmin' ? ['schoolAdmin', 'centerAdmin'] : [role];
        const shown = (await page.getByTestId('dashboard').getAttribute('data-role'))!;
        expect(expected).toContain(shown);
        expect(await page.getByTestId('dashboard-role').textContent()).toBe(
          nl(`portal.dashboard.role.${shown}`),
        );
        // The credentials of the sign-in answer are kept in cookies.
        expect((await credentialCookies(page)).map((c) => c.name).sort()).toEqual([
          'access-token',
          'client',
          'uid',
        ]);
        // Welcome toast.
        await expect
          .poll(() => page.getByTestId('toast').first().textContent())
          .toContain(nl('portal.auth.welcome', { name: '' }).slice(0, 6));
        await shot(page, `${tenant}-dashboard-${role}`);
        await expectAccessible(page, `${tenant} ${role} dashboard`);
        for (const width of [PHONE, DESKTOP]) {
          if (width === viewport) continue;
          await page.setViewportSize(width);
          await shot(page, `${tenant}-dashboard-${role}`);
        }
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('the sign-in form', () => {
  it('checks fields on blur with the spec §5 messages', async () => {
    const { page, context } = await openPortal(stack, { viewport: PHONE });
    await page.goto(stack.url('demo', '/inloggen/stagebieder'));
    const email = page.getByLabel('E-mailadres');
    await email.focus();
    await email.blur();
    await expect
      .poll(() => page.getByTestId('field-error').first().textContent())
      .toBe(nl('validation.required'));
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    // A field already marked invalid is checked again as it changes, so fixing it shows at once.
    await email.fill('geen-adres');
    await expect
      .poll(() => page.getByTestId('field-error').first().textContent())
      .toBe(nl('validation.email'));
    await email.fill('bedrijf@demo.test');
    await expect.poll(() => page.getByTestId('field-error').count()).toBe(0);
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    // An untouched field waits for its blur.
    const password = page.getByLabel(/^Wachtwoord/);
    await password.fill('x');
    await password.fill('');
    expect(await page.getByTestId('field-error').count()).toBe(0);
    // Submitting with an empty password focuses it and says why.
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('password');
    expect(await page.getByTestId('field-error').textContent()).toBe(nl('validation.required'));
    await shot(page, 'demo-login-validation');
    await expectAccessible(page, 'login with field errors');
    await context.close();
  });

  it('says so when the password is wrong, and stays signed out', async () => {
    const { page, context } = await openPortal(stack);
    await page.goto(stack.url('demo', '/inloggen'));
    await page.getByLabel('E-mailadres').fill(demo('student', 'demo'));
    await page.getByLabel(/^Wachtwoord/).fill('fout-wachtwoord');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').waitFor();
    expect(await page.getByTestId('login-error').textContent()).toBe(nl('api.invalid_credentials.detail'));
    expect(await credentialCookies(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/inloggen');
    await shot(page, 'demo-login-wrong-password');
    await expectAccessible(page, 'login with a wrong password');
    await context.close();
  });

  it('shows "Logged in to the wrong website" for an account of another partner', async () => {
    for (const lang of ['nl', 'en'] as const) {
      const { page, context } = await openPortal(stack, { locale: lang === 'en' ? 'en-GB' : 'nl-NL' });
      // A Raayland account on the Demo site.
      await page.goto(stack.url('demo', '/inloggen'));
      await page.getByLabel(/E-mailadres|Email address/).fill(demo('student', 'raayland'));
      await page.getByLabel(/^Wachtwoord|^Password/).fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('error-screen').waitFor();
      expect(await page.getByTestId('error-title').textContent()).toBe(
        translate(lang, 'errors.wrongCenter.title'),
      );
      expect(await page.getByTestId('error-body').textContent()).toBe(
        translate(lang, 'errors.wrongCenter.body'),
      );
      expect(await credentialCookies(page)).toEqual([]);
      await shot(page, `demo-wrong-center-${lang}`);
      await expectAccessible(page, 'wrong center');
      await context.close();
    }
  });
});

describe('password reset through the dev mailbox', () => {
  it('mails a link whose page sets the new password; the old one stops working', async () => {
    const email = demo('mentor', 'raayland');
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });
    await page.goto(stack.url('raayland', '/inloggen'));
    await page.getByTestId('forgot-password').click();
    await page.getByTestId('recover-form').waitFor();
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByTestId('recover-submit').click();
    await page.getByTestId('recover-sent').waitFor();
    expect(await page.getByTestId('recover-sent').textContent()).toBe(nl('identity.passwordResetSent'));

    const text = await latestMail('raayland', email, 'password_reset');
    const token = /reset_password_token=([^\s&"<>]+)/.exec(text)?.[1];
    expect(token).toBeTruthy();
    await page.goto(stack.url('raayland', `/auth/reset?reset_password_token=${token}`));
    await page.getByTestId('reset-form').waitFor();
    await page.getByLabel(nl('portal.reset.password'), { exact: false }).first().fill('kort');
    await page.getByLabel(nl('portal.reset.passwordConfirmation')).fill('anders');
    await page.getByTestId('reset-submit').click();
    await expect
      .poll(() => page.getByTestId('field-error').allTextContents())
      .toEqual([nl('validation.minLength', { min: 8 }), nl('portal.forms.passwordMismatch')]);
    await shot(page, 'raayland-reset-validation');
    await page.getByLabel(nl('portal.reset.password'), { exact: false }).first().fill('nieuw-wachtwoord-1');
    await page.getByLabel(nl('portal.reset.passwordConfirmation')).fill('nieuw-wachtwoord-1');
    const put = page.waitForResponse(
      (r) => r.url().endsWith('/auth/password') && r.request().method() === 'PUT',
    );
    await page.getByTestId('reset-submit').click();
    const answer = await put;
    expect(answer.status(), await answer.text()).toBe(200);
    await page.waitForURL(/\/inloggen$/);
    await expect
      .poll(() => page.getByTestId('toast').first().textContent())
      .toContain(nl('portal.reset.done'));

    // The link works once.
    await page.goto(stack.url('raayland', `/auth/reset?reset_password_token=${token}`));
    await page.getByLabel(nl('portal.reset.password'), { exact: false }).first().fill('nog-een-wachtwoord');
    await page.getByLabel(nl('portal.reset.passwordConfirmation')).fill('nog-een-wachtwoord');
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-error').waitFor();
    expect(await page.getByTestId('reset-error').textContent()).toContain(nl('api.token_invalid.detail'));

    await page.goto(stack.url('raayland', '/inloggen'));
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel(/^Wachtwoord/).fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').waitFor();
    await signIn(page, stack, 'raayland', email, 'nieuw-wachtwoord-1');
    expect(problems.filter((p) => !/\/auth\/(sign_in|password)/.test(p))).toEqual([]);
    await context.close();
  });

  it('refuses a reset without credentials or token with the spec §5 message', async () => {
    const { page, context } = await openPortal(stack);
    await page.goto(stack.url('demo', '/auth/reset'));
    expect(await page.getByTestId('reset-missing').textContent()).toContain(
      'You must provide either the uid, client and accessToken or the resetPasswordToken',
    );
    await context.close();
  });
});

describe('signing out', () => {
  it('clears the credentials, then user and roles; protected pages send to the login page again', async () => {
    const { page, context } = await openPortal(stack, { viewport: PHONE });
    await signIn(page, stack, 'demo', demo('student', 'demo'));
    await page.getByTestId('account-menu').click();
    await page.getByTestId('sign-out').click();
    await page.getByTestId('signed-out').waitFor();
    expect(await credentialCookies(page)).toEqual([]);
    await page.getByTestId('sign-in').waitFor();
    await shot(page, 'demo-signed-out');
    await page.goto(stack.url('demo', '/dashboard'));
    await page.waitForURL(/\/auth\/login-1\?redirect=%2Fdashboard$/);
    await context.close();
  });

  it('goes to /uitloggen when the current user answers 401', async () => {
    const { page, context } = await openPortal(stack, { expectFailures: [/current_user|sign_out/] });
    const url = stack.url('demo', '/');
    await context.addCookies(
      ['access-token', 'client', 'uid'].map((name) => ({ name, value: `stale-${name}`, url })),
    );
    await page.goto(stack.url('demo', '/dashboard'));
    await page.waitForURL(/\/uitloggen$/);
    await page.getByTestId('signed-out').waitFor();
    expect(await credentialCookies(page)).toEqual([]);
    await context.close();
  });
});

describe('passwordless sign-in (nuborgh)', () => {
  it('mails a link and a code; the link signs in', async () => {
    const email = demo('student', 'nuborgh');
    const { page, context } = await openPortal(stack, { viewport: PHONE });
    await page.goto(stack.url('nuborgh', '/inloggen'));
    // One e-mail address field serves the password and the mailed link.
    await page.getByTestId('login-form').getByLabel('E-mailadres').fill(email);
    await page.getByTestId('passwordless-submit').click();
    await page.getByTestId('passwordless-sent').waitFor();
    await shot(page, 'nuborgh-passwordless-sent');
    await expectAccessible(page, 'passwordless sent');
    const text = await latestMail('nuborgh', email, 'passwordless');
    const token = /\/auth\/token\?token=([^\s&"<>]+)/.exec(text)?.[1];
    expect(token).toBeTruthy();
    await page.goto(stack.url('nuborgh', `/auth/token?token=${token}`));
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId('dashboard').getAttribute('data-role')).toBe('student');
    await context.close();
  });

  it('also signs in with the email address and the six-digit code', async () => {
    const email = demo('mentor', 'nuborgh');
    const { page, context } = await openPortal(stack);
    await page.goto(stack.url('nuborgh', '/inloggen'));
    // One e-mail address field serves the password and the mailed link.
    await page.getByTestId('login-form').getByLabel('E-mailadres').fill(email);
    await page.getByTestId('passwordless-submit').click();
    await page.getByTestId('passwordless-sent').getByRole('link').click();
    await page.getByTestId('token-form').waitFor();
    const code = /\b(\d{6})\b/.exec(await latestMail('nuborgh', email, 'passwordless'))?.[1];
    expect(code).toBeTruthy();
    expect(await page.getByLabel('E-mailadres').inputValue()).toBe(email);
    await page.getByLabel(nl('portal.token.code'), { exact: false }).fill(code!);
    await page.getByTestId('token-form').getByRole('button').click();
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });

  it('is not offered on tenants without it', async () => {
    const { page, context } = await openPortal(stack);
    await page.goto(stack.url('demo', '/inloggen'));
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByTestId('passwordless-form').count()).toBe(0);
    await context.close();
  });
});

describe('organization switch', () => {
  it('preselects a School or VolunteerCenter, switches to the other, re-keys the page and sends the header', async () => {
    const school = seedOrganizationId('demo', 'school');
    const center = seedOrganizationId('demo', 'volunteer-center');
    const { page, context } = await openPortal(stack, { viewport: DESKTOP });
    await signIn(page, stack, 'demo', demo('admin', 'demo'));
    const select = page.getByTestId('dashboard-organization-select');
    const preselected = await select.inputValue();
    expect([school, center]).toContain(preselected);
    const [other, otherRole] = preselected === school ? [center, 'centerAdmin'] : [school, 'schoolAdmin'];
    // Organizations are named by their names (issue #13), not by their type: the names arrive with
    // the current user's organizations, fetched right after signing in.
    const otherOption = select.locator(`option[value="${other}"]`);
    await expect.poll(() => otherOption.textContent()).not.toMatch(/^(School|Vrijwilligerscentrum)$/);
    const otherName = (await otherOption.textContent())!;
    expect(await page.getByTestId('dashboard').getAttribute('data-role')).toBe(
      preselected === school ? 'schoolAdmin' : 'centerAdmin',
    );
    await page.evaluate(
      () =>
        ((document.querySelector('[data-testid="dashboard"]') as HTMLElement & { __old?: number }).__old = 1),
    );
    await select.selectOption(other);
    await expect.poll(() => page.getByTestId('dashboard').getAttribute('data-role')).toBe(otherRole);
    // Re-keyed: the old page element was replaced.
    expect(
      await page.evaluate(
        () => (document.querySelector('[data-testid="dashboard"]') as HTMLElement & { __old?: number }).__old,
      ),
    ).toBeUndefined();
    await expect
      .poll(() => page.getByTestId('toast').last().textContent())
      .toContain(nl('portal.organization.switched', { organization: otherName }));
    await shot(page, 'demo-organization-switched');

    // Every request now carries the current organization.
    const request = page.waitForRequest(
      (r) => r.url().includes('/api/v1/current_user') && r.method() === 'PATCH',
    );
    await page.goto(stack.url('demo', '/profile-edit/periodieke-mail'));
    await page.getByTestId('periodic-mail-form').getByRole('button').click();
    expect((await request).headers()['x-current-organization-id']).toBe(other);

    // Kept over a reload.
    await page.goto(stack.url('demo', '/dashboard'));
    await expect.poll(() => page.getByTestId('dashboard').getAttribute('data-role')).toBe(otherRole);
    await context.close();
  });
});

describe('the Kennisnet entry routes (ready for the SSO issue)', () => {
  it('accept the credentials the SSO flow ends with, clean the address and sign in', async () => {
    // What the identity service will do after Kennisnet: issue a session and redirect here.
    // In-process: a network client's x-tenant does not count (docs/security.md), the harness's does.
    const answer = await stack.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { 'x-tenant': 'demo' },
      payload: { email: demo('student', 'demo'), password: DEMO_PASSWORD },
    });
    const [token, client, uid] = ['access-token', 'client', 'uid'].map((h) => String(answer.headers[h]));
    const { page, context } = await openPortal(stack);
    const query = new URLSearchParams({ auth_token: token!, client_id: client!, uid: uid! });
    await page.goto(stack.url('demo', `/inloggen/kennisnet/success?${query}`));
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId('dashboard').getAttribute('data-role')).toBe('student');
    expect(await page.evaluate(() => history.length >= 1 && !location.search)).toBe(true);
    expect((await credentialCookies(page)).map((c) => c.value)).toContain(client);
    await context.close();
  });

  it('send to the error page without credentials, and show the wrong-website screen for that code', async () => {
    const { page, context } = await openPortal(stack);
    await page.goto(stack.url('demo', '/inloggen/kennisnet/success'));
    await page.getByRole('link', { name: nl('portal.kennisnet.retry') }).waitFor();
    await page.goto(stack.url('demo', '/inloggen/kennisnet/error?error=wrong_center'));
    expect(await page.getByTestId('error-title').textContent()).toBe(nl('errors.wrongCenter.title'));
    await context.close();
  });
});

describe('organizations that cannot be loaded (spec §8)', () => {
  it('send the user to /auth/no-organization', async () => {
    const { page, context } = await openPortal(stack, { expectFailures: [/current_user/] });
    await signIn(page, stack, 'demo', demo('mentor', 'demo'));
    await page.route('**/api/v1/current_user*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/vnd.api+json',
        body: '{"errors":[{"status":"503","code":"internal","title":"x"}]}',
      }),
    );
    await page.goto(stack.url('demo', '/dashboard'));
    await page.waitForURL(/\/auth\/no-organization$/, { timeout: 15_000 });
    await page.getByTestId('page-title').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe(nl('routes.auth.noOrganization'));
    // Reported to error tracking (status 503 is reportable).
    const reports = await page.evaluate(
      () => (window as { __stagepleinErrors?: { status?: number }[] }).__stagepleinErrors ?? [],
    );
    expect(reports.some((r) => r.status === 503)).toBe(true);
    await page.unroute('**/api/v1/current_user*');
    await context.close();
  });
});
