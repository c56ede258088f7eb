import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '@stageplein/contracts/i18n/index';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import {
  apiAs,
  demo,
  DESKTOP,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * `/importeren/csv` end to end: the real stack with a Temporal dev server and the in-process worker
 * (the import is a workflow), driven in Chromium at phone width and with the keyboard.
 */
let stack: TStack;
beforeAll(async () => {
  stack = await startStack({ workflows: true });
});
afterAll(async () => stack?.close());

const TENANT = 'demo';
const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);

/** Three students; the second has no valid e-mail address (row 3: the header is row 1). */
const CSV = [
  'Voornaam;Achternaam;E-mailadres;Leerlingnummer;Klas;Niveau',
  'Eva;Eerste;eva.eerste@demo.test;LL900001;3B;',
  'Bas;Tweede;geen-e-mailadres;LL900002;3B;',
  'Cas;Derde;cas.derde@demo.test;LL900003;3B;',
].join('\r\n');

/** Tabs (at most 40 times) until the element with this test id has focus. */
async function tabTo(page: Page, testId: string) {
  for (let i = 0; i < 40; i++) {
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId))
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${testId} not reached with Tab`);
}

describe('a school admin', () => {
  it('uploads a CSV with one bad row and sees the completed import with that row’s error (375 px, keyboard)', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });
    await signIn(page, stack, TENANT, demo('admin', TENANT));
    await page.goto(stack.url(TENANT, '/importeren/csv'));
    await page.getByTestId('import-form').waitFor();
    expect(await page.title()).toBe(`${nl('routes.imports.csv')} - ${TENANTS.demo.appName}`);
    // Named by its name (identity's read model), not by its type (issue #13).
    const school = await (
      await apiAs(stack.app, TENANT, 'admin', 'school')
    ).get<{ data: { attributes: { name: string } } }>(
      `/api/v1/organizations/${seedOrganizationId(TENANT, 'school')}`,
    );
    expect(await page.getByTestId('import-school').textContent()).toBe(school.body.data.attributes.name);
    await shot(page, 'demo-import-form');
    await expectAccessible(page, 'import form');

    // Nothing chosen: the field says so, and keeps the focus.
    await tabTo(page, 'import-submit');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('field-error').textContent()).toBe(nl('validation.required'));

    // A spreadsheet renamed: the server refuses it, in Dutch.
    const fileInput = page.getByLabel(new RegExp(`^${nl('portal.imports.file')}`));
    await fileInput.setInputFiles({
      name: 'leerlingen.xlsx',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    await tabTo(page, 'import-submit');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('import-upload-error').textContent())
      .toContain(nl('api.unsupported_file_type.detail'));
    // That refusal was the point; nothing else failed.
    expect(problems.splice(0)).toEqual([expect.stringMatching(/^415 .*\/api\/v1\/imports$/)]);
    await expectAccessible(page, 'import upload error');

    await fileInput.setInputFiles({ name: 'leerlingen.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await tabTo(page, 'import-submit');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/importeren\/csv\?import=[0-9a-f-]{36}$/);
    const status = page.getByTestId('import-status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 60_000 }).toBe('completed');
    const count = (k: string) => status.locator(`[data-count="${k}"]`).textContent();
    expect(await count('total')).toBe('3');
    expect(await count('invalid')).toBe('1');
    expect(await count('created')).toBe('2');
    expect(await page.getByTestId('import-progress').getAttribute('aria-valuenow')).toBe('100');

    const bad = page.getByTestId('import-problems').locator('tbody tr');
    await expect.poll(() => bad.count()).toBe(1);
    expect(await bad.first().getAttribute('data-row')).toBe('3');
    expect(await bad.first().textContent()).toContain(
      `${nl('imports.fields.email')}: ${nl('imports.rowErrors.email_invalid')}`,
    );
    await shot(page, 'demo-import-completed');
    await expectAccessible(page, 'completed import');
    // Nothing sticks out sideways on a phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // The report, downloaded with the keyboard: every row with its outcome.
    await tabTo(page, 'import-report');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe('leerlingen-report.csv');
    const report = await readFile((await download.path())!, 'utf8');
    expect(report).toContain('geen-e-mailadres');
    expect(report).toContain(nl('imports.rowErrors.email_invalid'));

    // A reload shows the same import again (its id is in the address).
    await page.reload();
    await expect.poll(() => page.getByTestId('import-status').getAttribute('data-status')).toBe('completed');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'demo-import-completed');
    await expectAccessible(page, 'completed import (desktop)');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a student', () => {
  it('is refused: the 403 screen, and the API says no as well', async () => {
    const { page, context } = await openPortal(stack, { viewport: PHONE });
    await signIn(page, stack, TENANT, demo('student', TENANT));
    await page.goto(stack.url(TENANT, '/importeren/csv'));
    await page.getByTestId('error-screen').waitFor();
    expect(await page.getByTestId('error-title').textContent()).toBe(nl('errors.forbidden.title'));
    expect(await page.getByTestId('import-form').count()).toBe(0);
    await shot(page, 'demo-import-student');
    await expectAccessible(page, 'import refused');
    await context.close();

    const student = await apiAs(stack.app, TENANT, 'student', 'school');
    const res = await student.send('POST', '/api/v1/imports', {
      school_id: seedOrganizationId(TENANT, 'school'),
    });
    expect(res.status).toBe(403);
  });
});
