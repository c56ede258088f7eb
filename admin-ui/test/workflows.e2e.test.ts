import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  DESKTOP,
  expectAccessible,
  openAdmin,
  openBrowser,
  PHONE,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * The back office's read-only workflows (issue #33) in Chromium on the demo tenant's seeds: the
 * School's admin finds them in the menu, opens the default workflow with the seeded running internship,
 * and its published version's phases and tasks; on a phone too. A mentor by role alone is refused.
 */
const TENANT = 'demo';
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

describe('workflows in the back office', () => {
  it('a school admin browses a workflow, the internships running it and a version’s phases', async () => {
    const session = await openBrowser(stack, { viewport: DESKTOP });
    const { page } = session;
    try {
      await signIn(page, stack, TENANT, 'admin');
      await openAdmin(page, stack, TENANT, '/beheer');
      await page.getByRole('link', { name: 'Workflows' }).first().click();
      await page.waitForURL(/\/admin\/workflows$/);
      const link = page.getByTestId('workflow-link').first();
      await link.waitFor();
      await expectAccessible(page, 'workflows');
      await shot(page, 'workflows');

      await link.click();
      await page.waitForURL(/\/admin\/workflows\/[0-9a-f-]{36}$/);
      // The seeded active internship runs the default workflow (services/placements phase-runs.seed.ts).
      const runs = page.getByTestId('workflow-run-row');
      await runs.first().waitFor();
      expect(await runs.first().textContent()).toContain('Versie 1');
      expect(await page.getByTestId('workflow-open-designer').getAttribute('href')).toMatch(
        /^\/workflows\/[0-9a-f-]{36}$/,
      );
      await expectAccessible(page, 'workflow');
      await shot(page, 'workflow');

      await page.getByTestId('workflow-version-link').first().click();
      await page.waitForURL(/\/admin\/workflow_versions\/[0-9a-f-]{36}$/);
      const phases = page.getByTestId('workflow-version-phase');
      await phases.first().waitFor();
      expect(await phases.count()).toBe(5);
      expect(await phases.first().textContent()).toContain('1. Aanmelden');
      expect(await page.getByTestId('workflow-version-task').count()).toBeGreaterThan(0);
      await expectAccessible(page, 'workflow version');
      await shot(page, 'workflow-version');
      expect(session.problems, session.problems.join('\n')).toEqual([]);
      expect(session.failures).toEqual([]);
    } finally {
      await session.context.close();
    }
  });

  it('reads on a phone without sideways scrolling', async () => {
    const session = await openBrowser(stack, { viewport: PHONE });
    const { page } = session;
    try {
      await signIn(page, stack, TENANT, 'admin');
      await openAdmin(page, stack, TENANT, '/admin/workflows');
      // Phones get the list of links (ResponsiveList).
      await page.getByTestId('small-list').getByRole('link').first().click();
      await page.getByTestId('workflow-run-row').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page, 'workflow on a phone');
      await shot(page, 'workflow-phone');
      expect(session.problems, session.problems.join('\n')).toEqual([]);
    } finally {
      await session.context.close();
    }
  });

  it('is refused to a mentor by role alone', async () => {
    const session = await openBrowser(stack, { viewport: DESKTOP });
    const { page } = session;
    try {
      await signIn(page, stack, TENANT, 'mentor');
      await openAdmin(page, stack, TENANT, '/admin/workflows');
      await expect
        .poll(() => page.getByTestId('error-title').textContent())
        .toBe(translate('nl', 'errors.forbidden.title'));
      expect(await page.getByTestId('workflow-link').count()).toBe(0);
      expect(session.problems, session.problems.join('\n')).toEqual([]);
    } finally {
      await session.context.close();
    }
  });
});
