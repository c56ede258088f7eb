import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiAs,
  demo,
  DESKTOP,
  dragAnnouncement,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  signIn,
  signInSchoolAdmin,
  startStack,
  type TApi,
  type TStack,
} from './stack.ts';

/**
 * Issue #33's walk in Chromium on the whole product with Temporal (the internship's workflow runs in
 * the stack's worker): the coordinator adds a phase with a 3-day deadline to the school's default
 * workflow, in front, and publishes it; a new internship is activated and enters that version; the
 * student's task is on their dashboard on a phone; completing it on the internship page moves the
 * internship to the next phase and the task leaves the dashboard.
 */
const TENANT = 'stageplein';
const RUN = Date.now().toString(36);
const TASK = `Kennismakingsgesprek plannen ${RUN}`;

let stack: TStack;
let school: TApi;
let internshipId = '';

beforeAll(async () => {
  stack = await startStack({ workflows: true });
  school = await apiAs(stack.app, TENANT, 'admin', 'school');
});
afterAll(async () => stack?.close());

const phaseNames = (page: Page) => page.getByTestId('workflow-phase-name').allTextContents();
async function saved(page: Page) {
  await expect.poll(() => page.getByTestId('workflow-save').getAttribute('data-state')).toBe('saved');
}

/** The internship's phases as the student reads them (the read model the workflow's activities keep). */
async function phasesOf(api: TApi) {
  const doc = await api.get<{
    data: { id: string; attributes: { name: { nl: string }; state: string } }[];
    meta: { run: { version_id: string } | null };
  }>(`/api/v1/internships/${internshipId}/phases`);
  return doc.body;
}

