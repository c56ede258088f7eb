import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demo,
  expectAccessible,
  openMailedLink,
  openPortal,
  PHONE,
  shot,
  signInSchoolAdmin,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * Issue #18 item 5 in Chromium on the real stack, at phone width: the school's admin writes a draft,
 * edits it and publishes the assignment for the demo student's running internship; its supervisor (the demo
 * company's admin) opens the mailed link without signing in, sees the seeded and the new assignment,
 * is held to the form's rules (Dutch messages) and completes the new one; the school sees it completed.
 */
const TENANT = 'stageplein';
const TITLE = 'Reflectiegesprek week 4';
const DRAFT_TITLE = 'Reflectiegesprek (concept)';

let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

describe('assignments: publish, complete by link, follow', () => {
  it('a school admin publishes, the supervisor completes it from the mailed link, the school sees it', async () => {
    const school = await openPortal(stack, { viewport: PHONE });
    const page = school.page;
    await signInSchoolAdmin(page, stack, TENANT);
    await page.goto(stack.url(TENANT, '/opdrachten/beheer'));
    await page.getByTestId('assignments-manage-page').waitFor();
    // The seeded assignment is listed.
    await expect.poll(() => page.getByTestId('assignment-card').count()).toBeGreaterThan(0);
    const form = page.getByTestId('assignment-form');
    await form.waitFor();
    await expectAccessible(page, 'assignments manage');
    await form.getByLabel(/^Titel(?! in)/).fill(DRAFT_TITLE);
    await form
      .getByLabel(/^Instructie voor de praktijkbegeleider/)
      .fill('Voer het reflectiegesprek en vul het formulier in.');
    await form.getByLabel(/^Inleveren vóór/).fill('2027-01-15');
    await form.getByTestId('assignment-internship').locator('input:not([disabled])').first().check();
    await page.getByTestId('assignment-save').click();
    await page.getByTestId('assignment-page').waitFor();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toContain(DRAFT_TITLE);
    expect(await page.getByTestId('assignment-status').textContent()).toBe('Concept');

    // The draft is edited before publishing: every field, checked on blur (spec §5, Dutch messages).
    await page.getByTestId('assignment-edit').click();
    const edit = page.getByTestId('assignment-edit-form');
    await edit.waitFor();
    const editTitle = edit.getByLabel(/^Titel(?! in)/);
    expect(await editTitle.inputValue()).toBe(DRAFT_TITLE);
    expect(await edit.getByLabel(/^Formulier/).count()).toBe(1);
    expect(await edit.getByTestId('assignment-internship').locator('input:checked').count()).toBe(1);
    await editTitle.fill('');
    await editTitle.blur();
    await expect
      .poll(() => edit.getByTestId('field-error').first().textContent())
      .toContain('Dit veld is verplicht');
    await expectAccessible(page, 'assignment edit draft');
    await shot(page, 'assignment-edit');
    await editTitle.fill(TITLE);
    await edit.getByLabel(/^Inleveren vóór/).fill('2027-01-22');
    await page.getByTestId('assignment-edit-save').click();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toContain(TITLE);
    await expect.poll(() => edit.count()).toBe(0);
    expect(await page.getByTestId('assignment-status').textContent()).toBe('Concept');
    expect(await page.getByTestId('assignment-page').textContent()).toContain('22');

    await page.getByTestId('assignment-publish').click();
    await expect.poll(() => page.getByTestId('assignment-status').textContent()).toBe('Gepubliceerd');
    await expect.poll(() => page.getByTestId('assignment-task').count()).toBe(1);
    expect(await page.getByTestId('assignment-task-status').first().textContent()).toBe('Open');
    await expectAccessible(page, 'assignment detail');
    await shot(page, 'assignment-detail');
    // Published: only the texts and the due date can still change.
    await page.getByTestId('assignment-edit').click();
    const later = page.getByTestId('assignment-edit-form');
    await later.waitFor();
    expect(await later.getByLabel(/^Formulier/).count()).toBe(0);
    expect(await later.getByTestId('assignment-internship').count()).toBe(0);
    expect(await later.textContent()).toContain('alleen de titel, de instructie en de inleverdatum');
    await later.getByRole('button', { name: 'Annuleren' }).click();
    await expect.poll(() => later.count()).toBe(0);
    const detailUrl = page.url();

    // The supervisor reads the mail and opens the link, signed out.
    const supervisor = await openMailedLink(
      stack,
      TENANT,
      demo('bedrijf', TENANT),
      '/opdrachten/praktijkbegeleider',
      'supervisor-assignments-page',
    );
    const sp = supervisor.page;
    const tasks = sp.getByTestId('supervisor-task');
    // The seeded assignment and the new one, both for the same student.
    await expect.poll(() => tasks.count()).toBe(2);
    await expectAccessible(sp, 'supervisor assignments');
    const mine = tasks.filter({ hasText: TITLE });
    await mine.getByTestId('supervisor-task-open').click();
    const answer = mine.getByTestId('supervisor-task-form');
    await answer.waitFor();
    // Sent empty: the required questions say so, in Dutch.
    await answer.getByTestId('form-submit').click();
    await expect.poll(() => answer.getByTestId('field-error').count()).toBeGreaterThan(0);
    expect(await answer.getByTestId('field-error').first().textContent()).toContain('Dit veld is verplicht');
    await answer.getByLabel(/^Besproken op/).fill('2026-11-20');
    await answer.getByTestId('question-result').locator('input[type=radio]').nth(3).check();
    await answer.getByLabel(/^Uw observatie/).fill('Neemt initiatief en overlegt goed met collega’s.');
    await expectAccessible(sp, 'supervisor assignment form');
    await shot(sp, 'assignment-supervisor');
    await answer.getByTestId('form-submit').click();
    await sp.getByTestId('assignment-thanks').waitFor();
    await expect.poll(() => tasks.count()).toBe(1);
    expect(await sp.getByTestId('supervisor-done-tasks').textContent()).toContain(TITLE);
    expect(supervisor.problems).toEqual([]);
    expect(await sp.evaluate(() => document.cookie.includes('access-token'))).toBe(false);

    // The school follows: completed, with the answers.
    await page.goto(detailUrl);
    await page.getByTestId('assignment-page').waitFor();
    await expect
      .poll(() => page.getByTestId('assignment-task-status').first().textContent())
      .toBe('Ingevuld');
    expect(await page.getByTestId('assignment-completion').textContent()).toContain('1 van 1 ingevuld');
    await page.getByTestId('assignment-task').locator('summary').click();
    expect(await page.getByTestId('assignment-answers').textContent()).toContain('Neemt initiatief');
    await expectAccessible(page, 'assignment detail completed');
    expect(school.problems).toEqual([]);
    await school.context.close();
    await supervisor.context.close();
  });
});
