import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NAMESPACE, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import { ARTIFACTS } from '@stageplein/testing/browser';
import {
  demo,
  DESKTOP,
  expectAccessible,
  openMailedLink,
  openPortal,
  PHONE,
  shot,
  signIn,
  signInSchoolAdmin,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * Issue #17 in Chromium on the real stack, at phone width, on `stageplein` (hours and paper
 * timesheets): the demo student logs hours on their running internship and mails the link; the
 * supervisor opens it from the mail without signing in and confirms; the student's confirmed total
 * changes, and the student's mentor sees the change on progress (`/stagevoortgang/{period}`). The
 * progress screens are checked with axe at 375 and 1280 px as mentor and school admin (a student
 * sees only their own). The school's printable timesheet is rendered to PDF and PNG and checked by
 * its text.
 */
const TENANT = 'stageplein';
// The demo student's running internship (services/placements/src/internships/internships.seed.ts, n = 0).
const INTERNSHIP = uuidV5(`${TENANT}:internship:0`, SEED_NAMESPACE);

let stack: TStack;
/** The running internship's period (organizations' seeded period, placements' seeded internship). */
let period = '';
beforeAll(async () => {
  stack = await startStack();
  // The seeds put the running internship in the school's period of its start date (placements'
  // seed-internships); the internship arrives through the relay, so wait for it.
  for (let attempt = 0; attempt < 240 && !period; attempt++) {
    const { rows } = await sql<{ id: string | null }>`select internship_period_id as id
      from placements.internships where id = ${INTERNSHIP}`.execute(stack.platform.owner);
    period = rows[0]?.id ?? '';
    if (!period) await new Promise((r) => setTimeout(r, 250));
  }
  expect(period, 'the running internship has a period').toBeTruthy();
});
afterAll(async () => stack?.close());

const confirmedText = async (page: Page) => (await page.getByTestId('hours-confirmed').textContent())?.trim();

/** The demo student's row on the period's progress page: its "confirmed / required" figure. */
const progressHours = async (page: Page) => {
  await page.goto(stack.url(TENANT, `/stagevoortgang/${period}`));
  await page.getByTestId('progress-rows').waitFor();
  const row = page.getByTestId('progress-row').filter({ has: page.locator(`a[href$="/${INTERNSHIP}"]`) });
  // "confirmed / required", then the logged hours.
  return /^[\d,]+ \/ [\d,]+/.exec((await row.getByTestId('progress-hours').textContent())?.trim() ?? '')?.[0];
};

describe('hours: log, confirm by link, print', () => {
  it('the student logs hours, the supervisor confirms from the mailed link without an account, the mentor sees it', async () => {
    // The mentor's progress page before: the seeded 9.75 of 40 hours confirmed.
    const mentor = await openPortal(stack, { viewport: PHONE });
    await signIn(mentor.page, stack, TENANT, demo('mentor', TENANT));
    expect(await progressHours(mentor.page)).toBe('9,75 / 40');

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
    // A new link waits ten minutes (the server's link limits): the button is not offered meanwhile.
    await expect.poll(() => page.getByTestId('hours-send-link').count()).toBe(0);
    await shot(page, 'hours-student');

    // The supervisor (the demo company's admin) reads the mail and opens the link, signed out.
    const supervisor = await openMailedLink(
      stack,
      TENANT,
      demo('bedrijf', TENANT),
      '/urenbevestiging',
      'hours-confirmation-page',
    );
    const sp = supervisor.page;
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
    // The mentor sees the change on progress.
    expect(await progressHours(mentor.page)).toBe('20,75 / 40');
    expect(student.problems).toEqual([]);
    expect(mentor.problems).toEqual([]);
    await student.context.close();
    await supervisor.context.close();
    await mentor.context.close();
  });

  for (const viewport of [PHONE, DESKTOP])
    it(`progress screens at ${viewport.width} px: mentor and school admin, axe-clean; a student sees only their own`, async () => {
      const screens = async (page: Page, who: string) => {
        await page.goto(stack.url(TENANT, '/stagevoortgang'));
        await page.getByTestId('progress-index').waitFor();
        await page.locator(`a[href="/stagevoortgang/${period}"]`).waitFor();
        await expectAccessible(page, `progress index (${who}, ${viewport.width})`);
        await page.locator(`a[href="/stagevoortgang/${period}"]`).click();
        await page.getByTestId('progress-rows').waitFor();
        await expectAccessible(page, `progress period (${who}, ${viewport.width})`);
        await shot(page, `progress-period-${who}`);
        await page.locator(`a[href="/stagevoortgang/${period}/${INTERNSHIP}"]`).click();
        await page.getByTestId('progress-timeline').waitFor();
        await expectAccessible(page, `progress internship (${who}, ${viewport.width})`);
        await page.goto(stack.url(TENANT, '/stagevoortgang/uitleg'));
        await page.getByTestId('progress-behind-example').waitFor();
        // The worked example is computed by the one rule: 60 h over 1–30 Nov, 21 Nov → 40 expected, 32 the bar.
        expect(await page.getByTestId('progress-behind-example').textContent()).toMatch(/40 uur.*32/);
        await expectAccessible(page, `progress explanation (${who}, ${viewport.width})`);
        // Nothing sticks out sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      };
      const mentor = await openPortal(stack, { viewport });
      await signIn(mentor.page, stack, TENANT, demo('mentor', TENANT));
      await screens(mentor.page, 'mentor');
      const school = await openPortal(stack, { viewport });
      await signInSchoolAdmin(school.page, stack, TENANT);
      await screens(school.page, 'school');
      await school.page.goto(stack.url(TENANT, `/stagevoortgang/${period}`));
      await school.page.getByTestId('progress-rows').waitFor();
      const schoolRows = school.page.getByTestId('progress-row').locator('h2 a');
      const schoolCount = await schoolRows.count();
      const studentName = await schoolRows.and(school.page.locator(`[href$="/${INTERNSHIP}"]`)).textContent();
      // The student gets their own view (issue #30 item 7), of their own internships only.
      const student = await openPortal(stack, { viewport });
      await signIn(student.page, stack, TENANT, demo('student', TENANT));
      await student.page.goto(stack.url(TENANT, `/stagevoortgang/${period}`));
      await student.page.getByTestId('progress-mine-rows').waitFor();
      expect(await student.page.getByTestId('progress-rows').count()).toBe(0);
      expect(studentName).toBeTruthy();
      const links = student.page.getByTestId('progress-mine-row').locator('h2 a');
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs).toContain(`/internships/${INTERNSHIP}`);
      expect(hrefs.length).toBeLessThanOrEqual(schoolCount);
      await expectAccessible(student.page, `progress period (student, ${viewport.width})`);
      for (const p of [mentor, school, student]) {
        expect(p.problems).toEqual([]);
        await p.context.close();
      }
    });

  it('the school prints the paper timesheet: A4 with the student, the workplace, lines and a QR code', async () => {
    const school = await openPortal(stack, { viewport: PHONE });
    const page = school.page;
    await signInSchoolAdmin(page, stack, TENANT);
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
