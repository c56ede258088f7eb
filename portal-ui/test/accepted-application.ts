import { expect } from 'vitest';
import { apiAs, demo, DESKTOP, openPortal, PHONE, signIn, type TPortalPage, type TStack } from './stack.ts';

/**
 * The moment several e2e files start from (notifications, conversations, recent actions): a company's new
 * vacancy with a student's application, made through the API (their screens have their own tests), and the
 * company accepting it on its screen while the student watches the feed on a phone.
 */
export const POLL = { timeout: 20_000, interval: 250 };

/** The company (`bedrijf`) publishes a vacancy titled `title`; the demo student applies. The internship's id. */
export async function applicationFor(stack: TStack, tenant: string, title: string): Promise<string> {
  const company = await apiAs(stack.app, tenant, 'bedrijf', 'provider');
  const created = await company.send<{ data: { id: string } }>('POST', '/api/v1/vacancies', {
    data: { type: 'vacancy', attributes: { title, places: 1 } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await company.send('POST', `/api/v1/vacancies/${created.body.data.id}/publish`)).status).toBe(200);
  const student = await apiAs(stack.app, tenant, 'student', 'school');
  const applied = await student.send<{ data: { id: string } }>('POST', '/api/v1/internships', {
    data: {
      type: 'internship',
      attributes: { vacancy_id: created.body.data.id, motivation: 'Ik wil dit graag leren.' },
    },
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  return applied.body.data.id;
}

/**
 * The student on a phone on /notificaties, with the bell's count before anything happens. The page's window
 * is marked, so a test can prove later that what it sees arrived without a reload (`stillThisPage`).
 */
export async function studentWatchingFeed(stack: TStack, tenant: string) {
  const student = await openPortal(stack, { viewport: PHONE });
  await signIn(student.page, stack, tenant, demo('student', tenant));
  await student.page.goto(stack.url(tenant, '/notificaties'));
  await student.page.getByTestId('notifications-page').waitFor();
  const bell = student.page.getByTestId('notifications');
  await expect.poll(() => bell.getAttribute('data-unread'), POLL).not.toBeNull();
  const before = Number(await bell.getAttribute('data-unread'));
  await student.page.evaluate(() => Object.assign(window, { stillThisPage: true }));
  return { student, bell, before };
}

/** The company accepts the application on its internship page (desktop); its page stays open. */
export async function companyAccepts(
  stack: TStack,
  tenant: string,
  internshipId: string,
): Promise<TPortalPage> {
  const company = await openPortal(stack, { viewport: DESKTOP });
  await signIn(company.page, stack, tenant, demo('bedrijf', tenant));
  await company.page.goto(stack.url(tenant, `/internships/${internshipId}`));
  await company.page.getByTestId('internship').waitFor();
  await company.page.getByTestId('internship-accept').click();
  await company.page.getByTestId('internship-action-dialog').getByTestId('internship-confirm').click();
  await expect
    .poll(() => company.page.getByTestId('internship-status').first().getAttribute('data-status'), POLL)
    .toBe('accepted');
  return company;
}
