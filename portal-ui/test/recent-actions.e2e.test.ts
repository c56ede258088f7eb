import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  demo,
  DESKTOP,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';
import { applicationFor, POLL } from './accepted-application.ts';

/**
 * Issue #35 item 7 in Chromium on the real stack: a student applies; on /recente_acties the student (a
 * phone, Dutch) sees their application, filters by kind and period and follows its link; the company (a
 * desktop, English) reaches the page through the header's activity control and sees the application at
 * its organization. axe-clean at each step.
 */
const TENANT = 'stageplein';
const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);
const en = (key: string, vars?: Record<string, string | number>) => translate('en', key, vars);

let stack: TStack;
let internshipId: string;
const title = `Fietsenmaker ${Date.now().toString(36)}`;

beforeAll(async () => {
  stack = await startStack();
  internshipId = await applicationFor(stack, TENANT, title);
});
afterAll(async () => stack?.close());

describe('recent actions', () => {
  it('the student sees their application on a phone, filters it and follows its link', async () => {
    const student = await openPortal(stack, { viewport: PHONE });
    await signIn(student.page, stack, TENANT, demo('student', TENANT));
    await student.page.goto(stack.url(TENANT, '/recente_acties'));
    await student.page.getByTestId('recent-actions-page').waitFor();
    await expect
      .poll(() => student.page.getByTestId('recent-actions-scope').textContent(), POLL)
      .toBe(nl('portal.recentActions.scope.own'));
    const mine = student.page.getByTestId('recent-action').filter({ hasText: `‘${title}’` });
    await expect.poll(() => mine.count(), POLL).toBe(1);
    expect(await mine.getAttribute('data-kind')).toBe('application_submitted');
    expect(await mine.textContent()).toContain(`solliciteerde op ‘${title}’`);
    await shot(student.page, 'recent-actions-phone');
    await expectAccessible(student.page, 'recent actions (phone)');
    const overflow = await student.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Only hours: not the application; the address keeps the filter (a reload shows the same).
    await student.page.getByTestId('recent-actions-group').selectOption('hours');
    await student.page.waitForURL(/soort=hours/);
    await expect.poll(() => mine.count(), POLL).toBe(0);
    await student.page.reload();
    await student.page.getByTestId('recent-actions-page').waitFor();
    expect(await student.page.getByTestId('recent-actions-group').inputValue()).toBe('hours');
    // Applications, today: there it is again.
    await student.page.getByTestId('recent-actions-group').selectOption('applications');
    await student.page.getByTestId('recent-actions-period').selectOption('day');
    await expect.poll(() => mine.count(), POLL).toBe(1);
    await expectAccessible(student.page, 'recent actions filtered (phone)');

    await mine.getByRole('link').click();
    await student.page.waitForURL(new RegExp(`/internships/${internshipId}$`));
    await student.page.getByTestId('internship').waitFor();
    expect(student.problems).toEqual([]);
    await student.context.close();
  });

  it('the company opens it from the header’s activity control on a desktop, in English', async () => {
    const company = await openPortal(stack, { viewport: DESKTOP, locale: 'en-GB' });
    await signIn(company.page, stack, TENANT, demo('bedrijf', TENANT));
    await company.page.getByTestId('activity').click();
    await company.page.waitForURL(/\/recente_acties$/);
    await company.page.getByTestId('recent-actions-page').waitFor();
    await expect
      .poll(() => company.page.getByTestId('recent-actions-scope').textContent(), POLL)
      .toBe(en('portal.recentActions.scope.organization'));
    const theirs = company.page.getByTestId('recent-action').filter({ hasText: `‘${title}’` });
    await expect.poll(() => theirs.count(), POLL).toBe(1);
    expect(await theirs.textContent()).toContain(`applied for ‘${title}’`);
    await shot(company.page, 'recent-actions-desktop-en');
    await expectAccessible(company.page, 'recent actions in English (desktop)');
    expect(company.problems).toEqual([]);
    await company.context.close();
  });
});