describe('a phase with a 3-day deadline, from the designer to the student’s phone', () => {
  it('the coordinator puts a new first phase in the default workflow and publishes it', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    try {
      await signInSchoolAdmin(page, stack, TENANT);
      await page.goto(stack.url(TENANT, '/workflows'));
      const row = page.getByTestId('workflow-row').filter({ has: page.getByTestId('workflow-default') });
      await row.getByRole('link').click();
      await page.getByTestId('workflow-page').waitFor();
      if ((await page.getByTestId('workflow-page').getAttribute('data-state')) === 'published')
        await page.getByTestId('workflow-new-draft').click();
      await expect.poll(() => page.getByTestId('workflow-page').getAttribute('data-state')).toBe('draft');

      const form = page.getByTestId('workflow-add-phase');
      await form.getByTestId('add-phase-name').fill('Kennismaking');
      await form.getByTestId('add-phase-status').selectOption('preparing');
      await form.getByTestId('add-phase').click();
      await expect.poll(async () => (await phaseNames(page)).at(-1)).toBe('Kennismaking');
      await saved(page);
      const count = (await phaseNames(page)).length;

      await page
        .getByTestId('workflow-phase')
        .filter({ hasText: 'Kennismaking' })
        .getByTestId('workflow-phase-open')
        .click();
      await page.getByTestId('add-task').click();
      const editor = page.getByTestId('task-editor');
      await editor.getByTestId('task-title-nl').fill(TASK);
      await editor.getByTestId('task-deadline-from').selectOption('phase_start');
      await editor.getByTestId('task-deadline-days').fill('3');
      await saved(page);
      await page.getByTestId('back-to-workflow').click();

      // To the front by keyboard.
      await page
        .getByTestId('workflow-phase')
        .nth(count - 1)
        .getByTestId('workflow-phase-handle')
        .focus();
      await page.keyboard.press('Space');
      await expect
        .poll(() => dragAnnouncement(page))
        .toMatch(new RegExp(`opgepakt\\.$|op plaats ${count} van ${count}\\.$`));
      for (let position = count - 1; position >= 1; position--) {
        const heard = new RegExp(`op plaats ${position} van ${count}\\.$`);
        await expect
          .poll(
            async () => {
              const said = await dragAnnouncement(page);
              if (!heard.test(said)) await page.keyboard.press('ArrowUp');
              return said;
            },
            { interval: 500, timeout: 15_000 },
          )
          .toMatch(heard);
      }
      await page.keyboard.press('Space');
      await expect.poll(async () => (await phaseNames(page))[0]).toBe('Kennismaking');
      await saved(page);
      await page.getByTestId('workflow-publish-button').click();
      await expect.poll(() => page.getByTestId('workflow-page').getAttribute('data-state')).toBe('published');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a new internship enters it; the student completes the task on a phone and the phase moves', async () => {
    // An internship through the API (its screens have their own tests): applied, accepted, approved, active.
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    const vacancy = await company.send<{ data: { id: string } }>('POST', '/api/v1/vacancies', {
      data: { type: 'vacancy', attributes: { title: `Fasenstage ${RUN}`, places: 1 } },
    });
    expect(vacancy.status, JSON.stringify(vacancy.body)).toBe(201);
    expect((await company.send('POST', `/api/v1/vacancies/${vacancy.body.data.id}/publish`)).status).toBe(
      200,
    );
    const student = await apiAs(stack.app, TENANT, 'student', 'school');
    const applied = await student.send<{ data: { id: string } }>('POST', '/api/v1/internships', {
      data: {
        type: 'internships',
        attributes: { vacancy_id: vacancy.body.data.id, motivation: 'Ik wil graag meedoen.' },
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    internshipId = applied.body.data.id;
    for (const [who, step] of [
      [company, 'accept'],
      [school, 'approve'],
      [school, 'activate'],
    ] as const) {
      const res = await who.send('POST', `/api/v1/internships/${internshipId}/${step}`);
      expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    // The workflow starts from the activation (outbox, consumer, Temporal) and enters the first phase.
    await expect
      .poll(
        async () =>
          (await phasesOf(student)).data.find((p) => p.attributes.state === 'current')?.attributes.name.nl,
        {
          timeout: 60_000,
        },
      )
      .toBe('Kennismaking');

    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, demo('student', TENANT));
      const waiting = page.getByTestId('dashboard-waiting');
      await expect.poll(() => waiting.getAttribute('aria-busy')).toBe('false');
      const queue = waiting.locator('[data-queue="phaseTasks"]');
      const item = queue.getByTestId('dashboard-waiting-item').filter({ hasText: TASK });
      await item.waitFor();
      expect(await item.textContent()).toMatch(/uiterlijk \d+ \w+/);
      await expectAccessible(page, 'student dashboard with a phase task');
      await shot(page, 'phases-student-dashboard');

      await item.click();
      await page.waitForURL(new RegExp(`/internships/${internshipId}$`));
      const phases = page.getByTestId('internship-phases');
      const current = phases.locator('[data-testid="internship-phase"][aria-current="step"]');
      await expect.poll(() => current.locator('h3').textContent()).toContain('Kennismaking');
      const task = current.getByTestId('internship-phase-task').filter({ hasText: TASK });
      expect(await task.getByTestId('internship-phase-task-due').textContent()).toMatch(/\d{4}/);
      await expectAccessible(page, 'internship phases on a phone');
      await shot(page, 'phases-internship-student');

      await task.getByTestId('internship-phase-task-complete').click();
      await page.getByTestId('internship-phase-dialog').getByTestId('internship-phase-confirm').click();
      // The workflow moves the internship on: Kennismaking is done, another phase is current.
      await expect
        .poll(
          () => phases.locator('[data-testid="internship-phase"][data-state="done"] h3').allTextContents(),
          {
            timeout: 30_000,
          },
        )
        .toEqual([expect.stringContaining('Kennismaking')]);
      await expect.poll(() => current.locator('h3').textContent()).not.toContain('Kennismaking');
      await expectAccessible(page, 'internship after the task');
      await shot(page, 'phases-internship-moved');

      // The task left the student's dashboard.
      await page.goto(stack.url(TENANT, '/dashboard'));
      await expect.poll(() => waiting.getAttribute('aria-busy')).toBe('false');
      expect(await page.getByTestId('dashboard-waiting-item').filter({ hasText: TASK }).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
