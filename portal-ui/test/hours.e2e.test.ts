import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NAMESPACE, seedOrganizationId, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import { ARTIFACTS } from '@stageplein/testing/browser';
import {
  demo,
  expectAccessible,
  latestMail,
  openPortal,
  PHONE,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * Issue #17 in Chromium on the real stack, at phone width, on `stageplein` (hours and paper
 * timesheets): the demo student logs hours on their running internship and mails the link; the
 * supervisor opens it from the mail without signing in and confirms; the student's confirmed total
 * changes. The school's printable timesheet is rendered to PDF and PNG and checked by its text.
 */
const TENANT = 'stageplein';
// The demo student's running internship (services/placements/src/seeds/seed-internships.ts, n = 0).
const INTERNSHIP = uuidV5(`${TENANT}:internship:0`, SEED_NAMESPACE);

let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const confirmedText = async (page: Page) => (await page.getByTestId('hours-confirmed').textContent())?.trim();

describe('hours: log, confirm by link, print', () => {
  it('the student logs hours, the supervisor confirms from the mailed link without an account', async () => {
    const student = await openPortal(stack, { viewport: PHONE });
    await signIn(student.page, stack, TENANT, demo('student', TENANT));
    const page = student.page;
    // From the dashboard's own internships to the running one (hours on its page).
    await page.getByTestId('dashboard-internships').waitFor();
    await page.locator(`[data-testid="dashboard-internship"] a[href="/internships/${INTERNSHIP}"]`).click();
    const section = page.getByTestId('hours-section');
    await section.waitFor();
    await page.getByTestId('hours-log-form').waitFor();
    const before = await confirmedText(page);
    // Seeded: 3 + 3.75 + 3 hours confirmed (hours.seed.ts), two entries pending.
    expect(before).toBe('9,75');
    await expectAccessible(page, 'hours section (student)');

    const form = page.getByTestId('hours-log-form');
    await form.getByLabel(/^Uren/).fill('2,75');
    await form.getByLabel(/^Wat heb je gedaan/).fill('Bingo georganiseerd in de recreatiezaal');
    await page.getByTestId('hours-log-submit').click();
    await expect
      .poll(() => page.getByTestId('hours-entry').filter({ hasText: 'Bingo georganiseerd' }).count())
      .toBe(1);
    await page.getByTestId('hours-send-link').click();
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Link verstuurd');
    await shot(page, 'hours-student');

    // The supervisor (the demo company's admin) reads the mail and opens the link, signed out.
    const mail = await latestMail(stack, TENANT, demo('bedrijf', TENANT), 'external_link');
    const link = /https?:\/\/\S+\/urenbevestiging#[A-Za-z0-9_-]{43}/.exec(mail)?.[0];
    expect(link, mail).toBeTruthy();
    const supervisor = await openPortal(stack, { viewport: PHONE });
    const sp = supervisor.page;
    await sp.goto(link!.replace(/^https?:\/\/[^/]+/, stack.url(TENANT, '')));
    await sp.getByTestId('hours-confirmation-page').waitFor();
    const pending = sp.getByTestId('hours-confirm-entry');
    await expect.poll(() => pending.count()).toBe(3);
    expect(await sp.getByTestId('hours-confirmation-page').textContent()).toContain('Bingo georganiseerd');
    await expectAccessible(sp, 'supervisor confirmation');
    await shot(sp, 'hours-supervisor');
    for (let i = 0; i < 3; i++) await pending.nth(i).getByLabel('Bevestigen').check();
    await sp.getByTestId('hours-decide').click();
    await sp.getByTestId('hours-decided').waitFor();
    // 9.75 + 3.75 + 4.5 (the seeded pending ones) + 2.75 = 20.75
    expect(await sp.getByTestId('hours-confirmed-total').textContent()).toContain('20,75');
    expect(supervisor.problems).toEqual([]);
    // No session was ever made: nothing was stored for the supervisor.
    expect(await sp.evaluate(() => document.cookie.includes('access-token'))).toBe(false);

    await page.goto(stack.url(TENANT, '/dashboard'));
    await page.getByTestId('dashboard-internships').waitFor();
    await page.locator(`[data-testid="dashboard-internship"] a[href="/internships/${INTERNSHIP}"]`).click();
    await section.waitFor();
    await expect.poll(() => confirmedText(page)).toBe('20,75');
    expect(student.problems).toEqual([]);
    await student.context.close();
    await supervisor.context.close();
  });

  it('the school prints the paper timesheet: A4 with the student, the workplace, lines and a QR code', async () => {
    const school = await openPortal(stack, { viewport: PHONE });
    const page = school.page;
    await signIn(page, stack, TENANT, demo('admin', TENANT));
    // The school's admin acts for the school (they also run a volunteer centre).
    const select = page.getByTestId('dashboard-organization-select');
    const schoolId = seedOrganizationId(TENANT, 'school');
    if ((await select.count()) > 0 && (await select.inputValue()) !== schoolId) {
      await select.selectOption(schoolId);
      await expect.poll(() => page.getByTestId('dashboard').getAttribute('data-role')).toBe('schoolAdmin');
    }
    await page.goto(stack.url(TENANT, `/urenbriefje/${INTERNSHIP}`));
    const sheet = page.getByTestId('timesheet');
    await sheet.waitFor();
    const text = (await sheet.textContent()) ?? '';
    for (const part of ['Urenbriefje', 'Student', 'Stageadres', 'Handtekening praktijkbegeleider', 'Totaal'])
      expect(text).toContain(part);
    expect(await page.getByTestId('qr-code').count()).toBe(1);
    expect(await sheet.locator('tbody tr').count()).toBe(17);
    await expectAccessible(page, 'timesheet');
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    await mkdir(ARTIFACTS, { recursive: true });
    await writeFile(path.join(ARTIFACTS, 'hours-timesheet.pdf'), pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The print button is not printed.
    expect(await page.getByRole('button', { name: 'Afdrukken' }).isVisible()).toBe(false);
    await page.setViewportSize({ width: 794, height: 1123 });
    await shot(page, 'hours-timesheet-print');
    expect(school.problems).toEqual([]);
    await school.context.close();
  });
});
