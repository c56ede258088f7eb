import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NAMESPACE, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import {
  apiAs,
  demo,
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
 * Issue #18 item 4 in Chromium on the real stack, at phone width, on `oldebroek` (evaluation forms on,
 * the configurable forms): the seeded evaluation of the demo student's running internship has the
 * mentor's part filled (services/placements/src/evaluations/evaluations.seed.ts). The school mails the
 * supervisor's link; the supervisor opens it from the mail without an account and sends their part;
 * the student fills theirs; the results (every part filled, the weighted score) show on the internship.
 */
const TENANT = 'oldebroek';
const INTERNSHIP = uuidV5(`${TENANT}:internship:0`, SEED_NAMESPACE);

let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

/** Picks the n-th (0-based) point of a scale question. */
const rate = (form: Locator, id: string, n: number) =>
  form.getByTestId(`question-${id}`).locator('input[type="radio"]').nth(n).check();

const parts = (page: Page) =>
  page
    .getByTestId('evaluation-part')
    .evaluateAll((els) => els.map((el) => [el.getAttribute('data-role'), el.getAttribute('data-state')]));

describe('evaluations: supervisor by link, student in the portal, results on the internship', () => {
  it('the supervisor sends their part from the mailed link; the student sends theirs; the score shows', async () => {
    // The school mails the supervisor's link from the internship page.
    const school = await openPortal(stack, { viewport: PHONE });
    const sp = school.page;
    await signInSchoolAdmin(sp, stack, TENANT);
    // From here on nothing may fail. (Right after sign-in the dashboard's first placements call can
    // answer 401 while the new session is still on its way to placements: not this feature's.)
    const schoolBefore = school.problems.length;
    await sp.goto(stack.url(TENANT, `/internships/${INTERNSHIP}`));
    const section = sp.getByTestId('evaluation-section');
    await section.waitFor();
    await sp.getByTestId('evaluation-send-link').waitFor();
    expect(await parts(sp)).toEqual([
      ['student', 'open'],
      ['supervisor', 'open'],
      ['mentor', 'submitted'],
    ]);
    await expectAccessible(sp, 'evaluation section (school)');
    await sp.getByTestId('evaluation-send-link').click();
    await expect.poll(() => sp.getByTestId('toast').first().textContent()).toContain('Link verstuurd');

    const supervisor = await openMailedLink(
      stack,
      TENANT,
      demo('bedrijf', TENANT),
      '/evaluatie',
      'supervisor-evaluation-page',
    );
    const vp = supervisor.page;
    const form = vp.getByTestId('supervisor-evaluation-form');
    await form.waitFor();
    expect(await vp.getByTestId('supervisor-evaluation-page').textContent()).toContain('Werkhouding');
    await expectAccessible(vp, 'supervisor evaluation');
    // Sending without the required feedback shows the Dutch message at the question.
    await rate(form, 'attitude', 4);
    await rate(form, 'skills', 3);
    await rate(form, 'independence', 3);
    await rate(form, 'communication', 4);
    await vp.getByTestId('form-submit').click();
    await expect
      .poll(() => form.getByTestId('question-feedback').getByTestId('field-error').textContent())
      .toBeTruthy();
    await form
      .getByLabel(/^Toelichting voor de student/)
      .fill('Zelfstandig en vriendelijk voor de bewoners.');
    await vp.getByTestId('form-submit').click();
    await vp.getByTestId('supervisor-evaluation-done').waitFor();
    expect(await vp.getByTestId('evaluation-answers').textContent()).toContain('Zelfstandig en vriendelijk');
    await shot(vp, 'evaluation-supervisor');
    expect(supervisor.problems).toEqual([]);
    // No session was made for the supervisor.
    expect(await vp.evaluate(() => document.cookie.includes('access-token'))).toBe(false);

    // The student fills their own part on the internship page.
    const student = await openPortal(stack, { viewport: PHONE });
    const st = student.page;
    await signIn(st, stack, TENANT, demo('student', TENANT));
    const studentBefore = student.problems.length;
    await st.goto(stack.url(TENANT, `/internships/${INTERNSHIP}`));
    const own = st.getByTestId('evaluation-own-part');
    await own.waitFor();
    await expectAccessible(st, 'evaluation section (student)');
    await rate(own, 'learned', 4);
    await rate(own, 'guidance', 3);
    await own.getByLabel(/^Wat ging goed/).fill('De spelletjesmiddagen met de bewoners.');
    await own.getByTestId('question-recommend').getByLabel('Ja').check();
    await own.getByTestId('form-submit').click();
    await expect
      .poll(() => parts(st))
      .toEqual([
        ['student', 'submitted'],
        ['supervisor', 'submitted'],
        ['mentor', 'submitted'],
      ]);
    expect(await own.count()).toBe(0);
    // Student (5, 4 of 5) 87.5 %, supervisor (5, 4, 4, 5; weight 2) 87.5 %, seeded mentor (4, 3) 62.5 %:
    // (87.5 + 2 × 87.5 + 62.5) / 4 = 81.25 → 81.3.
    expect(await st.getByTestId('evaluation-score').textContent()).toContain('81,3%');
    await shot(st, 'evaluation-student');
    expect(student.problems.slice(studentBefore)).toEqual([]);

    // The school reads every part's answers.
    await sp.reload();
    await section.waitFor();
    await expect.poll(() => sp.getByTestId('evaluation-answers').count()).toBe(3);
    expect(await section.textContent()).toContain('Zelfstandig en vriendelijk');
    expect(school.problems.slice(schoolBefore)).toEqual([]);
    await school.context.close();
    await supervisor.context.close();
    await student.context.close();
  });

  it('the school sees the period’s evaluation on progress and opens it for every running internship', async () => {
    const schoolApi = await apiAs(stack.app, TENANT, 'admin', 'school');
    const internship = await schoolApi.get<{
      data: { relationships: { internship_period: { data: { id: string } | null } } };
    }>(`/api/v1/internships/${INTERNSHIP}`);
    const periodId = internship.body.data.relationships.internship_period.data?.id;
    expect(periodId).toBeTruthy();
    const school = await openPortal(stack, { viewport: PHONE });
    const page = school.page;
    await signInSchoolAdmin(page, stack, TENANT);
    const before = school.problems.length;
    await page.goto(stack.url(TENANT, `/stagevoortgang/${periodId}`));
    const section = page.getByTestId('evaluation-template');
    await section.waitFor();
    await expect.poll(() => section.textContent()).toContain('Eindevaluatie stage');
    expect(await section.textContent()).toContain('Evaluatie stage (praktijkbegeleider)');
    // The seeded internship's evaluation shows on its progress card.
    await expect
      .poll(async () =>
        (
          await page
            .getByTestId('progress-evaluation')
            .evaluateAll((els) => els.map((el) => el.getAttribute('data-state')))
        ).some((state) => state === 'submitted' || state === 'partly_submitted'),
      )
      .toBe(true);
    await expectAccessible(page, 'progress with the evaluation template');
    await page.getByTestId('evaluation-open-all').click();
    await expect
      .poll(() => page.getByTestId('toast').first().textContent())
      .toContain('evaluatie(s) geopend');
    await shot(page, 'evaluation-template');

    // Another period without an evaluation: set one up with weights per role and per scored question.
    const periods = await schoolApi.get<{ data: { id: string }[] }>('/api/v1/internship_periods');
    const otherId = periods.body.data.map((p) => p.id).find((id) => id !== periodId);
    expect(otherId).toBeTruthy();
    await page.goto(stack.url(TENANT, `/stagevoortgang/${otherId}`));
    const setup = page.getByTestId('evaluation-template-form');
    await setup.waitFor();
    const supervisorForm = setup.getByLabel('Formulier voor: Praktijkbegeleider');
    await expect.poll(() => supervisorForm.locator('option').count()).toBeGreaterThan(1);
    const option = supervisorForm.locator('option', { hasText: 'praktijkbegeleider' }).first();
    await supervisorForm.selectOption((await option.getAttribute('value'))!);
    const supervisorPart = setup.getByTestId('evaluation-role-supervisor');
    const roleWeight = supervisorPart.getByLabel(/^Weging Praktijkbegeleider/);
    expect(await roleWeight.inputValue()).toBe('1');
    // Spec §5 on blur: more than 10 is refused with the default message.
    await roleWeight.fill('12');
    await roleWeight.blur();
    await expect
      .poll(() => supervisorPart.getByTestId('field-error').first().textContent())
      .toContain('kleiner dan of gelijk aan 10');
    await roleWeight.fill('3');
    await roleWeight.blur();
    await expect.poll(() => supervisorPart.getByTestId('field-error').count()).toBe(0);
    await supervisorPart.locator('summary').click();
    const questions = supervisorPart.getByLabel(/^Weging: /);
    expect(await questions.count()).toBeGreaterThan(1);
    const leftOut = (await supervisorPart
      .locator('label', { hasText: /^Weging: / })
      .first()
      .textContent())!
      .replace(/^Weging: /, '')
      .replace(/\(optioneel\)$/, '') // the label's optional marker, not the question's
      .trim();
    await questions.first().fill('0');
    const rule = setup.getByTestId('evaluation-score-rule');
    await expect.poll(() => rule.textContent()).toContain('Praktijkbegeleider ×3');
    expect(await rule.textContent()).toContain(`${leftOut} telt niet mee`);
    await expectAccessible(page, 'evaluation template with weights');
    await shot(page, 'evaluation-template-weights');
    await page.getByTestId('evaluation-template-create').click();
    // The form sits in the same section and shows a score rule too: the saved template's view replaces it.
    await setup.waitFor({ state: 'detached' });
    const shown = page.getByTestId('evaluation-template').getByTestId('evaluation-score-rule');
    await expect.poll(() => shown.textContent()).toContain('Praktijkbegeleider ×3');
    expect(await shown.textContent()).toContain(`${leftOut} telt niet mee`);
    // Saved as chosen: the role's weight and the one question at 0 (the others keep the default 1).
    const saved = await schoolApi.get<{
      data: { attributes: { roles: { supervisor: { weight: number; weights: Record<string, number> } } } }[];
    }>(`/api/v1/evaluation_templates?internship_period_id=${otherId}`);
    const supervisor = saved.body.data[0]!.attributes.roles.supervisor;
    expect(supervisor.weight).toBe(3);
    expect(Object.values(supervisor.weights)).toEqual([0]);
    await expectAccessible(page, 'evaluation template saved with weights');
    expect(school.problems.slice(before)).toEqual([]);
    await school.context.close();
  });
});
