import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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
  type TStack,
} from './stack.ts';

/**
 * The screens around the workflow designer (issue #33, docs/decisions/phases.md) in Chromium on the
 * whole product with Temporal: the school's coordinator lets the demo mentor design; the mentor finds
 * the workflows from a dashboard tile (on a phone) and opens them; the coordinator publishes a new
 * version of the default workflow and moves the seeded running internship onto it, confirming the
 * count, and reads the logged result; the mentor reads that screen on a phone; the grant is taken back.
 */
const TENANT = 'stageplein';
const MENTOR = demo('mentor', TENANT);

let stack: TStack;
let school: TApi;
beforeAll(async () => {
  stack = await startStack({ workflows: true });
  school = await apiAs(stack.app, TENANT, 'admin', 'school');
});
afterAll(async () => stack?.close());

async function fits(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
}

const mentorRow = (page: Page) => page.getByTestId('workflow-designer').filter({ hasText: MENTOR });

interface TRunsDoc {
  data: { id: string; attributes: { version: number; state: string; last_migration: unknown } }[];
}
let definitionPath = '';

describe('who designs, and moving running internships to a new version', () => {
  it('a school admin lets the mentor design', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    try {
      await signInSchoolAdmin(page, stack, TENANT);
      await page.locator('[data-tile="workflows"]').click();
      await page.waitForURL(/\/workflows$/);
      const row = mentorRow(page);
      await row.waitFor();
      expect(await row.getByTestId('workflow-designer-state').textContent()).toBe('Ontwerpt geen workflows');
      await row.getByTestId('workflow-designer-grant').click();
      await expect
        .poll(() => row.getByTestId('workflow-designer-state').textContent())
        .toBe('Mag workflows ontwerpen');
      expect(await row.getByTestId('workflow-designer-revoke').count()).toBe(1);
      const granted = await school.get<{ data: { attributes: { email: string } }[] }>(
        '/api/v1/workflow_designers',
      );
      expect(granted.body.data.map((d) => d.attributes.email)).toContain(MENTOR);
      await page.getByTestId('workflow-designers').scrollIntoViewIfNeeded();
      await expectAccessible(page, 'workflow designers');
      await shot(page, 'workflow-designers');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the granted mentor finds the workflows on their dashboard, on a phone', async () => {
    const { page, context, problems, failures } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, MENTOR);
      const tile = page.locator('[data-tile="workflows"]');
      await tile.waitFor();
      await expectAccessible(page, 'mentor dashboard with the workflows tile');
      await shot(page, 'mentor-dashboard-workflows');
      await tile.click();
      await page.waitForURL(/\/workflows$/);
      await page.getByTestId('workflow-list').waitFor();
      expect(await page.getByTestId('workflow-granted').textContent()).toContain(
        'Een beheerder van je school heeft je toestemming gegeven',
      );
      // The mentor designs, but only the school's admins decide who designs.
      expect(await page.getByTestId('workflow-designers').count()).toBe(0);
      await fits(page, 'workflows for a mentor on a phone');
      await expectAccessible(page, 'workflows for a mentor');
      await shot(page, 'mentor-workflows');
      // Nobody was refused on the way (the grant is asked of a route that answers everyone).
      expect(failures).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the coordinator publishes a new version and moves the running internship onto it', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    try {
      await signInSchoolAdmin(page, stack, TENANT);
      await page.goto(stack.url(TENANT, '/workflows'));
      const row = page.getByTestId('workflow-row').filter({ has: page.getByTestId('workflow-default') });
      await row.getByRole('link').click();
      await page.getByTestId('workflow-page').waitFor();
      definitionPath = new URL(page.url()).pathname;
      const definitionId = definitionPath.split('/').at(-1)!;
      const runs = async () =>
        (await school.get<TRunsDoc>(`/api/v1/phase_runs?filter[definition_id]=${definitionId}`)).body.data;
      const before = (await runs()).filter((r) => r.attributes.state === 'running');
      expect(before.length).toBeGreaterThanOrEqual(1);
      const version = Math.max(...before.map((r) => r.attributes.version));

      // Published as it is: nothing runs on an older version yet.
      expect(await page.getByTestId('workflow-page').getAttribute('data-state')).toBe('published');
      const migrations = page.getByTestId('workflow-migrations');
      await expect
        .poll(() => migrations.getByTestId('workflow-migrations-none').textContent())
        .toContain(`versie ${version}`);

      // A new version: a new draft of the published one, published at once.
      await page.getByTestId('workflow-new-draft').click();
      await expect.poll(() => page.getByTestId('workflow-page').getAttribute('data-state')).toBe('draft');
      await page.getByTestId('workflow-publish-button').click();
      await expect.poll(() => page.getByTestId('workflow-page').getAttribute('data-state')).toBe('published');

      // The running internships are now on an older version: the top of the page says so and leads there.
      const notice = page.getByTestId('workflow-older-runs');
      await expect.poll(() => notice.textContent()).toContain(`oudere versie dan versie ${version + 1}`);
      await notice.getByRole('link').click();
      await page.waitForURL(/#workflow-migrations$/);
      // Choose one, confirm, see the outcome.
      const choice = migrations.getByTestId('workflow-run');
      await expect.poll(() => choice.count()).toBe(before.length);
      expect(await migrations.locator('legend').textContent()).toContain(`oudere versie dan ${version + 1}`);
      // Any published version may be the target (the newest first); each run says where it continues.
      const target = migrations.getByTestId('workflow-migrations-target');
      const options = await target.locator('option').allTextContents();
      expect(options[0]).toBe(`versie ${version + 1} (nieuwste)`);
      expect(options).toContain(`versie ${version}`);
      expect(await choice.first().getByTestId('workflow-run-mapping').textContent()).toMatch(
        /^gaat verder in fase .+ \(\d+ van \d+\)$/,
      );
      await target.selectOption({ label: `versie ${version}` });
      await expect
        .poll(() => migrations.locator('p').first().textContent())
        .toContain(`versie ${version} gaan volgen`);
      await target.selectOption({ label: `versie ${version + 1} (nieuwste)` });
      await expect.poll(() => choice.count()).toBe(before.length);
      // Nothing chosen: the screen says what to do, nothing is sent.
      await migrations.getByTestId('workflow-migrate').click();
      expect(await migrations.getByTestId('workflow-migrations-chosen').textContent()).toBe(
        'Kies eerst een of meer stages.',
      );
      expect(await page.getByTestId('workflow-migrate-dialog').isVisible()).toBe(false);
      await expectAccessible(page, 'runs on an older version');
      await shot(page, 'workflow-migrations-choose');

      const moving = choice.first();
      const internshipId = (await moving.getAttribute('data-id'))!;
      await moving.getByRole('checkbox').check();
      expect(await migrations.getByTestId('workflow-migrations-chosen').textContent()).toBe(
        '1 stage gekozen.',
      );
      await migrations.getByTestId('workflow-migrate').click();
      const dialog = page.getByTestId('workflow-migrate-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(`Deze stage verplaatsen naar versie ${version + 1}?`);
      expect(await dialog.getByTestId('workflow-migrate-confirm').textContent()).toBe('1 stage verplaatsen');
      await expectAccessible(page, 'migration confirmation');
      await shot(page, 'workflow-migrations-confirm');
      await dialog.getByTestId('workflow-migrate-confirm').click();

      const outcome = migrations.getByTestId('workflow-migrations-outcome');
      await outcome.waitFor();
      expect(await outcome.textContent()).toContain(
        `1 van 1 gekozen stages verplaatst naar versie ${version + 1}.`,
      );
      // The log's entry, read back from the server; the internship follows the new version.
      const logged = migrations
        .getByTestId('workflow-migrated')
        .filter({ has: page.locator(`[href$="${internshipId}"]`) });
      await expect
        .poll(() => logged.textContent())
        .toContain(`van versie ${version} naar versie ${version + 1}`);
      await expect
        .poll(async () => (await runs()).find((r) => r.id === internshipId)?.attributes.version)
        .toBe(version + 1);
      await expect.poll(() => logged.textContent()).toContain(`volgt nu versie ${version + 1}`);
      // Chosen no more: the moved one left the list of those on an older version (and the top's count).
      if (before.length === 1) await expect.poll(() => notice.count()).toBe(0);
      await expect
        .poll(() => migrations.locator(`[data-testid="workflow-run"][data-id="${internshipId}"]`).count())
        .toBe(0);
      await expectAccessible(page, 'migration outcome');
      await shot(page, 'workflow-migrations-done');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the mentor reads the moves on a phone, in English too; the grant is then taken back', async () => {
    expect(definitionPath).not.toBe('');
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, MENTOR);
      await page.goto(stack.url(TENANT, definitionPath));
      const migrations = page.getByTestId('workflow-migrations');
      await migrations.getByTestId('workflow-migrated').first().waitFor();
      await migrations.scrollIntoViewIfNeeded();
      await fits(page, 'migrations on a phone');
      await expectAccessible(page, 'migrations on a phone');
      await shot(page, 'workflow-migrations-phone');
      await page.getByTestId('language-toggle').first().click();
      await expect
        .poll(() => migrations.locator('h2').first().textContent())
        .toBe('Running internships to the newest version');
      expect(await migrations.getByTestId('workflow-migrated').first().textContent()).toMatch(
        /from version \d+ to version \d+ on/,
      );
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }

    // Taken back by the coordinator: the mentor's tile is gone.
    const admin = await openPortal(stack, { viewport: DESKTOP });
    try {
      await signInSchoolAdmin(admin.page, stack, TENANT);
      await admin.page.goto(stack.url(TENANT, '/workflows'));
      const row = mentorRow(admin.page);
      await row.getByTestId('workflow-designer-revoke').click();
      await expect
        .poll(() => row.getByTestId('workflow-designer-state').textContent())
        .toBe('Ontwerpt geen workflows');
      expect(admin.problems).toEqual([]);
    } finally {
      await admin.context.close();
    }
    const mentor = await openPortal(stack, { viewport: PHONE });
    try {
      const asked = mentor.page.waitForResponse((r) => r.url().includes('/api/v1/workflow_designers/me'));
      await signIn(mentor.page, stack, TENANT, MENTOR);
      const answer = await asked;
      expect((await answer.json()).data.attributes).toMatchObject({ granted: false, can_design: false });
      // Two frames after the answer the dashboard has rendered with it (the granted case showed the tile).
      await mentor.page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      await mentor.page.getByTestId('dashboard-tiles').waitFor();
      expect(await mentor.page.locator('[data-tile]').count()).toBeGreaterThan(0);
      expect(await mentor.page.locator('[data-tile="workflows"]').count()).toBe(0);
      expect(mentor.problems).toEqual([]);
    } finally {
      await mentor.context.close();
    }
  });
});
