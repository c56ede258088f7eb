import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NAMESPACE, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  apiAs,
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
 * Issue #30 item 6 and #31 item 1 in Chromium on the real stack (oldebroek, an hours tenant): the
 * company names the workplace supervisor by name and e-mail while editing the internship (no account);
 * the school sees who it is and approves them; the student logs hours on a phone and sends the link;
 * the supervisor gets the mail, opens the link on a phone and confirms; the school sees who confirmed
 * from where. No account is made for the supervisor.
 */
const TENANT = 'oldebroek';
// The demo student's running internship (services/placements/src/internships/internships.seed.ts, n = 0).
const INTERNSHIP = uuidV5(`${TENANT}:internship:0`, SEED_NAMESPACE);
const PETRA = 'petra.praktijk@zorgboerderij.test';

let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

async function openInternship(page: Page) {
  await page.goto(stack.url(TENANT, `/internships/${INTERNSHIP}`));
  await page.getByTestId('hours-section').waitFor();
}

describe('a supervisor without an account, named by e-mail, approved by the school', () => {
  it('the company adds them, the school approves, the student sends the link, the supervisor confirms on a phone', async () => {
    // The company's admin names the supervisor while editing the internship.
    const company = await openPortal(stack, { viewport: DESKTOP });
    const cp = company.page;
    await signIn(cp, stack, TENANT, demo('bedrijf', TENANT));
    await cp.goto(stack.url(TENANT, `/internships/${INTERNSHIP}/edit`));
    const form = cp.getByTestId('internship-form');
    await form.waitFor();
    await form
      .getByLabel(/^Praktijkbegeleider/)
      .selectOption({ label: 'Iemand anders (naam en e-mailadres, geen account)' });
    await form.getByLabel(/^Naam praktijkbegeleider/).fill('Petra Praktijk');
    await form.getByLabel(/^E-mailadres praktijkbegeleider/).fill(PETRA);
    await expectAccessible(cp, 'internship editor with a named supervisor');
    await shot(cp, 'named-supervisor-company');
    await cp.getByTestId('internship-save').click();
    await cp.getByTestId('supervisor-unapproved').waitFor();
    expect(await cp.getByTestId('internship-parties').textContent()).toContain(PETRA);

    // The school sees whom it would approve, and approves.
    const school = await openPortal(stack, { viewport: DESKTOP });
    const sp = school.page;
    await signInSchoolAdmin(sp, stack, TENANT);
    await openInternship(sp);
    const panel = sp.getByTestId('hours-supervisor');
    await expect.poll(() => panel.textContent()).toContain(`Petra Praktijk (${PETRA})`);
    expect(await panel.textContent()).toContain('De school keurt deze praktijkbegeleider eerst goed');
    await expectAccessible(sp, 'hours section (school, unapproved supervisor)');
    await shot(sp, 'named-supervisor-school');
    await sp.getByTestId('hours-approve-supervisor').click();
    await expect.poll(() => sp.getByTestId('toast').first().textContent()).toContain('goedgekeurd');
    await expect.poll(() => sp.getByTestId('hours-supervisor-unapproved').count()).toBe(0);

    // The student logs hours on a phone and mails the link.
    const student = await openPortal(stack, { viewport: PHONE });
    const page = student.page;
    await signIn(page, stack, TENANT, demo('student', TENANT));
    await openInternship(page);
    const log = page.getByTestId('hours-log-form');
    await log.waitFor();
    await log.getByLabel(/^Uren/).fill('3,5');
    await log.getByLabel(/^Wat heb je gedaan/).fill('Kalveren gevoerd met Petra');
    await page.getByTestId('hours-log-submit').click();
    await expect
      .poll(() => page.getByTestId('hours-entry').filter({ hasText: 'Kalveren gevoerd' }).count())
      .toBe(1);
    expect(await page.getByTestId('hours-supervisor').textContent()).toContain(PETRA);
    await page.getByTestId('hours-send-link').click();
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Link verstuurd');
    await shot(page, 'named-supervisor-student');

    // Petra reads the mail and confirms on her phone, signed out.
    const supervisor = await openMailedLink(
      stack,
      TENANT,
      PETRA,
      '/urenbevestiging',
      'hours-confirmation-page',
    );
    const pp = supervisor.page;
    const pending = pp.getByTestId('hours-confirm-entry').filter({ hasText: 'Kalveren gevoerd' });
    await pending.waitFor();
    await expectAccessible(pp, 'supervisor confirmation (named supervisor)');
    await pending.getByLabel('Bevestigen').check();
    await pp.getByTestId('hours-decide').click();
    await pp.getByTestId('hours-decided').waitFor();
    await shot(pp, 'named-supervisor-confirmed');
    expect(await pp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The school sees who confirmed, from where.
    await openInternship(sp);
    const decided = sp.getByTestId('hours-entry').filter({ hasText: 'Kalveren gevoerd' });
    await expect.poll(() => decided.getByTestId('hours-decided-by').textContent()).toContain(PETRA);
    await shot(sp, 'named-supervisor-decided');
    // No account was made for the supervisor.
    const { rows } = await sql<{ n: string }>`select count(*) as n from identity.users
      where lower(email) = ${PETRA}`.execute(stack.platform.owner);
    expect(Number(rows[0]!.n)).toBe(0);
    for (const p of [company, school, student, supervisor]) {
      expect(p.problems).toEqual([]);
      await p.context.close();
    }
  });
});

describe('a supervisor named while the school assigns in one go (issue #30 item 6)', () => {
  it('the school assigns a student with a named supervisor, who gets the hours link; no account is made', async () => {
    const KEES = 'kees.klaver@zorgboerderij.test';
    const title = `Dierenverzorging ${Date.now().toString(36)}`;
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    const created = await company.send<{ data: { id: string } }>('POST', '/api/v1/vacancies', {
      data: { type: 'vacancy', attributes: { title, places: 1 } },
    });
    expect(created.status).toBe(201);
    expect((await company.send('POST', `/api/v1/vacancies/${created.body.data.id}/publish`)).status).toBe(
      200,
    );

    // The school picks the demo student and the vacancy, and names the supervisor.
    const school = await openPortal(stack, { viewport: DESKTOP });
    const sp = school.page;
    await signInSchoolAdmin(sp, stack, TENANT);
    await sp.goto(stack.url(TENANT, '/internships/assign'));
    const form = sp.getByTestId('direct-assign-form');
    await form.getByLabel(/^Sam Student/).check();
    const picker = form.getByTestId('assign-vacancy');
    await picker.getByLabel(/^Zoek een vacature/).fill(title);
    await picker.getByLabel(new RegExp(title)).check();
    const supervisor = form.getByTestId('assign-supervisor');
    await supervisor.getByLabel(/^Naam praktijkbegeleider/).fill('Kees Klaver');
    // An address that is none is said beside its field, and nothing is created.
    await supervisor.getByLabel(/^E-mailadres praktijkbegeleider/).fill('kees at zorgboerderij');
    await form.getByTestId('direct-assign-submit').click();
    await expect.poll(() => supervisor.textContent()).toContain(translate('nl', 'validation.email'));
    const schoolApi = await apiAs(stack.app, TENANT, 'admin', 'school');
    const byTitle = `/api/v1/internships?filter[search]=${encodeURIComponent(title)}`;
    expect((await schoolApi.get<{ data: unknown[] }>(byTitle)).body.data).toEqual([]);
    await supervisor.getByLabel(/^E-mailadres praktijkbegeleider/).fill(KEES);
    await expectAccessible(sp, 'assign with a named supervisor');
    await shot(sp, 'assign-named-supervisor');
    await form.getByTestId('direct-assign-submit').click();
    await expect.poll(() => sp.getByTestId('toast').first().textContent()).toContain('1 stage aangemaakt');
    const found = await schoolApi.get<{
      data: { id: string; attributes: Record<string, unknown> }[];
    }>(byTitle);
    expect(found.body.data).toHaveLength(1);
    const internship = found.body.data[0]!;
    // Named by the school: approved as named, so the links may go to Kees.
    expect(internship.attributes).toMatchObject({
      status: 'approved',
      supervisor_name: 'Kees Klaver',
      supervisor_email: KEES,
      supervisor_approved: true,
    });

    // The student logs hours on a phone and sends the link: it goes to Kees.
    const student = await openPortal(stack, { viewport: PHONE });
    const page = student.page;
    await signIn(page, stack, TENANT, demo('student', TENANT));
    await page.goto(stack.url(TENANT, `/internships/${internship.id}`));
    await page.getByTestId('hours-section').waitFor();
    expect(await page.getByTestId('hours-supervisor').textContent()).toContain(KEES);
    const log = page.getByTestId('hours-log-form');
    await log.getByLabel(/^Uren/).fill('4');
    await log.getByLabel(/^Wat heb je gedaan/).fill('Geiten verzorgd met Kees');
    await page.getByTestId('hours-log-submit').click();
    await expect
      .poll(() => page.getByTestId('hours-entry').filter({ hasText: 'Geiten verzorgd' }).count())
      .toBe(1);
    await page.getByTestId('hours-send-link').click();
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Link verstuurd');

    // Kees reads the mail and opens the link, signed out: the sheet shows the student's hours.
    const kees = await openMailedLink(stack, TENANT, KEES, '/urenbevestiging', 'hours-confirmation-page');
    await kees.page.getByTestId('hours-confirm-entry').filter({ hasText: 'Geiten verzorgd' }).waitFor();
    await shot(kees.page, 'assign-named-supervisor-link');
    const { rows } = await sql<{ n: string }>`select count(*) as n from identity.users
      where lower(email) = ${KEES}`.execute(stack.platform.owner);
    expect(Number(rows[0]!.n)).toBe(0);
    for (const p of [school, student, kees]) {
      expect(p.problems).toEqual([]);
      await p.context.close();
    }
  });
});
