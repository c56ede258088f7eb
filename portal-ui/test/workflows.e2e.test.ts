import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '@stageplein/contracts/i18n/index';
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
  type TStack,
} from './stack.ts';

/**
 * The workflow designer in Chromium (issue #33 item 3, docs/decisions/phases.md): a school's coordinator
 * finds it from the dashboard, creates a workflow, adds phases and a task with a 3-day deadline, tries
 * to publish with the new phase after the finishing one (contracts' validator answers in the page and
 * nothing is sent), moves it to the front by keyboard (dnd-kit's announcements), publishes, sees the
 * version read-only and starts a new draft; a phone reads it. A mentor gets no tile and a refusal.
 */
const TENANT = 'stageplein';
const RUN = Date.now().toString(36);
const NAME = `Stage leerjaar 3 ${RUN}`;
const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);

let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const phaseNames = (page: Page) => page.getByTestId('workflow-phase-name').allTextContents();

/** Waits until the designer says every change is saved. */
async function saved(page: Page) {
  await expect.poll(() => page.getByTestId('workflow-save').getAttribute('data-state')).toBe('saved');
}

async function addPhase(page: Page, name: string, status: string) {
  const form = page.getByTestId('workflow-add-phase');
  await form.getByTestId('add-phase-name').fill(name);
  await form.getByTestId('add-phase-status').selectOption(status);
  await form.getByTestId('add-phase').click();
  await expect.poll(async () => (await phaseNames(page)).includes(name)).toBe(true);
  await saved(page);
}

async function fits(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
}

