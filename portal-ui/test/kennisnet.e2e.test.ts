import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '@stageplein/contracts/i18n/index';
import { startDevEntree, type TDevEntree } from '@stageplein/stack/dev-entree';
import { demoSchoolBrin } from '@stageplein/contracts/identity/education-sso';
import {
  DEMO_PASSWORD,
  demo,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  signInSchoolAdmin,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * Education single sign-on in the browser (issue #36 item 1), through the real local stand-in for
 * the federation (`oidc-provider`, as `npm start` runs it): a student on a phone signs in with Kennisnet
 * and lands signed in; a teacher links the known account once; the error page explains why.
 */
let entree: TDevEntree;
let stack: TStack;
beforeAll(async () => {
  entree = await startDevEntree();
  stack = await startStack({ env: { EDUCATION_SSO: entree.configValue } });
});
afterAll(async () => {
  await stack?.close();
  await entree?.stop();
});

const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);
// The stand-in's own page asks for its icon; it is not ours.
const PROVIDER_NOISE = [/favicon\.ico/];

/** From the student sign-in page through Kennisnet to the stand-in's chooser, choosing `identity`. */
async function throughKennisnet(page: Page, tenant: string, identity: string) {
  await page.goto(stack.url(tenant, '/inloggen/leerling'));
  await page.getByTestId('kennisnet-entry').click();
  await page.getByTestId('kennisnet-start').click();
  await page.waitForURL((url) => url.origin === new URL(entree.issuer).origin);
  await page.locator(`[data-identity="${identity}"]`).click();
}

describe('signing in with Kennisnet', () => {
  it('takes a new student on a phone from the sign-in page to the dashboard', async () => {
    const { page, context, problems } = await openPortal(stack, {
      viewport: PHONE,
      expectFailures: PROVIDER_NOISE,
    });
    await page.goto(stack.url('demo', '/inloggen/kennisnet'));
    await page.getByTestId('kennisnet-start').waitFor();
    expect(await page.getByTestId('kennisnet-unavailable').count()).toBe(0);
    await expectAccessible(page, 'kennisnet start');
    await shot(page, 'kennisnet-start');

    await throughKennisnet(page, 'demo', 'demo:nieuwe-leerling');
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId('dashboard').getAttribute('data-role')).toBe('student');
    // The credentials left the address bar.
    expect(await page.evaluate(() => location.search)).toBe('');
    await shot(page, 'kennisnet-signed-in');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lets a teacher link the known account once, confirmed with its password', async () => {
    const { page, context, problems } = await openPortal(stack, {
      viewport: PHONE,
      expectFailures: [...PROVIDER_NOISE, /\/auth\/kennisnet\/link/],
    });
    await throughKennisnet(page, 'demo', 'demo:docent');
    await page.getByTestId('kennisnet-link-form').waitFor();
    expect(await page.evaluate(() => location.pathname + location.search)).toBe(
      '/inloggen/kennisnet/koppelen',
    );
    expect(await page.getByLabel(nl('portal.auth.email')).inputValue()).toBe(demo('mentor', 'demo'));
    await expectAccessible(page, 'kennisnet link');
    await shot(page, 'kennisnet-link');

    await page.getByLabel(nl('portal.auth.password')).fill('not-the-password');
    await page.getByTestId('kennisnet-link-submit').click();
    await page.getByTestId('kennisnet-link-error').waitFor();
    await expectAccessible(page, 'kennisnet link error');

    await page.getByLabel(nl('portal.auth.password')).fill(DEMO_PASSWORD);
    await page.getByTestId('kennisnet-link-submit').click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId('dashboard').getAttribute('data-role')).toBe('mentor');
    expect(problems).toEqual([]);
    await context.close();

    // Linked: the next time Kennisnet signs the teacher in at once.
    const next = await openPortal(stack, { viewport: PHONE, expectFailures: PROVIDER_NOISE });
    await throughKennisnet(next.page, 'demo', 'demo:docent');
    await next.page.waitForURL(/\/dashboard$/);
    expect(await next.page.getByTestId('dashboard').getAttribute('data-role')).toBe('mentor');
    await next.context.close();
  });

  it('explains why it failed, and shows the wrong-website screen for another website’s school', async () => {
    const { page, context, problems } = await openPortal(stack, {
      viewport: PHONE,
      expectFailures: PROVIDER_NOISE,
    });
    await throughKennisnet(page, 'demo', 'demo:onbekende-school');
    await page.getByTestId('kennisnet-error-reason').waitFor();
    expect(await page.getByTestId('kennisnet-error-reason').textContent()).toBe(
      nl('portal.kennisnetPages.reasons.unknown_school'),
    );
    await expectAccessible(page, 'kennisnet error');
    await shot(page, 'kennisnet-error');

    await throughKennisnet(page, 'demo', 'demo:geen-brin');
    await page.getByTestId('kennisnet-error-reason').waitFor();
    expect(await page.getByTestId('kennisnet-error-reason').getAttribute('data-reason')).toBe(
      'consent_missing',
    );

    await throughKennisnet(page, 'demo', 'stageplein:nieuwe-leerling');
    await page.getByTestId('error-title').waitFor();
    expect(await page.getByTestId('error-title').textContent()).toBe(nl('errors.wrongCenter.title'));
    await expectAccessible(page, 'kennisnet wrong website');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lets a school admin set the school's BRIN codes and provisioning, which the sign-in then follows", async () => {
    // corderius: the other tests sign in on demo.
    const tenant = 'corderius';
    const own = demoSchoolBrin(tenant);
    const { page, context, problems } = await openPortal(stack);
    await signInSchoolAdmin(page, stack, tenant);
    await page.goto(stack.url(tenant, '/instellingen/organisatie'));
    const section = page.getByTestId('education-sso');
    const brins = section.getByLabel(nl('portal.organizationSettings.educationSso.brins'));
    await expect.poll(() => brins.inputValue()).toBe(own);
    const provision = section.getByLabel(nl('portal.organizationSettings.educationSso.provision'));
    expect(await provision.isChecked()).toBe(true);
    await expectAccessible(page, 'school sso settings');

    // A code that is no BRIN is said at the field, before anything is sent.
    await brins.fill(`${own}, 1234`);
    await page.getByTestId('education-sso-save').click();
    await section.getByText(nl('portal.organizationSettings.educationSso.brinInvalid')).waitFor();
    await expectAccessible(page, 'school sso settings invalid');

    // Another code only, provisioning off; saved, and so after a reload.
    await brins.fill('45ab');
    await provision.uncheck();
    await page.getByTestId('education-sso-save').click();
    await expect.poll(() => brins.inputValue()).toBe('45AB');
    await page.reload();
    await expect
      .poll(() => section.getByLabel(nl('portal.organizationSettings.educationSso.brins')).inputValue())
      .toBe('45AB');
    expect(await provision.isChecked()).toBe(false);
    await shot(page, 'school-sso-settings');
    expect(problems).toEqual([]);

    // The federation names the school by its own code, which it no longer has: an unknown school.
    const student = await openPortal(stack, { viewport: PHONE, expectFailures: PROVIDER_NOISE });
    await throughKennisnet(student.page, tenant, `${tenant}:nieuwe-leerling`);
    await student.page.getByTestId('kennisnet-error-reason').waitFor();
    expect(await student.page.getByTestId('kennisnet-error-reason').getAttribute('data-reason')).toBe(
      'unknown_school',
    );

    // Its own code again, still without provisioning: the unknown student gets no account, only the
    // page to link one they have.
    await brins.fill(`${own}, 45AB`);
    await page.getByTestId('education-sso-save').click();
    await expect.poll(() => brins.inputValue()).toBe([own, '45AB'].sort().join(', '));
    await throughKennisnet(student.page, tenant, `${tenant}:nieuwe-leerling`);
    await student.page.getByTestId('kennisnet-link-form').waitFor();
    expect(await student.page.evaluate(() => location.pathname)).toBe('/inloggen/kennisnet/koppelen');
    expect(student.problems).toEqual([]);
    await student.context.close();
    await context.close();
  });
});
