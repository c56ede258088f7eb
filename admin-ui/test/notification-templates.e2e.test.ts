import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  DESKTOP,
  expectAccessible,
  openAdmin,
  openBrowser,
  PHONE,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * Mail templates per tenant in the back office (issue #35 item 2): a school admin opens the list, edits
 * a kind's Dutch subject and text, is told which variable does not exist (on preview and on save, in
 * Dutch, nothing saved), previews the corrected text with sample details and saves it; the list then
 * says it is the school's own text. Axe-clean at each step. A company admin gets no entry and a 403.
 */
const TENANT = 'demo';
const LIST = '/notification_templates';
// The screen's Dutch texts as a school admin reads them (admin-ui/src/i18n/admin-nl.ts).
const KIND = 'Bericht aan leerlingen';
const PREVIEW = 'Voorbeeld bekijken';
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

describe('mail templates', () => {
  it('a school admin edits a template, is refused an unknown variable, previews it and saves it', async () => {
    const { page, context, problems, failures } = await openBrowser(stack, { viewport: DESKTOP });
    await signIn(page, stack, TENANT, 'admin');
    await openAdmin(page, stack, TENANT, '/beheer');
    await page.getByTestId('organization-select').first().selectOption(seedOrganizationId(TENANT, 'school'));
    await openAdmin(page, stack, TENANT, LIST);
    // The menu's entry, and every kind with its standard text.
    expect(await page.locator(`a[href="${LIST}"]`).count()).toBeGreaterThan(0);
    const link = page.getByTestId('template-bulk_message');
    await link.waitFor();
    expect(await link.textContent()).toBe(KIND);
    expect(await page.getByTestId('template-own').count()).toBe(0);
    await expectAccessible(page, 'template list');
    await shot(page, 'notification-templates');

    await link.click();
    await page.waitForURL(/\/notification_templates\/bulk_message\/edit$/);
    const subject = page.locator('input[name="subjectNl"]');
    const body = page.locator('textarea[name="bodyNl"]');
    await subject.waitFor();
    expect(await subject.inputValue()).toBe('{{subject}}');
    expect(await page.getByTestId('template-kind').textContent()).toContain(KIND);
    await expectAccessible(page, 'template editor');

    // A variable the kind does not have: the preview says so, in Dutch.
    await subject.fill('[{{appName}}] {{subject}}');
    await body.fill('Beste {{name}},\n\n{{body}}\n\nMet vriendelijke groet, {{afzender}}');
    await page.getByRole('button', { name: PREVIEW }).click();
    const refusal = page.getByTestId('preview-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Dit sjabloon kent de variabele ‘afzender’ niet.');
    await expectAccessible(page, 'template preview refused');

    // Saving it is refused too, at the field; nothing is saved.
    await page.locator('button[type="submit"]').click();
    // The field's own message (MUI's helper text in its error state), in Dutch.
    const fieldError = page.locator('.MuiFormHelperText-root.Mui-error').filter({ hasText: 'afzender' });
    await fieldError.waitFor();
    expect(await fieldError.textContent()).toContain('Te gebruiken: {{appName}}, {{name}}, {{link}}');
    expect(page.url()).toMatch(/\/notification_templates\/bulk_message\/edit$/);
    expect(failures).toContainEqual({
      method: 'PATCH',
      path: '/api/v1/notification_templates/bulk_message',
      status: 422,
    });
    await expectAccessible(page, 'template save refused');

    // Corrected: the preview fills in sample details in both languages.
    await body.fill('Beste {{name}},\n\n{{body}}\n\nMet vriendelijke groet, {{sender}}');
    await page.getByRole('button', { name: PREVIEW }).click();
    await page.getByTestId('preview-subject').first().waitFor();
    const subjects = await page.getByTestId('preview-subject').allTextContents();
    expect(subjects).toEqual(['[Stageplein Demo] Stagemarkt op donderdag', 'Internship fair on Thursday']);
    const [dutch] = await page.getByTestId('preview-text').allTextContents();
    expect(dutch).toContain('Beste Sanne,');
    expect(dutch).toContain('Met vriendelijke groet, Het Groene Lyceum');
    expect(await page.getByTestId('preview-error').count()).toBe(0);
    await expectAccessible(page, 'template preview');
    await shot(page, 'notification-template-preview');

    // Saved: back on the list, it is the school's own text now.
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/notification_templates$/);
    await page.getByTestId('template-own').waitFor();
    expect(await page.getByTestId('template-own').count()).toBe(1);

    // On a phone the editor shows the saved text and offers the standard text back.
    await page.setViewportSize(PHONE);
    await openAdmin(page, stack, TENANT, `${LIST}/bulk_message/edit`);
    await subject.waitFor();
    expect(await subject.inputValue()).toBe('[{{appName}}] {{subject}}');
    await page.getByTestId('template-reset').waitFor();
    await expectAccessible(page, 'template editor on a phone');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is no menu entry and a 403 for a company admin', async () => {
    const { page, context } = await openBrowser(stack);
    await signIn(page, stack, TENANT, 'bedrijf');
    await openAdmin(page, stack, TENANT, '/beheer');
    expect(await page.locator(`a[href="${LIST}"]`).count()).toBe(0);
    await openAdmin(page, stack, TENANT, `${LIST}/invitation/edit`);
    await page.getByTestId('error-title').waitFor();
    expect(await page.getByTestId('error-title').textContent()).toContain(
      translate('nl', 'errors.forbidden.title'),
    );
    await context.close();
  });
});
