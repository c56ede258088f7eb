import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  DESKTOP,
  expectAccessible,
  openAdmin,
  openBrowser,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * The tenant's registration at the education federation in the back office (issue #36 item 1): a
 * platform operator sees none set, is refused an issuer that is no federation's (at the field, in Dutch),
 * sets one with its secret, and sees "secret set", never the secret. A school admin gets no entry and a 403.
 */
const TENANT = 'demo';
const LIST = '/education_sso_federations';
const SECRET = 'e2e-client-secret-not-to-be-shown';
// The screen's Dutch text as an operator reads it (admin-ui/src/i18n/admin-nl.ts).
const SECRET_SET = 'Secret ingesteld';
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const nl = (key: string) => translate('nl', key);

describe('the federation registration', () => {
  it('a platform operator sets the issuer and client; the secret is never shown', async () => {
    const { page, context, problems, failures } = await openBrowser(stack, { viewport: DESKTOP });
    await signIn(page, stack, TENANT, 'admin');
    await openAdmin(page, stack, TENANT, '/beheer');
    await page
      .getByTestId('organization-select')
      .first()
      .selectOption(seedOrganizationId(TENANT, 'volunteer-center'));
    await openAdmin(page, stack, TENANT, LIST);
    expect(await page.locator(`a[href="${LIST}"]`).count()).toBeGreaterThan(0);
    const edit = page.getByTestId('federation-edit');
    await edit.waitFor();
    await expectAccessible(page, 'federation list');

    await edit.click();
    await page.waitForURL(new RegExp(`${LIST}/${TENANT}/edit$`));
    const issuer = page.locator('input[name="issuer"]');
    await issuer.waitFor();
    await expectAccessible(page, 'federation editor');

    // Not one of the federation's hosts: the server refuses it at the field, in Dutch; nothing saved.
    await issuer.fill('https://intranet.example.org/');
    await page.locator('input[name="clientId"]').fill('stageplein-demo');
    await page.locator('input[name="clientSecret"]').fill(SECRET);
    await page.locator('button[type="submit"]').click();
    const fieldError = page
      .locator('.MuiFormHelperText-root.Mui-error')
      .filter({ hasText: 'https-adres van de federatie' });
    await fieldError.waitFor();
    expect(failures).toContainEqual({ method: 'PUT', path: `/api/v1${LIST}/${TENANT}`, status: 422 });
    await expectAccessible(page, 'federation refused');

    await issuer.fill('https://connect.test.entree.kennisnet.nl/');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(new RegExp(`${LIST}$`));
    await page.getByText(SECRET_SET).waitFor();
    await page.getByText('https://connect.test.entree.kennisnet.nl/').waitFor();
    expect(await page.content()).not.toContain(SECRET);
    await shot(page, 'education-sso-federation');

    // The editor again: the secret field is empty, the registration the tenant's own, removable.
    await openAdmin(page, stack, TENANT, `${LIST}/${TENANT}/edit`);
    await issuer.waitFor();
    expect(await page.locator('input[name="clientSecret"]').inputValue()).toBe('');
    await page.getByTestId('federation-remove').waitFor();
    expect(await page.content()).not.toContain(SECRET);
    await expectAccessible(page, 'federation editor saved');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is no menu entry and a 403 for a school admin', async () => {
    const { page, context } = await openBrowser(stack);
    await signIn(page, stack, TENANT, 'admin');
    await openAdmin(page, stack, TENANT, '/beheer');
    await page.getByTestId('organization-select').first().selectOption(seedOrganizationId(TENANT, 'school'));
    await page.waitForFunction((list) => !document.querySelector(`a[href="${list}"]`), LIST);
    await openAdmin(page, stack, TENANT, `${LIST}/${TENANT}/edit`);
    await page.getByTestId('error-title').waitFor();
    expect(await page.getByTestId('error-title').textContent()).toContain(nl('errors.forbidden.title'));
    await context.close();
  });
});
