import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dutchDate } from '@stageplein/contracts/domain/school-years';
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
  type TStack,
} from './stack.ts';

/**
 * Issue #30 items 1 and 7 in Chromium on the real stack, on `oldebroek` (hours, evaluation forms):
 * a student applies from the bank on a phone, the company accepts, the school coordinator (desktop)
 * approves — the dialog preselects the period the internship starts in — and starts it; the school
 * opens the evaluation; the student's own `/stagevoortgang` shows the internship with its period,
 * hours confirmed of required, the evaluation and what comes next, no staff table; a declined
 * application is not "on schedule". An internship that lost its period is listed to the school and
 * linked with one click.
 */
const TENANT = 'oldebroek';

let stack: TStack;
let vacancyId = '';
const title = `Dierenverzorger ${Date.now().toString(36)}`;
/** The period of the seeded evaluation template (the one running now). */
let period = { id: '', name: '' };

beforeAll(async () => {
  stack = await startStack();
  const school = await apiAs(stack.app, TENANT, 'admin', 'school');
  const templates = await school.get<{ data: { attributes: { internship_period_id: string } }[] }>(
    '/api/v1/evaluation_templates',
  );
  expect(templates.status, JSON.stringify(templates.body)).toBe(200);
  period.id = templates.body.data[0]!.attributes.internship_period_id;
  const p = await school.get<{
    data: { attributes: { name: string; start_date: string; end_date: string } };
  }>(`/api/v1/internship_periods/${period.id}`);
  const { name, start_date: start, end_date: end } = p.body.data.attributes;
  period = { id: period.id, name };
  const target = await school.send('PUT', `/api/v1/hours/periods/${period.id}`, {
    data: { type: 'hours_period_default', attributes: { required_hours: 40 } },
  });
  expect(target.status, JSON.stringify(target.body)).toBe(204);
  const today = dutchDate(new Date());
  // The bank's vacancy knows no school period; it starts inside the running one (today when it runs).
  const startsOn = start <= today && today <= end ? today : start;
  const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
  const created = await company.send<{ data: { id: string } }>('POST', '/api/v1/vacancies', {
    data: { type: 'vacancy', attributes: { title, places: 1, starts_on: startsOn, ends_on: end } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  vacancyId = created.body.data.id;
  expect((await company.send('POST', `/api/v1/vacancies/${vacancyId}/publish`)).status).toBe(200);
});
afterAll(async () => stack?.close());

async function takeStep(
  page: Page,
  action: string,
  status: string,
  inDialog?: (dialog: Locator) => Promise<void>,
) {
  await page.getByTestId(`internship-${action}`).click();
  const dialog = page.getByTestId('internship-action-dialog');
  await dialog.getByTestId('internship-confirm').waitFor();
  await inDialog?.(dialog);
  await dialog.getByTestId('internship-confirm').click();
  await expect
    .poll(async () =>
      (await dialog.isVisible()) ? await dialog.getByTestId('form-alert').allTextContents() : 'closed',
    )
    .toBe('closed');
  await expect
    .poll(() => page.getByTestId('internship-status').first().getAttribute('data-status'))
    .toBe(status);
}

/** The student's own card of this test's internship on `/stagevoortgang`. */
async function ownCard(page: Page, id: string) {
  await page.goto(stack.url(TENANT, '/stagevoortgang'));
  await page.getByTestId('progress-mine-rows').waitFor();
  const card = page
    .getByTestId('progress-mine-row')
    .filter({ has: page.locator(`h2 a[href="/internships/${id}"]`) });
  await card.waitFor();
  return card;
}

const text = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('from the bank to progress and evaluation', () => {
  it('the period is settled at approval; the student sees their own progress on a phone; the school its table', async () => {
    // The student applies on a phone.
    const student = await openPortal(stack, { viewport: PHONE });
    const st = student.page;
    await signIn(st, stack, TENANT, demo('student', TENANT));
    await st.goto(stack.url(TENANT, `/vacancies/${vacancyId}`));
    const form = st.getByTestId('apply-form');
    await form.waitFor();
    await form.getByRole('button', { name: 'Solliciteren' }).click();
    await st.getByTestId('apply-already').waitFor();
    const studentApi = await apiAs(stack.app, TENANT, 'student', 'school');
    const mine = await studentApi.get<{ data: { id: string }[] }>(
      `/api/v1/internships?filter[vacancy_id_eq]=${vacancyId}`,
    );
    const id = mine.body.data[0]!.id;

    // Before approval the student's view waits for the organization; nothing is judged.
    let card = await ownCard(st, id);
    expect(await card.getByTestId('progress-mine-next').getAttribute('data-step')).toBe('wait_organization');
    expect(await text(card.getByTestId('progress-mine-period'))).toBe('Nog geen stageperiode');
    expect(await card.locator('.progress-badge').count()).toBe(0);

    // The company accepts (its screens have their own test).
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    expect((await company.send('POST', `/api/v1/internships/${id}/accept`)).status).toBe(200);

    // The school coordinator at their desk: the approval preselects the period the internship starts in.
    const school = await openPortal(stack, { viewport: DESKTOP });
    const sp = school.page;
    await signInSchoolAdmin(sp, stack, TENANT);
    const schoolBefore = school.problems.length;
    await sp.goto(stack.url(TENANT, `/internships/${id}`));
    await sp.getByTestId('internship').waitFor();
    await takeStep(sp, 'approve', 'approved', async (dialog) => {
      const select = dialog.getByLabel(/^Stageperiode/);
      expect(await select.inputValue()).toBe(period.id);
      expect(await select.locator('option:checked').textContent()).toContain(period.name);
      // The chosen period's whole text fits in the select at 1,280 px (its name and dates were cut off).
      const room = await select.evaluate((el: HTMLSelectElement) => {
        const style = getComputedStyle(el);
        const probe = document.createElement('span');
        probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
        probe.style.font = style.font;
        probe.textContent = el.selectedOptions[0]?.textContent ?? '';
        el.parentElement!.append(probe);
        const text = probe.getBoundingClientRect().width;
        probe.remove();
        // The content box less the native arrow's 20 px.
        const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return { text, inner };
      });
      expect(room.text, JSON.stringify(room)).toBeLessThanOrEqual(room.inner);
      await expectAccessible(sp, 'approval dialog with the period');
      await shot(sp, 'approve-period');
    });
    expect(await sp.getByTestId('internship').textContent()).toContain(period.name);
    await takeStep(sp, 'activate', 'active');
    // The hours target is the period's (the school set its default; the internship has none of its
    // own): without the period the approval settled there would be none. The school opens the
    // evaluation (the period's template).
    await sp.reload();
    await sp.getByTestId('evaluation-open').click();
    await expect.poll(() => sp.getByTestId('evaluation-part').count()).toBeGreaterThan(0);

    // The student logs hours on the internship page.
    await st.goto(stack.url(TENANT, `/internships/${id}`));
    const log = st.getByTestId('hours-log-form');
    await log.waitFor();
    await log.getByLabel(/^Uren/).fill('3,5');
    await log.getByLabel(/^Wat heb je gedaan/).fill('Hokken schoongemaakt en de konijnen gevoerd');
    await st.getByTestId('hours-log-submit').click();
    await expect.poll(() => st.getByTestId('hours-entry').count()).toBe(1);

    // Their own progress: no staff table; period, 0 of 40 confirmed, 3.5 logged and pending, evaluation next.
    card = await ownCard(st, id);
    const page = await text(st.getByTestId('progress-mine'));
    expect(page).toContain('Mijn stagevoortgang');
    for (const staff of ['Kies een stageperiode', 'Download als CSV', 'leerlingen'])
      expect(page).not.toContain(staff);
    expect(await st.getByTestId('progress-rows').count()).toBe(0);
    expect(await text(card.getByTestId('progress-mine-period'))).toContain(period.name);
    expect(await text(card.getByTestId('progress-mine-hours'))).toContain('0 van 40 uur bevestigd');
    expect(await text(card.getByTestId('progress-mine-hours'))).toContain(
      'Geschreven: 3,5 uur, waarvan 3,5 wacht op je praktijkbegeleider',
    );
    expect(await card.getByTestId('progress-mine-evaluation').getAttribute('data-state')).toBe('open');
    expect(await card.getByTestId('progress-mine-next').getAttribute('data-step')).toBe('evaluation');
    expect(await text(card.getByTestId('progress-mine-next'))).toContain('Vul jouw deel van de evaluatie in');
    // The seeded declined application is closed, not "Op schema".
    const declined = st.getByTestId('progress-mine-row').and(st.locator('[data-status="declined"]'));
    expect(await declined.count()).toBeGreaterThan(0);
    expect(await text(declined.first())).not.toContain('Op schema');
    expect(await declined.first().getByTestId('progress-mine-next').getAttribute('data-step')).toBe('closed');
    // Nor is the seeded finished one, signed off short of its hours: the rule no longer judges it.
    const finished = st.getByTestId('progress-mine-row').and(st.locator('[data-status="completed"]'));
    expect(await finished.count()).toBeGreaterThan(0);
    expect(await text(finished.first().locator('.progress-badge'))).toBe('Niet beoordeeld');
    await expectAccessible(st, 'student progress (phone)');
    expect(await st.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(st, 'progress-student');

    // The student fills their part from there; the next step becomes the hours.
    await card.getByRole('link', { name: 'Naar je stage' }).click();
    const own = st.getByTestId('evaluation-own-part');
    await own.waitFor();
    await own.getByTestId('question-learned').locator('input[type="radio"]').nth(4).check();
    await own.getByTestId('question-guidance').locator('input[type="radio"]').nth(3).check();
    await own.getByLabel(/^Wat ging goed/).fill('De dieren verzorgen.');
    await own.getByTestId('question-recommend').getByLabel('Ja').check();
    await own.getByTestId('form-submit').click();
    await expect.poll(() => own.count()).toBe(0);
    card = await ownCard(st, id);
    expect(await card.getByTestId('progress-mine-evaluation').getAttribute('data-state')).toBe(
      'partly_submitted',
    );
    expect(await card.getByTestId('progress-mine-next').getAttribute('data-step')).toBe('log_hours');
    // The period's own page shows the student the same view, not the table.
    await st.goto(stack.url(TENANT, `/stagevoortgang/${period.id}`));
    await st.getByTestId('progress-mine-rows').waitFor();
    expect(await st.locator('.progress-filters').count()).toBe(0);
    expect(
      await st.locator(`[data-testid="progress-mine-row"] h2 a[href="/internships/${id}"]`).count(),
    ).toBe(1);

    // The school's table of the period holds the internship with the same numbers.
    await sp.goto(stack.url(TENANT, `/stagevoortgang/${period.id}`));
    await sp.getByTestId('progress-rows').waitFor();
    const row = sp.getByTestId('progress-row').filter({ has: sp.locator(`a[href$="/${id}"]`) });
    await row.waitFor();
    expect(await text(row.getByTestId('progress-hours'))).toMatch(/^0 \/ 40 ?Geregistreerd: 3,5/);
    expect(await row.getByTestId('progress-evaluation').getAttribute('data-state')).toBe('partly_submitted');
    await expectAccessible(sp, 'school progress table');
    expect(school.problems.slice(schoolBefore)).toEqual([]);
    await student.context.close();
    await school.context.close();
  });

  it('an internship without a period is listed to the school, with the suggested period one click away', async () => {
    const schoolApi = await apiAs(stack.app, TENANT, 'admin', 'school');
    const { body } = await schoolApi.get<{ data: { id: string }[] }>(
      `/api/v1/internships?filter[vacancy_id_eq]=${vacancyId}`,
    );
    const id = body.data[0]!.id;
    // As it was before the fix (or where a school had no period when it approved).
    const cleared = await schoolApi.send('PATCH', `/api/v1/internships/${id}`, {
      data: { type: 'internship', id, attributes: { internship_period_id: null } },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);

    // The student's mentor (phone) sees it listed, without the fix (the period is the school's field).
    const mentor = await openPortal(stack, { viewport: PHONE });
    await signIn(mentor.page, stack, TENANT, demo('mentor', TENANT));
    await mentor.page.goto(stack.url(TENANT, '/stagevoortgang'));
    const listed = mentor.page
      .getByTestId('progress-periodless-row')
      .filter({ has: mentor.page.locator(`a[href="/internships/${id}"]`) });
    await listed.waitFor();
    expect(await listed.getByTestId('progress-periodless-link').count()).toBe(0);
    await expectAccessible(mentor.page, 'internships without a period (mentor, phone)');
    expect(await mentor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await mentor.context.close();

    const school = await openPortal(stack, { viewport: DESKTOP });
    const sp = school.page;
    await signInSchoolAdmin(sp, stack, TENANT);
    const before = school.problems.length;
    await sp.goto(stack.url(TENANT, '/stagevoortgang'));
    const section = sp.getByTestId('progress-periodless');
    await section.waitFor();
    const row = section
      .getByTestId('progress-periodless-row')
      .filter({ has: sp.locator(`a[href="/internships/${id}"]`) });
    await row.waitFor();
    expect(await row.locator('select').inputValue()).toBe(period.id);
    await expectAccessible(sp, 'internships without a period');
    await shot(sp, 'progress-periodless');
    await row.getByTestId('progress-periodless-link').click();
    await expect.poll(() => row.count()).toBe(0);
    const after = await schoolApi.get<{
      data: { relationships: { internship_period: { data: { id: string } | null } } };
    }>(`/api/v1/internships/${id}`);
    expect(after.body.data.relationships.internship_period.data?.id).toBe(period.id);
    expect(school.problems.slice(before)).toEqual([]);

    // The student's view on a phone has the period back.
    const student = await openPortal(stack, { viewport: PHONE });
    await signIn(student.page, stack, TENANT, demo('student', TENANT));
    const card = await ownCard(student.page, id);
    expect(await text(card.getByTestId('progress-mine-period'))).toContain(period.name);
    await school.context.close();
    await student.context.close();
  });
});