describe('a coordinator designs the phases of the school’s internships', () => {
  let workflowPath = '';

  it('creates a workflow, adds a phase with a 3-day deadline, orders it by keyboard and publishes', async () => {
    const { page, context, problems, requests } = await openPortal(stack, { viewport: DESKTOP });
    try {
      await signInSchoolAdmin(page, stack, TENANT);
      // The dashboard's tile (contracts' canDesignWorkflows) leads to the designer.
      await page.locator('[data-tile="workflows"]').click();
      await page.waitForURL(/\/workflows$/);
      const defaults = page.getByTestId('workflows-default');
      // The seeded default of an hours tenant's school.
      await expect.poll(() => defaults.textContent()).toContain('volgen');
      expect(await page.getByTestId('workflow-default').count()).toBeGreaterThanOrEqual(1);
      await expectAccessible(page, 'workflows');
      await shot(page, 'workflows');

      // A new workflow starts as an empty draft.
      await page.getByTestId('workflow-new-name').fill(NAME);
      await page.getByTestId('workflow-create').click();
      await page.waitForURL(/\/workflows\/[0-9a-f-]{36}$/);
      workflowPath = new URL(page.url()).pathname;
      await page.getByTestId('workflow-no-phases').waitFor();
      expect(await page.getByTestId('workflow-page').getAttribute('data-state')).toBe('draft');

      await addPhase(page, 'Aanmelden', 'preparing');
      await addPhase(page, 'Uren maken', 'running');
      await addPhase(page, 'Afgerond', 'finished');
      // Added last, after the finishing phase: the coordinator will move it.
      await addPhase(page, 'Kennismaking', 'preparing');
      expect(await phaseNames(page)).toEqual(['Aanmelden', 'Uren maken', 'Afgerond', 'Kennismaking']);

      // Its task: the student plans the introduction within 3 days of the phase's start.
      await page
        .getByTestId('workflow-phase')
        .filter({ hasText: 'Kennismaking' })
        .getByTestId('workflow-phase-open')
        .click();
      await page.getByTestId('workflow-phase-page').waitFor();
      await page.getByTestId('add-task').click();
      const editor = page.getByTestId('task-editor');
      await editor.getByTestId('task-title-nl').fill('Kennismakingsgesprek plannen');
      await editor.getByTestId('task-title-en').fill('Plan the introduction');
      expect(await editor.getByTestId('task-actor').inputValue()).toBe('student');
      await editor.getByTestId('task-deadline-from').selectOption('phase_start');
      await editor.getByTestId('task-deadline-days').fill('3');
      await editor.getByTestId('add-reminder').click();
      await expect
        .poll(() => page.getByTestId('phase-task-deadline').textContent())
        .toContain('3 dagen na het begin van de fase');
      await saved(page);
      await expectAccessible(page, 'workflow phase');
      await shot(page, 'workflow-phase');
      await page.getByTestId('back-to-workflow').click();
      await page.getByTestId('workflow-page').waitFor();

      // Publishing first: contracts' validator finds the phase after the finishing one; nothing is sent.
      await page.getByTestId('workflow-publish-button').click();
      const check = page.getByTestId('workflow-check');
      await check.waitFor();
      const codes = await check
        .locator('[data-code]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-code')));
      expect(codes).toContain('workflow_phase_unreachable');
      expect(await check.textContent()).toContain(
        nl('api.workflow_phase_unreachable.detail', { phase: 4, blocker: 3 }),
      );
      expect(requests.filter((r) => r.includes('/publish'))).toEqual([]);
      await expectAccessible(page, 'workflow with validation errors');
      await shot(page, 'workflow-invalid');

      // Moved to the front by keyboard, each key waiting for what a screen reader hears.
      const handle = page.getByTestId('workflow-phase').nth(3).getByTestId('workflow-phase-handle');
      await handle.focus();
      await page.keyboard.press('Space');
      // Picked up, then at once "over" its own place.
      await expect.poll(() => dragAnnouncement(page)).toMatch(/opgepakt\.$|op plaats 4 van 4\.$/);
      for (const position of [3, 2, 1]) {
        // dnd-kit's keyboard sensor listens one task after the pick-up: an arrow it missed is pressed again.
        const heard = new RegExp(`op plaats ${position} van 4\\.$`);
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
      await expect
        .poll(() => phaseNames(page))
        .toEqual(['Kennismaking', 'Aanmelden', 'Uren maken', 'Afgerond']);
      expect(await dragAnnouncement(page)).toContain('neergezet op plaats 1');
      await saved(page);

      // Now valid: the server publishes version 1, which is read-only.
      await page.getByTestId('workflow-publish-button').click();
      await expect.poll(() => page.getByTestId('workflow-page').getAttribute('data-state')).toBe('published');
      await page.getByTestId('workflow-published-note').waitFor();
      expect(await page.getByTestId('workflow-phase-handle').count()).toBe(0);
      expect(await phaseNames(page)).toEqual(['Kennismaking', 'Aanmelden', 'Uren maken', 'Afgerond']);
      expect(requests.filter((r) => r.includes('/publish'))).toHaveLength(1);
      // The preview dates the task 3 days after the first phase starts.
      const task = page.getByTestId('workflow-timeline-task').first();
      expect(await task.textContent()).toContain('Kennismakingsgesprek plannen');
      await expectAccessible(page, 'published workflow');
      await shot(page, 'workflow-published');

      const school = await apiAs(stack.app, TENANT, 'admin', 'school');
      const id = workflowPath.split('/').at(-1)!;
      const stored = await school.get<{ data: { attributes: { published_version: number } } }>(
        `/api/v1/workflow_definitions/${id}`,
      );
      expect(stored.body.data.attributes.published_version).toBe(1);

      // A change is a new draft; the published version stays as it is.
      await page.getByTestId('workflow-new-draft').click();
      await expect.poll(() => page.getByTestId('workflow-page').getAttribute('data-state')).toBe('draft');
      expect(await page.getByTestId('workflow-draft-note').textContent()).toContain('concept voor versie 2');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads on a phone without sideways scrolling', async () => {
    expect(workflowPath).not.toBe('');
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });
    try {
      await signInSchoolAdmin(page, stack, TENANT);
      await page.goto(stack.url(TENANT, workflowPath));
      await page.getByTestId('workflow-phases').waitFor();
      await fits(page, 'workflow on a phone');
      await expectAccessible(page, 'workflow on a phone');
      await shot(page, 'workflow-phone');
      await page
        .getByTestId('workflow-phase')
        .filter({ hasText: 'Kennismaking' })
        .getByTestId('workflow-phase-open')
        .click();
      await page.getByTestId('phase-tasks').waitFor();
      await page.getByTestId('edit-task').first().click();
      await page.getByTestId('task-editor').waitFor();
      await fits(page, 'phase on a phone');
      await expectAccessible(page, 'phase on a phone');
      await shot(page, 'workflow-phase-phone');
      // In English: the designer's texts and the task's English title.
      await page.getByTestId('language-toggle').first().click();
      await expect.poll(() => page.locator('#phase-tasks').textContent()).toBe('Tasks');
      expect(await page.getByTestId('phase-task-title').first().textContent()).toBe('Plan the introduction');
      expect(await page.getByTestId('phase-task-deadline').first().textContent()).toContain(
        '3 days after the phase starts',
      );
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is not offered to a mentor, and refuses them by address', async () => {
    // A mentor without the grant asks whether they were granted it (GET /workflow_designers/me, which
    // answers everyone): nothing refused on the way, so no failed request.
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, demo('mentor', TENANT));
      expect(await page.locator('[data-tile="workflows"]').count()).toBe(0);
      await page.goto(stack.url(TENANT, '/workflows'));
      await expect.poll(() => page.getByText(/Alleen wie workflows van een school ontwerpt/).count()).toBe(1);
      await expectAccessible(page, 'workflows refused');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an assignment task offers the school’s assignments and says every internship in the phase gets it', async () => {
    expect(workflowPath).not.toBe('');
    const school = await apiAs(stack.app, TENANT, 'admin', 'school');
    const assignments = await school.get<{
      data: { attributes: { title: { nl: string }; status: string } }[];
    }>('/api/v1/assignments?page[size]=200');
    const published = assignments.body.data.find((a) => a.attributes.status === 'published');
    // The seeds give every tenant one published assignment.
    expect(published).toBeDefined();
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    try {
      await signInSchoolAdmin(page, stack, TENANT);
      await page.goto(stack.url(TENANT, workflowPath));
      await expect.poll(() => page.getByTestId('workflow-page').getAttribute('data-state')).toBe('draft');
      await page
        .getByTestId('workflow-phase')
        .filter({ hasText: 'Kennismaking' })
        .getByTestId('workflow-phase-open')
        .click();
      await page.getByTestId('workflow-phase-page').waitFor();
      await page.getByTestId('add-task').click();
      const editor = page.getByTestId('task-editor').last();
      await editor.getByTestId('task-title-nl').fill('Opdracht praktijkbegeleider');
      await editor.getByLabel('Opdracht beantwoorden').check();
      expect(await editor.getByTestId('task-actor').inputValue()).toBe('supervisor');
      const picker = editor.getByTestId('task-assignment');
      await picker.waitFor();
      const options = await picker.locator('option').allTextContents();
      expect(options).toContain(published!.attributes.title.nl);
      for (const draft of assignments.body.data.filter((a) => a.attributes.status !== 'published'))
        expect(options).toContain(`${draft.attributes.title.nl} (concept: eerst publiceren)`);
      // The picker says what choosing means, and is described by it for a screen reader.
      const hint = await picker.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${hint}"]`).textContent()).toBe(
        'Elke stage die deze fase bereikt, krijgt deze opdracht voor haar praktijkbegeleider, ook als de stage niet gekozen was toen de opdracht werd gepubliceerd.',
      );
      await picker.selectOption({ label: published!.attributes.title.nl });
      await saved(page);
      await expectAccessible(page, 'assignment task');
      await shot(page, 'workflow-assignment-task');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
