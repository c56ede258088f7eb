import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  apiAs,
  demo,
  DESKTOP,
  expectAccessible,
  openPortal,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';
import { applicationFor, companyAccepts, POLL, studentWatchingFeed } from './accepted-application.ts';

/**
 * Issue #35 item 4 in Chromium on the real stack: the company accepts a student's application on its
 * screen, and the student — on a phone, on /notificaties — sees the bell's count rise, the notification
 * appear in the feed and a toast, without a reload; each links to its subject; mark read and all read.
 * The portal asks for the count every NOTIFICATIONS_POLL_SECONDS (2 here, the least allowed).
 */
const TENANT = 'stageplein';
const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);

let stack: TStack;
let internshipId: string;
const title = `Bakkerij ${Date.now().toString(36)}`;

beforeAll(async () => {
  stack = await startStack({ env: { NOTIFICATIONS_POLL_SECONDS: '2' } });
  internshipId = await applicationFor(stack, TENANT, title);
});
afterAll(async () => stack?.close());

describe('notifications', () => {
  it('the company accepts; the student’s bell and feed show it without a reload (phone), with a toast', async () => {
    const { student, bell, before } = await studentWatchingFeed(stack, TENANT);

    // The company accepts on its screen (desktop).
    const company = await companyAccepts(stack, TENANT, internshipId);
    expect(company.problems).toEqual([]);
    await company.context.close();

    // The student's page, as it was: the count rises, the notification is on top, a toast tells it.
    await expect.poll(() => bell.getAttribute('data-unread'), POLL).toBe(String(before + 1));
    expect(await bell.getAttribute('aria-label')).toBe(
      nl('portal.notifications.bellUnread', { count: before + 1 }),
    );
    expect(await bell.isVisible()).toBe(true);
    const first = student.page.getByTestId('notification').first();
    await expect.poll(() => first.getAttribute('data-kind'), POLL).toBe('application_accepted');
    expect(await first.textContent()).toContain(`‘${title}’ geaccepteerd`);
    expect(await first.getAttribute('data-read')).toBe('false');
    await student.page
      .getByTestId('toast')
      .filter({ hasText: `‘${title}’ geaccepteerd` })
      .waitFor();
    expect(await student.page.evaluate(() => 'stillThisPage' in window)).toBe(true);
    await shot(student.page, 'notifications-new');
    await expectAccessible(student.page, 'notifications with a new one (phone)');
    const overflow = await student.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // It links to its subject, and opening it marks it read.
    await first.getByRole('link', { name: new RegExp(nl('portal.notifications.open')) }).click();
    await student.page.waitForURL(new RegExp(`/internships/${internshipId}$`));
    await student.page.getByTestId('internship').waitFor();
    await expect.poll(() => bell.getAttribute('data-unread'), POLL).toBe(String(before));

    // Back on the feed: all read at once.
    await student.page.goBack();
    await student.page.getByTestId('notifications-list').waitFor();
    // The list shows what it had, then what the service says now (opened: read).
    await expect
      .poll(() => student.page.getByTestId('notification').first().getAttribute('data-read'), POLL)
      .toBe('true');
    if (before > 0) {
      await student.page.getByTestId('notifications-read-all').click();
      await expect.poll(() => bell.getAttribute('data-unread'), POLL).toBe('0');
    }
    await student.page.getByText(nl('portal.notifications.allRead')).waitFor();
    expect(await student.page.locator('[data-testid="notification"][data-read="false"]').count()).toBe(0);
    expect(await bell.getAttribute('aria-label')).toBe(nl('shell.notifications'));
    await shot(student.page, 'notifications-read');
    await expectAccessible(student.page, 'notifications all read (phone)');
    expect(student.problems).toEqual([]);
    await student.context.close();
  });

  it('shows the feed in English and marks one read on a desktop', async () => {
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    const vacancy = await company.send<{ data: { id: string } }>('POST', '/api/v1/vacancies', {
      data: { type: 'vacancy', attributes: { title: `${title} 2`, places: 1 } },
    });
    await company.send('POST', `/api/v1/vacancies/${vacancy.body.data.id}/publish`);
    const studentApi = await apiAs(stack.app, TENANT, 'student', 'school');
    const applied = await studentApi.send<{ data: { id: string } }>('POST', '/api/v1/internships', {
      data: { type: 'internship', attributes: { vacancy_id: vacancy.body.data.id, motivation: 'Graag.' } },
    });
    expect((await company.send('POST', `/api/v1/internships/${applied.body.data.id}/decline`)).status).toBe(
      200,
    );

    const student = await openPortal(stack, { viewport: DESKTOP, locale: 'en-GB' });
    await signIn(student.page, stack, TENANT, demo('student', TENANT));
    await student.page.goto(stack.url(TENANT, '/notificaties'));
    const first = student.page.getByTestId('notification').first();
    await expect.poll(() => first.getAttribute('data-kind'), POLL).toBe('application_declined');
    expect(await first.textContent()).toContain(`declined your application for ‘${title} 2’`);
    await first.getByRole('button', { name: /^Mark as read/ }).click();
    await expect.poll(() => first.getAttribute('data-read'), POLL).toBe('true');
    await expect
      .poll(() => student.page.getByTestId('notifications').getAttribute('aria-label'), POLL)
      .toBe('Notifications');
    await shot(student.page, 'notifications-en');
    await expectAccessible(student.page, 'notifications in English (desktop)');
    expect(student.problems).toEqual([]);
    await student.context.close();
  });
});
