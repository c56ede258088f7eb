import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SEED_NAMESPACE, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import { translate } from '@stageplein/contracts/i18n/index';
import { folderMailsTo } from '@stageplein/identity/mail/mail-folder';
import {
  apiAs,
  demo,
  DESKTOP,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  signIn,
  signInSchoolAdmin,
  startStack,
  type TApi,
  type TDemo,
  type TStack,
} from './stack.ts';

/**
 * Issue #30 items 2 and 9 in Chromium on the real stack (`stageplein`), each person in their own
 * viewport: the school admin's dashboard shows the application the company accepted, waiting for the
 * school's approval, with a link to it, and the new organization waiting for approval; the mentor (on a
 * phone) sees their student's internship waiting for the school; a company that just signed up sees its
 * organization is pending. Input as people type it: "www.dewalk.nl" at signup is stored as
 * https://www.dewalk.nl, required hours "3,33" as 3.33, a student's "3,33" hours get a message saying
 * what is allowed, and the CSV import says that invitation mails will go out before the upload.
 */
const TENANT = 'stageplein';
const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);
const RUN = Date.now().toString(36);
const TITLE = `Balie-assistent ${RUN}`;
const ORGANIZATION = `De Walk ${RUN}`;
const APPLICANT = `walk-${RUN}@dewalk.test`;
// The demo student's running internship (services/placements/src/internships/internships.seed.ts, n = 0).
const RUNNING = uuidV5(`${TENANT}:internship:0`, SEED_NAMESPACE);

let stack: TStack;
let school: TApi;
let internshipId = '';

