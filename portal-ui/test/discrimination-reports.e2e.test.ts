import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
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
  type TStack,
} from './stack.ts';

/**
 * Discrimination reports (issue #37 item 3) in Chromium on the real stack: the demo student, on a phone,
 * reports the seeded application the demo company declined; the school admin, on a desktop, finds it in
 * /analytics, opens it (the reporter's name) and pauses the company's vacancies for the school's students,
 * which the student's search then leaves out; the company's admin sees on /analytics/index-2 that the school
 * does not show it, without a reason. axe on every page touched.
 */
const TENANT = 'demo';

let stack: TStack;
let declinedId: string;
let organizationId: string;

beforeAll(async () => {
  stack = await startStack();
  const student = await apiAs(stack.app, TENANT, 'student', 'school');
  const list = await student.get<{
    data: {
      id: string;
      attributes: { status: string };
      relationships?: { organization?: { data?: { id: string } } };
    }[];
  }>('/api/v1/internships?page[size]=50&include=organization');
  const declined = list.body.data.find((i) => i.attributes.status === 'declined');
  expect(declined, 'the seeded declined application').toBeDefined();
  declinedId = declined!.id;
  organizationId = declined!.relationships!.organization!.data!.id;
});
afterAll(async () => stack?.close());

const organizationVacancies = async () => {
  const student = await apiAs(stack.app, TENANT, 'student', 'school');
  const res = await student.get<{ data: { id: string }[] }>(
    `/api/v1/vacancies?filter%5Borganization_id_eq%5D=${organizationId}`,
  );
  expect(res.status).toBe(200);
  return res.body.data.length;
};

