import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '@stageplein/contracts/i18n/index';
import { folderMailsTo } from '@stageplein/identity/mail/mail-folder';
import {
  apiAs,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * Issue #14 item 5, the company's way in: a company signs up in the portal, a school admin approves
 * it, the applicant follows the one link the mail gives them, chooses a password, signs in, sees the
 * organization by its name and edits its profile — all on a phone.
 */
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const TENANT = 'demo';
const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);
const EMAIL = 'sanne@fietsenmaker-spaak.test';
const NAME = 'Fietsenmaker Spaak';

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function fitsThePhone(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** Every link with a confirmation token in the mail the applicant received, oldest first. */
async function confirmationLinks(): Promise<string[]> {
  const mails = await folderMailsTo(stack.mailDir, TENANT, EMAIL);
  return mails.flatMap((m) =>
    [...m.text.matchAll(/https?:\/\/\S*confirmation_token=[^\s"<>]+/g)].map((x) => x[0]),
  );
}

describe('a company signs up, is approved and sets up its profile', () => {
  it('runs from the signup form to the organization settings', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });

    // The public form: the route's title, checks on submit, accessible and fitting a phone.
    await page.goto(stack.url(TENANT, '/organizations/signup'));
    await page.getByTestId('organization-signup-form').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe(nl('routes.organizations.signup'));
    await page.getByTestId('organization-signup-submit').click();
    await expect.poll(() => page.getByTestId('field-error').count()).toBe(7);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await field(page, 'postcode').fill('12');
    await field(page, 'postcode').blur();
    await page.getByText(nl('validation.postcode')).waitFor();
    await expectAccessible(page, 'signup form with errors');
    await fitsThePhone(page, 'signup form');

    await page.getByLabel(nl('portal.organizationTypes.Provider')).check();
    await field(page, 'name').fill(NAME);
    await field(page, 'address').fill('Steenweg 12');
    await field(page, 'postcode').fill('3511jj');
    await field(page, 'city').fill('Utrecht');
    await field(page, 'website').fill('https://fietsenmaker-spaak.test');
    await field(page, 'adminFirstName').fill('Sanne');
    await field(page, 'adminLastName').fill('Spaak');
    await field(page, 'adminEmail').fill(EMAIL);
    await shot(page, 'organization-signup');
    await page.getByTestId('organization-signup-submit').click();

    await page.waitForURL(/\/organizations\/signup\/success$/);
    const received = page.getByTestId('organization-signup-received');
    await received.waitFor();
    expect(await received.textContent()).toBe(
      nl('portal.organizationSignup.received', { organization: NAME, email: EMAIL }),
    );
    expect(await page.getByTestId('page-title').textContent()).toBe(nl('routes.organizations.signupSuccess'));
    await expectAccessible(page, 'signup success');
    await fitsThePhone(page, 'signup success');

    // A school admin of the tenant approves it (schools moderate the providers their students go to).
    const school = await apiAs(stack.app, TENANT, 'admin', 'school');
    const queue = await school.get<{ data: { id: string; type: string }[] }>(
      `/api/v1/organizations?filter[status_eq]=pending&filter[name_eq]=${encodeURIComponent(NAME)}`,
    );
    expect(queue.body.data).toHaveLength(1);
    const { id, type } = queue.body.data[0]!;
    expect(type).toBe('Provider');
    const approved = await school.send('PUT', `/api/v1/organizations/${id}/approve`, {
      data: { type, id, attributes: { status: 'approved' } },
    });
    expect(approved.status).toBe(200);
    await expect
      .poll(async () => (await folderMailsTo(stack.mailDir, TENANT, EMAIL)).map((m) => m.kind), {
        timeout: 15_000,
      })
      .toContain('organization_approved_invited');

    // One link to follow, and it works (before the fix: two invitations, the first one dead).
    const links = await confirmationLinks();
    expect(links).toHaveLength(1);
    const token = new URL(links[0]!).searchParams.get('confirmation_token')!;
    await page.goto(stack.url(TENANT, `/confirm?confirmation_token=${token}`));
    await page.getByTestId('confirm-form').getByRole('button').click();
    const password = page.getByLabel(nl('portal.reset.password'), { exact: false }).first();
    await password.waitFor();
    await password.fill('spaak-en-band-7');
    await page.getByLabel(nl('portal.reset.passwordConfirmation')).fill('spaak-en-band-7');
    await page.getByTestId('confirm-form').getByRole('button').click();
    await page.getByTestId('confirm-done').waitFor();

    // Signed in, the organization is named by its name (dashboard and account menu), not its type.
    await signIn(page, stack, TENANT, EMAIL, 'spaak-en-band-7');
    expect(await page.getByTestId('dashboard').getAttribute('data-role')).toBe('companyAdmin');
    await expect.poll(() => page.getByTestId('dashboard-organization').textContent()).toBe(NAME);
    await page.getByTestId('account-menu').click();
    const menu = page.getByTestId('account-menu-panel');
    await menu.waitFor();
    expect(await menu.getByTestId('current-organization').textContent()).toBe(NAME);
    expect(await menu.textContent()).not.toContain(nl('portal.organizationTypes.Provider'));
    await page.keyboard.press('Escape');
    await page.goto(stack.url(TENANT, '/account/roles'));
    expect(await page.getByTestId('roles-table').textContent()).toContain(NAME);

    // The profile in /instellingen/organisatie: saved through the API, kept, and the new name shown.
    await page.goto(stack.url(TENANT, '/instellingen/organisatie'));
    const form = page.getByTestId('organization-profile-form');
    await form.waitFor();
    expect(await page.getByTestId('organization-settings').textContent()).toContain(NAME);
    expect(await field(page, 'postcode').inputValue()).toBe('3511 JJ');
    await expectAccessible(page, 'organization settings');
    await fitsThePhone(page, 'organization settings');
    await field(page, 'phone').fill('bel me');
    await page.getByTestId('organization-profile-save').click();
    await page.getByText(nl('validation.phoneNumber')).waitFor();
    const renamed = 'Fietsenmakerij Spaak & Zn';
    await field(page, 'name').fill(renamed);
    await field(page, 'phone').fill('030 123 4567');
    await field(page, 'description').fill('Wij repareren fietsen en leiden monteurs op.');
    await page.getByTestId('organization-profile-save').click();
    await expect
      .poll(() => page.getByTestId('toast').last().textContent())
      .toContain(nl('portal.organizationSettings.saved'));
    await shot(page, 'organization-settings');

    const provider = await school.get<{ data: { attributes: { name: string } }; included: unknown[] }>(
      `/api/v1/organizations/${id}?include=profile`,
    );
    expect(provider.body.data.attributes.name).toBe(renamed);
    expect(provider.body.included).toContainEqual(
      expect.objectContaining({
        type: 'profile',
        attributes: expect.objectContaining({
          phone: '030 123 4567',
          description: 'Wij repareren fietsen en leiden monteurs op.',
        }),
      }),
    );
    await expect
      .poll(
        async () => {
          await page.goto(stack.url(TENANT, '/dashboard'));
          return page.getByTestId('dashboard-organization').textContent();
        },
        { timeout: 15_000 },
      )
      .toBe(renamed);
    expect(problems).toEqual([]);
    await context.close();
  });
});
