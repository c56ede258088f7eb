import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@stageplein/contracts/i18n/index';
import { expectAccessible, shot, startStack, type TStack } from './stack.ts';
import { applicationFor, companyAccepts, POLL, studentWatchingFeed } from './accepted-application.ts';

/**
 * Issue #35 items 4 and 5 in Chromium on the real stack: the company accepts a student's application on
 * its screen; the student — on a phone, on /notificaties — sees the bell's count rise and the notification
 * appear without a reload. The company writes in the internship's conversation; the student is told the
 * same way, opens the conversation from the notification and answers (on the phone); the company sees the
 * answer without a reload. The portal asks again every NOTIFICATIONS_POLL_SECONDS (2 here).
 */
const TENANT = 'stageplein';
const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);

let stack: TStack;
let internshipId: string;
const title = `Fietsenmaker ${Date.now().toString(36)}`;

beforeAll(async () => {
  stack = await startStack({ env: { NOTIFICATIONS_POLL_SECONDS: '2' } });
  internshipId = await applicationFor(stack, TENANT, title);
});
afterAll(async () => stack?.close());

describe('conversations', () => {
  it('accepted, told without a reload; the company writes, the student answers on a phone, the company sees it', async () => {
    const { student, bell, before } = await studentWatchingFeed(stack, TENANT);

    // The company accepts on its screen (desktop).
    const company = await companyAccepts(stack, TENANT, internshipId);

    // The student's page, as it was: the count rises and the notification is on top.
    await expect.poll(() => bell.getAttribute('data-unread'), POLL).toBe(String(before + 1));
    const first = student.page.getByTestId('notification').first();
    await expect.poll(() => first.getAttribute('data-kind'), POLL).toBe('application_accepted');

    // The company opens the internship's conversation and writes.
    await company.page.goto(stack.url(TENANT, '/conversations'));
    await company.page.getByTestId('conversations-page').waitFor();
    await company.page.getByTestId('conversation-start').click();
    await company.page.getByTestId('conversation-option').selectOption(`internship:${internshipId}`);
    await company.page.getByRole('button', { name: nl('portal.conversations.start') }).click();
    const companyThread = company.page.getByTestId('conversation-thread');
    await companyThread.waitFor();
    expect(await companyThread.getByRole('heading').first().textContent()).toContain(title);
    await company.page.getByTestId('message-body').fill('Welkom! Kun je maandag om 9 uur beginnen?');
    await company.page.getByTestId('message-send').click();
    await companyThread.getByTestId('message').filter({ hasText: 'maandag om 9 uur' }).waitFor();
    // The company is not the school: no internal notes.
    expect(await company.page.getByTestId('message-internal').count()).toBe(0);
    await shot(company.page, 'conversations-company');
    await expectAccessible(company.page, 'conversation, company (desktop)');

    // The student is told without a reload and opens the conversation from the notification.
    await expect.poll(() => bell.getAttribute('data-unread'), POLL).toBe(String(before + 2));
    await expect.poll(() => first.getAttribute('data-kind'), POLL).toBe('message_received');
    expect(await first.textContent()).toContain(`‘${title}’`);
    await shot(student.page, 'conversations-notified');
    await first.getByRole('link', { name: new RegExp(nl('portal.notifications.open')) }).click();
    await student.page.waitForURL(/\/conversations\?id=/);
    const thread = student.page.getByTestId('conversation-thread');
    await thread.getByTestId('message').filter({ hasText: 'maandag om 9 uur' }).waitFor();
    expect(await student.page.evaluate(() => 'stillThisPage' in window)).toBe(true);
    // Reading it marks its notification read: the count goes back down by one.
    await expect.poll(() => bell.getAttribute('data-unread'), POLL).toBe(String(before + 1));
    expect(await student.page.getByTestId('message-internal').count()).toBe(0);
    await expectAccessible(student.page, 'conversation, student (phone)');

    // The student answers on the phone.
    await student.page.getByTestId('message-body').fill('Ja, ik ben er maandag om 9 uur!');
    await student.page.getByTestId('message-send').click();
    await thread.getByTestId('message').filter({ hasText: 'ik ben er maandag' }).waitFor();
    const overflow = await student.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(student.page, 'conversations-student');
    await expectAccessible(student.page, 'conversation with an answer, student (phone)');

    // The company's open conversation shows the answer without a reload, and that the student read its message
    // (the student's read state).
    await companyThread.getByTestId('message').filter({ hasText: 'ik ben er maandag' }).waitFor(POLL);
    await company.page.getByTestId('conversation-read-by').waitFor(POLL);
    const listed = company.page.getByTestId('conversation').filter({ hasText: title });
    await expect.poll(() => listed.textContent(), POLL).toContain('ik ben er maandag');
    await shot(company.page, 'conversations-company-answered');
    await expectAccessible(company.page, 'conversation answered, company (desktop)');

    // The student's list on the phone: back to all conversations, none unread.
    await student.page.getByRole('link', { name: new RegExp(nl('portal.conversations.back')) }).click();
    const mine = student.page.getByTestId('conversation').filter({ hasText: title });
    await expect.poll(() => mine.getAttribute('data-unread'), POLL).toBe('0');
    await shot(student.page, 'conversations-list');
    await expectAccessible(student.page, 'conversations list (phone)');

    expect(company.problems).toEqual([]);
    expect(student.problems).toEqual([]);
    await company.context.close();
    await student.context.close();
  });
});