beforeAll(async () => {
  stack = await startStack();
  // Through the API (the applying screens have their own test): a vacancy, an application, the company accepts.
  const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
  const vacancy = await company.send<{ data: { id: string } }>('POST', '/api/v1/vacancies', {
    data: { type: 'vacancy', attributes: { title: TITLE, places: 1 } },
  });
  expect(vacancy.status, JSON.stringify(vacancy.body)).toBe(201);
  expect((await company.send('POST', `/api/v1/vacancies/${vacancy.body.data.id}/publish`)).status).toBe(200);
  const student = await apiAs(stack.app, TENANT, 'student', 'school');
  const applied = await student.send<{ data: { id: string } }>('POST', '/api/v1/internships', {
    data: {
      type: 'internships',
      attributes: { vacancy_id: vacancy.body.data.id, motivation: 'Ik help graag mensen aan de balie.' },
    },
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  internshipId = applied.body.data.id;
  const accepted = await company.send('POST', `/api/v1/internships/${internshipId}/accept`);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  school = await apiAs(stack.app, TENANT, 'admin', 'school');
});
afterAll(async () => stack?.close());

async function signedIn(who: TDemo, viewport: { width: number; height: number }) {
  const session = await openPortal(stack, { viewport });
  // The demo admin also runs a volunteer centre: they act for the school.
  if (who === 'admin') await signInSchoolAdmin(session.page, stack, TENANT);
  else await signIn(session.page, stack, TENANT, demo(who, TENANT));
  return session;
}

/** The dashboard's queue of `key` (waiting for it to load). */
async function queue(page: Page, key: string) {
  const section = page.getByTestId('dashboard-waiting');
  await section.waitFor();
  await expect.poll(() => section.getAttribute('aria-busy')).toBe('false');
  return section.locator(`[data-queue="${key}"]`);
}

async function fits(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
}

describe('whoever must act sees it', () => {
  it('a company signs up with www.dewalk.nl, confirms, and its dashboard says it is pending', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    await page.goto(stack.url(TENANT, '/organizations/signup'));
    await page.getByTestId('organization-signup-form').waitFor();
    const field = (name: string) => page.locator(`[name="${name}"]`);
    await page.getByLabel(nl('portal.organizationTypes.Provider')).check();
    await field('name').fill(ORGANIZATION);
    await field('address').fill('Stationsweg 3');
    await field('postcode').fill('8091 AB');
    await field('city').fill('Wezep');
    // As people type it: no https:// (refused before issue #30).
    await field('website').fill('www.dewalk.nl');
    await field('website').blur();
    await field('adminFirstName').fill('Wim');
    await field('adminLastName').fill('Walk');
    await field('adminEmail').fill(APPLICANT);
    expect(await page.getByTestId('field-error').count()).toBe(0);
    await page.getByTestId('organization-signup-submit').click();
    await page.waitForURL(/\/organizations\/signup\/success$/);

    // Stored normalised.
    const pending = await school.get<{ data: { id: string; attributes: { website: string | null } }[] }>(
      `/api/v1/organizations?filter[status_eq]=pending&filter[name_eq]=${encodeURIComponent(ORGANIZATION)}`,
    );
    expect(pending.body.data).toHaveLength(1);
    expect(pending.body.data[0]!.attributes.website).toBe('https://www.dewalk.nl');

    // The applicant follows the invitation, chooses a password and signs in: the organization is pending.
    let link = '';
    await expect
      .poll(
        async () => {
          const mails = await folderMailsTo(stack.mailDir, TENANT, APPLICANT);
          link =
            mails.flatMap((m) => /https?:\/\/\S*confirmation_token=[^\s"<>]+/.exec(m.text) ?? [])[0] ?? '';
          return link !== '';
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const token = new URL(link).searchParams.get('confirmation_token')!;
    await page.goto(stack.url(TENANT, `/confirm?confirmation_token=${token}`));
    await page.getByTestId('confirm-form').getByRole('button').click();
    const password = page.getByLabel(nl('portal.reset.password'), { exact: false }).first();
    await password.waitFor();
    await password.fill('walk-en-balie-7');
    await page.getByLabel(nl('portal.reset.passwordConfirmation')).fill('walk-en-balie-7');
    await page.getByTestId('confirm-form').getByRole('button').click();
    await page.getByTestId('confirm-done').waitFor();
    await signIn(page, stack, TENANT, APPLICANT, 'walk-en-balie-7');
    const notice = page.getByTestId('dashboard-pending');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(nl('portal.dashboard.pending.title'));
    expect(await notice.textContent()).toContain(nl('portal.dashboard.pending.body'));
    await page.getByTestId('dashboard-waiting-none').waitFor();
    await expectAccessible(page, 'pending company dashboard');
    await shot(page, 'dashboard-company-pending');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the mentor (phone) and the school admin see the approval waiting; the school approves from the link', async () => {
    // The mentor follows up: their student's internship waits for the school (they cannot approve).
    const mentor = await signedIn('mentor', PHONE);
    const mentorQueue = await queue(mentor.page, 'studentsAwaitingSchool');
    const mentorItem = mentorQueue.getByTestId('dashboard-waiting-item').filter({ hasText: TITLE });
    await mentorItem.waitFor();
    expect(await mentorQueue.textContent()).toContain(
      nl('portal.dashboard.waiting.queues.studentsAwaitingSchool'),
    );
    // Hours waiting for the supervisor (the seeded running internship has pending entries): the mentor may send the link.
    const hoursQueue = await queue(mentor.page, 'hoursToConfirm');
    await hoursQueue.locator(`a[href="/internships/${RUNNING}"]`).waitFor();
    await fits(mentor.page, 'mentor dashboard');
    await expectAccessible(mentor.page, 'mentor dashboard');
    await shot(mentor.page, 'dashboard-mentor-waiting');
    await mentorItem.click();
    await mentor.page.getByTestId('internship').waitFor();
    expect(await mentor.page.getByTestId('internship-approve').count()).toBe(0);
    expect(mentor.problems).toEqual([]);
    await mentor.context.close();

    // The school admin: the approval, counted by the server, with a link to it; the new organization too.
    const admin = await signedIn('admin', DESKTOP);
    const page = admin.page;
    const approvals = await queue(page, 'approvals');
    const total = (
      await school.get<{ meta: { total: number } }>(
        '/api/v1/internships?filter[status_in]=accepted&page[size]=1',
      )
    ).body.meta.total;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(await approvals.getByTestId('dashboard-waiting-count').textContent()).toBe(String(total));
    expect(await approvals.getByTestId('dashboard-waiting-all').getAttribute('href')).toBe(
      '/internships?status=accepted',
    );
    const organizations = await queue(page, 'organizations');
    await organizations.getByTestId('dashboard-waiting-item').filter({ hasText: ORGANIZATION }).waitFor();
    await expectAccessible(page, 'school admin dashboard');
    await shot(page, 'dashboard-school-waiting');

    await approvals.getByTestId('dashboard-waiting-item').filter({ hasText: TITLE }).click();
    await page.waitForURL(new RegExp(`/internships/${internshipId}$`));
    await page.getByTestId('internship-approve').click();
    const dialog = page.getByTestId('internship-action-dialog');
    await dialog.getByTestId('internship-confirm').click();
    await expect
      .poll(() => page.getByTestId('internship-status').first().getAttribute('data-status'))
      .toBe('approved');

    // Approved: it no longer waits.
    await page.goto(stack.url(TENANT, '/dashboard'));
    await queue(page, 'organizations');
    expect(
      await page
        .locator('[data-queue="approvals"]')
        .getByTestId('dashboard-waiting-item')
        .filter({ hasText: TITLE })
        .count(),
    ).toBe(0);
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });
});

describe('whoever must act sees it: the company', () => {
  it('a company answers the application its dashboard counts; the student (phone) finds the answer on theirs', async () => {
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    const title = `Receptionist ${RUN}`;
    const vacancy = await company.send<{ data: { id: string } }>('POST', '/api/v1/vacancies', {
      data: { type: 'vacancy', attributes: { title, places: 1 } },
    });
    expect(vacancy.status, JSON.stringify(vacancy.body)).toBe(201);
    expect((await company.send('POST', `/api/v1/vacancies/${vacancy.body.data.id}/publish`)).status).toBe(
      200,
    );
    const student = await apiAs(stack.app, TENANT, 'student', 'school');
    const applied = await student.send<{ data: { id: string } }>('POST', '/api/v1/internships', {
      data: {
        type: 'internships',
        attributes: { vacancy_id: vacancy.body.data.id, motivation: 'Ik sta graag klanten te woord.' },
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);

    const { page, context, problems } = await signedIn('bedrijf', DESKTOP);
    const applications = await queue(page, 'applications');
    const total = (
      await company.get<{ meta: { total: number } }>(
        '/api/v1/internships?filter[status_in]=applied&page[size]=1',
      )
    ).body.meta.total;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(await applications.getByTestId('dashboard-waiting-count').textContent()).toBe(String(total));
    expect(await applications.textContent()).toContain(nl('portal.dashboard.waiting.queues.applications'));
    await expectAccessible(page, 'company dashboard with an application');
    await shot(page, 'dashboard-company-applications');
    await applications.getByTestId('dashboard-waiting-item').filter({ hasText: title }).click();
    await page.waitForURL(new RegExp(`/internships/${applied.body.data.id}$`));
    await page.getByTestId('internship-accept').click();
    await page.getByTestId('internship-action-dialog').getByTestId('internship-confirm').click();
    await expect
      .poll(() => page.getByTestId('internship-status').first().getAttribute('data-status'))
      .toBe('accepted');
    // Answered: it no longer waits for the company.
    await page.goto(stack.url(TENANT, '/dashboard'));
    const after = await queue(page, 'applications');
    expect(await after.getByTestId('dashboard-waiting-item').filter({ hasText: title }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();

    // The student, on a phone, finds the answer on their dashboard, with a link to the internship.
    const mine = await signedIn('student', PHONE);
    const answered = await queue(mine.page, 'answered');
    await answered.getByTestId('dashboard-waiting-item').filter({ hasText: title }).click();
    await mine.page.waitForURL(new RegExp(`/internships/${applied.body.data.id}$`));
    await fits(mine.page, 'student internship page');
    expect(mine.problems).toEqual([]);
    await mine.context.close();
  });
});

describe('input as people type it', () => {
  it('the school sets the required hours to "3,33" (stored 3.33); the CSV import says mails will go out', async () => {
    const { page, context, problems } = await signedIn('admin', DESKTOP);
    await page.goto(stack.url(TENANT, `/internships/${internshipId}/edit`));
    const form = page.getByTestId('internship-form');
    await form.waitFor();
    await form.locator('[name="hours"]').fill('3,33');
    await page.getByTestId('internship-save').click();
    await page.waitForURL(new RegExp(`/internships/${internshipId}$`));
    const stored = await school.get<{ data: { attributes: { hours: number } } }>(
      `/api/v1/internships/${internshipId}`,
    );
    expect(stored.body.data.attributes.hours).toBe(3.33);

    // The import says what will happen before anything is uploaded: above the button, in view.
    await page.goto(stack.url(TENANT, '/importeren/csv'));
    const notice = page.getByTestId('import-mail-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(nl('portal.imports.mailNotice'));
    const noticeBox = (await notice.boundingBox())!;
    const submitBox = (await page.getByTestId('import-submit').boundingBox())!;
    expect(noticeBox.y).toBeLessThan(submitBox.y);
    await expectAccessible(page, 'csv import');
    await shot(page, 'imports-mail-notice');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a student typing "3,33" hours on a phone is told what is allowed; "3,25" is logged', async () => {
    const { page, context, problems } = await signedIn('student', PHONE);
    await page.goto(stack.url(TENANT, `/internships/${RUNNING}`));
    const form = page.getByTestId('hours-log-form');
    await form.waitFor();
    const hours = form.getByLabel(/^Uren/);
    await hours.fill('3,33');
    await hours.blur();
    await form.getByText(nl('validation.quarterHours')).waitFor();
    await expectAccessible(page, 'hours form with the quarter message');
    await shot(page, 'hours-quarter-message');
    await hours.fill('3,25');
    await form.getByLabel(/^Wat heb je gedaan/).fill(`Balie ${RUN}`);
    await page.getByTestId('hours-log-submit').click();
    await expect
      .poll(() =>
        page
          .getByTestId('hours-entry')
          .filter({ hasText: `Balie ${RUN}` })
          .count(),
      )
      .toBe(1);
    expect(
      await page
        .getByTestId('hours-entry')
        .filter({ hasText: `Balie ${RUN}` })
        .textContent(),
    ).toContain('3,25');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a student on a phone sees the weeks without hours the server counts, with a link to the sheet', async () => {
    // The running internship started seven weeks ago (the school moves its start): the seeded hours
    // cover only its last three weeks, so earlier weeks wait for hours.
    const dutchToday = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
    const start = new Date(Date.parse(`${dutchToday}T12:00:00Z`) - 49 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const moved = await school.send('PATCH', `/api/v1/internships/${RUNNING}`, {
      data: { type: 'internships', id: RUNNING, attributes: { start_date: start } },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const student = await apiAs(stack.app, TENANT, 'student', 'school');
    type TDue = {
      data: { attributes: { internship_id: string; week_count: number; weeks: { starts_on: string }[] } }[];
      meta: { total: number };
    };
    const due = async () => (await student.get<TDue>('/api/v1/hours/due')).body;
    const before = await due();
    const running = before.data.find((d) => d.attributes.internship_id === RUNNING)!;
    expect(running.attributes.week_count).toBeGreaterThanOrEqual(3);
    expect(running.attributes.weeks[0]!.starts_on).toBe(start);

    const { page, context, problems } = await signedIn('student', PHONE);
    const hours = await queue(page, 'hoursToLog');
    // The count is the server's (weeks in all), the rows one per internship.
    await expect
      .poll(() => hours.getByTestId('dashboard-waiting-count').textContent())
      .toBe(String(before.meta.total));
    expect(await hours.textContent()).toContain(nl('portal.dashboard.waiting.queues.hoursToLog'));
    const row = hours.getByTestId('dashboard-waiting-item').filter({
      hasText: `weken zonder uren: ${running.attributes.week_count}`,
    });
    expect(await row.count()).toBe(1);
    await expectAccessible(page, 'student dashboard with hours to log');
    await fits(page, 'student dashboard with hours to log');
    await shot(page, 'dashboard-student-hours-to-log');

    // The row opens the internship's hours sheet.
    await row.click();
    await page.getByTestId('hours-section').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/internships/${RUNNING}`);

    // Hours logged in the oldest week take it off the queue.
    const logged = await student.send('POST', `/api/v1/hours/${RUNNING}/entries`, {
      data: { type: 'hours_entry', attributes: { date: start, hours: 3, description: `Inhaalweek ${RUN}` } },
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    const after = await due();
    expect(after.meta.total).toBe(before.meta.total - 1);
    await page.goto(stack.url(TENANT, '/dashboard'));
    const again = await queue(page, 'hoursToLog');
    await expect
      .poll(() => again.getByTestId('dashboard-waiting-count').textContent())
      .toBe(String(after.meta.total));
    expect(problems).toEqual([]);
    await context.close();
  });
});