describe('discrimination reports', () => {
  it('a student reports a declined application on a phone', async () => {
    const portal = await openPortal(stack, { viewport: PHONE });
    const { page } = portal;
    try {
      await signIn(page, stack, TENANT, demo('student', TENANT));
      await page.goto(stack.url(TENANT, `/internships/${declinedId}`));
      const link = page.getByTestId('internship-discrimination');
      await link.waitFor();
      await expectAccessible(page, '/internships/:id (declined)');
      await link.getByTestId('discrimination-open').click();
      await page.getByTestId('discrimination-form').waitFor();
      // Sending without a reason is refused on the page, nothing is sent.
      await page.getByTestId('discrimination-submit').click();
      await page.getByTestId('grounds-error').waitFor();
      await page.getByLabel('Afkomst, huidskleur of etniciteit').check();
      await page.getByLabel('Geloof').check();
      await page
        .getByLabel('Wat is er gebeurd? (niet verplicht)')
        .fill('Ze vroegen waar mijn ouders vandaan komen.');
      await expectAccessible(page, '/internships/:id (report form)');
      await shot(page, 'discrimination-report-form-phone');
      await page.getByTestId('discrimination-submit').click();
      const sent = page.getByTestId('discrimination-sent');
      await sent.waitFor();
      expect(await sent.textContent()).toContain('Je melding is verstuurd');
      expect(await sent.textContent()).toContain('Geloof');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await expectAccessible(page, '/internships/:id (report sent)');
      await shot(page, 'discrimination-report-sent-phone');
      // Shown back as sent after a reload: one report per application.
      await page.reload();
      await page.getByTestId('discrimination-sent').waitFor();
      expect(portal.problems).toEqual([]);
    } finally {
      await portal.context.close();
    }
  });

  it('the school admin sees it in /analytics on a desktop and pauses the organization', async () => {
    const before = await organizationVacancies();
    expect(before).toBeGreaterThan(0);
    const portal = await openPortal(stack, { viewport: DESKTOP });
    const { page } = portal;
    try {
      await signInSchoolAdmin(page, stack, TENANT);
      await page.goto(stack.url(TENANT, '/analytics'));
      const section = page.getByTestId('discrimination-section');
      const row = section.getByTestId(`discrimination-organization-${organizationId}`);
      await row.waitFor();
      expect(await row.locator('td').nth(1).textContent()).toBe('1');
      await expectAccessible(page, '/analytics (reports)');
      await row.getByTestId('discrimination-pause').click();
      await expect
        .poll(() => row.getByTestId('discrimination-pause-state').textContent())
        .toBe('Gepauzeerd voor je leerlingen');
      // Server-side: the school's student no longer finds the organization's vacancies.
      expect(await organizationVacancies()).toBe(0);
      await row.locator('td').first().getByRole('button').click();
      const reports = section.getByTestId('discrimination-reports');
      await reports.waitFor();
      await shot(page, 'discrimination-analytics-desktop');
      await reports.getByRole('link').first().click();
      await page.getByTestId('discrimination-facts').waitFor();
      expect(new URL(page.url()).searchParams.get('melding')).toMatch(/^[0-9a-f-]{36}$/);
      expect(await page.getByTestId('discrimination-reporter').textContent()).toContain('@demo.test');
      expect(await page.getByTestId('discrimination-history').textContent()).toContain(
        'Vacatures gepauzeerd',
      );
      await page.getByLabel('Wat is er besproken?').fill('Gebeld met de organisatie.');
      await page.getByTestId('discrimination-contact-submit').click();
      await expect
        .poll(() => page.getByTestId('discrimination-history').textContent())
        .toContain('Contact met de organisatie');
      await expectAccessible(page, '/analytics?melding=…');
      await shot(page, 'discrimination-report-detail-desktop');
      expect(portal.problems).toEqual([]);
    } finally {
      await portal.context.close();
    }
  });

  it("the organization's view, on a phone, names the school that does not show it, never the report", async () => {
    // The demo company (a Provider, bedrijf@) declines the student's open application there; the student
    // reports it and the school pauses the company (through the API: the pages are tested above).
    const providerId = seedOrganizationId(TENANT, 'provider');
    const student = await apiAs(stack.app, TENANT, 'student', 'school');
    const list = await student.get<{
      data: {
        id: string;
        attributes: { status: string };
        relationships?: { organization?: { data?: { id: string } } };
      }[];
    }>('/api/v1/internships?page[size]=50&include=organization');
    const open = list.body.data.find(
      (i) => i.attributes.status === 'applied' && i.relationships?.organization?.data?.id === providerId,
    );
    expect(open, 'the seeded open application at the demo company').toBeDefined();
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    expect((await company.send('POST', `/api/v1/internships/${open!.id}/decline`)).status).toBe(200);
    const reported = await student.send('POST', '/api/v1/discrimination_reports', {
      data: { type: 'discrimination_report', attributes: { internship_id: open!.id, grounds: ['age'] } },
    });
    expect(reported.status).toBe(201);
    const school = await apiAs(stack.app, TENANT, 'admin', 'school');
    const paused = await school.send(
      'POST',
      `/api/v1/discrimination_reports/organizations/${providerId}/pause`,
    );
    expect(paused.status).toBeLessThan(300);
    const portal = await openPortal(stack, { viewport: PHONE });
    const { page } = portal;
    try {
      await signIn(page, stack, TENANT, demo('bedrijf', TENANT));
      await page.goto(stack.url(TENANT, '/analytics/index-2'));
      const notShown = page.getByTestId('analytics-org-not-shown');
      await notShown.waitFor();
      const me = await school.get<{ data: { attributes: { name: string } } }>(
        `/api/v1/organizations/${seedOrganizationId(TENANT, 'school')}`,
      );
      expect(await notShown.locator('li').allTextContents()).toEqual([me.body.data.attributes.name]);
      // No reason and no report: nothing on the page speaks of discrimination or a report.
      const text = (await page.getByTestId('analytics-organization').textContent())!.toLowerCase();
      for (const word of ['discriminatie', 'melding', 'afkomst', 'geloof']) expect(text).not.toContain(word);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await expectAccessible(page, '/analytics/index-2 (not shown to a school)');
      await shot(page, 'discrimination-organization-view-phone');
      expect(portal.problems).toEqual([]);
    } finally {
      await portal.context.close();
    }
  });
});
