import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { FIELD_RULE_MESSAGES } from '@stageplein/contracts/validation/field-rules';
import { translate } from '@stageplein/contracts/i18n/index';
import { ROUTES } from '@stageplein/contracts/routes/route-manifest';
import {
  demo,
  DESKTOP,
  expectAccessible,
  openPortal,
  PHONE,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * The gallery (`/dev*`, `/test/*`, issue #13): open to everyone on a staging deployment, to platform
 * operators elsewhere, a 404 for everyone else; every page axe-clean on a phone and a desktop; the
 * modal's keyboard behaviour, the form's validation on blur and the error report of `/test/sentry`.
 */
let staging: TStack;
let production: TStack;
beforeAll(async () => {
  [staging, production] = await Promise.all([startStack({ env: { STAGING: 'true' } }), startStack()]);
});
afterAll(async () => Promise.all([staging?.close(), production?.close()]));

const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);
const GALLERY = ROUTES.map((r) => r.path).filter(
  (p) => (p === '/dev' || p.startsWith('/dev/') || p.startsWith('/test/')) && p !== '/test/server-error',
);

/** Opens a gallery page and waits until it shows its title or the 404 screen. */
async function open(page: Page, stack: TStack, path: string): Promise<void> {
  await page.goto(stack.url('demo', path));
  await page.locator('[data-testid="page-title"], [data-testid="error-screen"]').first().waitFor();
}

describe('gating', () => {
  it('shows the 404 page to a signed-in user who is no platform operator when the staging flag is off', async () => {
    const { page, context } = await openPortal(production, { viewport: DESKTOP });
    await signIn(page, production, 'demo', demo('student', 'demo'));
    for (const path of ['/dev', '/dev/components', '/test/sentry']) {
      await open(page, production, path);
      await expect.poll(() => page.getByTestId('error-screen').getAttribute('data-kind')).toBe('notFound');
      expect(await page.getByTestId('error-title').textContent()).toBe(nl('errors.notFound.title'));
    }
    await context.close();
  });

  it('shows the gallery to a platform operator (admin of an approved VolunteerCenter) with the flag off', async () => {
    const { page, context } = await openPortal(production, { viewport: DESKTOP });
    await signIn(page, production, 'demo', demo('admin', 'demo'));
    // The School is preselected: as its admin the gallery is a 404 …
    await open(page, production, '/dev');
    await page.getByTestId('error-screen').waitFor();
    // … as the VolunteerCenter's admin it is there.
    await page.goto(production.url('demo', '/dashboard'));
    const select = page.getByTestId('dashboard-organization-select');
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
    await select.selectOption(seedOrganizationId('demo', 'volunteer-center'));
    await open(page, production, '/dev');
    await page.getByTestId('dev-index').waitFor();
    await context.close();
  });

  it('shows the gallery to every signed-in user when the staging flag is on', async () => {
    const { page, context, problems } = await openPortal(staging, { viewport: DESKTOP });
    await signIn(page, staging, 'demo', demo('student', 'demo'));
    await open(page, staging, '/dev');
    await page.getByTestId('dev-index').waitFor();
    expect(await page.locator('.gallery-links a').count()).toBe(GALLERY.length);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('every gallery page', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('is axe-clean on a %s', async (_label, viewport) => {
    const { page, context, problems } = await openPortal(staging, { viewport });
    await signIn(page, staging, 'demo', demo('student', 'demo'));
    for (const path of GALLERY) {
      await open(page, staging, path);
      expect(await page.getByTestId('error-screen').count(), path).toBe(0);
      await page.evaluate(() => document.fonts.ready);
      await expectAccessible(page, `${path} at ${viewport.width}px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
        viewport.width,
      );
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('behaviour', () => {
  it('the modal: focus moves in and stays, Escape closes it, focus returns to the opener', async () => {
    const { page, context, problems } = await openPortal(staging, { viewport: DESKTOP });
    await signIn(page, staging, 'demo', demo('student', 'demo'));
    await open(page, staging, '/dev/modal');
    await page.getByTestId('open-modal').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('modal');
    await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    const inDialog = () => page.evaluate(() => document.activeElement?.closest('dialog') != null);
    expect(await inDialog()).toBe(true);
    // The page behind is inert: however often Tab is pressed, focus never lands on it.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const onPage = await page.evaluate(
        () => document.activeElement !== document.body && document.activeElement?.closest('dialog') == null,
      );
      expect(onPage).toBe(false);
    }
    await expectAccessible(page, 'open modal');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('open-modal');
    expect(await page.getByTestId('modal-closed').getAttribute('data-count')).toBe('1');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the form: a field is checked when it is left, with the first failing rule, in nl and en', async () => {
    const { page, context, problems } = await openPortal(staging, { viewport: DESKTOP });
    await signIn(page, staging, 'demo', demo('student', 'demo'));
    await open(page, staging, '/dev/form');
    const name = page.locator('[name="name"]');
    const errorOf = (name: string) =>
      page.locator('.field', { has: page.locator(`[name="${name}"]`) }).getByTestId('field-error');
    // Nothing before the field is left.
    await name.focus();
    expect(await errorOf('name').count()).toBe(0);
    await page.keyboard.press('Tab');
    await expect.poll(() => errorOf('name').textContent()).toBe(nl('validation.required'));
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    // Required passes, the next rule (min length) is the one shown.
    await name.fill('J');
    await expect.poll(() => errorOf('name').textContent()).toBe(nl('validation.minLength', { min: 2 }));
    const phone = page.locator('[name="phone"]');
    await phone.fill('abc');
    await phone.blur();
    await expect.poll(() => errorOf('phone').textContent()).toBe(nl(FIELD_RULE_MESSAGES.phoneNumber));
    await page.locator('[name="start"]').fill('2026-06-10');
    const end = page.locator('[name="end"]');
    await end.fill('2026-06-01');
    await end.blur();
    await expect.poll(() => errorOf('end').textContent()).toBe(nl(FIELD_RULE_MESSAGES.endBeforeStart));
    await expectAccessible(page, 'form with messages');

    // English: the same rule, the English text.
    await page.getByTestId('language-toggle').first().click();
    const en = (key: string) => translate('en', key);
    await expect.poll(() => errorOf('end').textContent()).toBe(en(FIELD_RULE_MESSAGES.endBeforeStart));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('/test/sentry: the thrown error reaches the gateway in the page’s trace', async () => {
    const { page, context, problems } = await openPortal(staging, { viewport: DESKTOP });
    await signIn(page, staging, 'demo', demo('student', 'demo'));
    await open(page, staging, '/test/sentry');
    const accepted = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/client_errors' && r.request().method() === 'POST',
    );
    await page.getByTestId('sentry-throw').click();
    const response = await accepted;
    expect(response.status()).toBe(202);
    const body = (await response.json()) as { data: { id: string }; meta: { trace_id: string } };
    expect(body.data.id).toBeTruthy();
    await expect.poll(() => page.getByTestId('sentry-report').textContent()).toContain(body.meta.trace_id);
    // The error is the test's own.
    expect(problems).toEqual(['page error: Test: /test/sentry']);
    await context.close();
  });
});
