import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import type { TOrganizationType, TRoleName } from '@stageplein/contracts/identity/roles';
import {
  DERIVED_INTERNSHIP_FIELDS,
  editableFields,
} from '@stageplein/contracts/placements/internship-policy';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { translate } from '@stageplein/contracts/i18n/index';
import { matchRoute } from '@stageplein/contracts/routes/route-manifest';
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
  type TDemo,
  type TStack,
  userId,
} from './stack.ts';

/**
 * Issue #16 in Chromium on the real stack: on `stageplein` (motivation field on) a student applies
 * from `/vacancies/{id}` with a motivation, the company accepts, the school approves, and the
 * internship shows on all three dashboards; the new screens pass axe at phone width.
 */
const TENANT = 'stageplein';
const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);

let stack: TStack;
let vacancyId: string;
const title = `Keukenhulp ${Date.now().toString(36)}`;

beforeAll(async () => {
  stack = await startStack();
  // The company's published vacancy, two places (through the API: the vacancy screens have their own test).
  const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
  const created = await company.send<{ data: { id: string } }>('POST', '/api/v1/vacancies', {
    data: { type: 'vacancy', attributes: { title, places: 2 } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  vacancyId = created.body.data.id;
  const published = await company.send('POST', `/api/v1/vacancies/${vacancyId}/publish`);
  expect(published.status, JSON.stringify(published.body)).toBe(200);
});
afterAll(async () => stack?.close());

/** Signs a demo user in; the school's admin acts for the school (they also run a volunteer centre). */
async function signedIn(who: TDemo, viewport = DESKTOP) {
  const session = await openPortal(stack, { viewport });
  // The demo admin also runs a volunteer centre: they act for the school.
  if (who === 'admin') await signInSchoolAdmin(session.page, stack, TENANT);
  else await signIn(session.page, stack, TENANT, demo(who, TENANT));
  return session;
}

/** The internship of this test's vacancy on the user's dashboard, with its status. */
async function dashboardCard(page: Page) {
  await page.goto(stack.url(TENANT, '/dashboard'));
  await page.getByTestId('dashboard-internships').waitFor();
  const card = page.getByTestId('dashboard-internship').filter({ hasText: title });
  await card.waitFor();
  return card;
}

async function takeStep(page: Page, action: string, status: string) {
  await page.getByTestId(`internship-${action}`).click();
  const dialog = page.getByTestId('internship-action-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('internship-confirm').click();
  // The dialog closes when the step is taken; an error stays in it (and fails the test with its text).
  await expect
    .poll(async () =>
      (await dialog.isVisible()) ? await dialog.getByTestId('form-alert').allTextContents() : 'closed',
    )
    .toBe('closed');
  await expect
    .poll(() => page.getByTestId('internship-status').first().getAttribute('data-status'))
    .toBe(status);
}

describe('applying, accepting, approving', () => {
  it('a student applies with a motivation, the company accepts, the school approves; all three dashboards show it', async () => {
    // The student: the apply form asks for a motivation (required here, checked when the field is left).
    const student = await signedIn('student');
    await student.page.goto(stack.url(TENANT, `/vacancies/${vacancyId}`));
    const form = student.page.getByTestId('apply-form');
    await form.waitFor();
    const motivation = form.getByLabel(/^Motivatie/);
    await motivation.focus();
    await motivation.blur();
    await expect
      .poll(() => form.locator('.field__error').first().textContent())
      .toBe(nl('validation.required'));
    await motivation.fill('Ik kook graag en wil leren hoe een grote keuken werkt.');
    await expect.poll(() => form.locator('.field__error').count()).toBe(0);
    await form.getByRole('button', { name: 'Solliciteren' }).click();
    await student.page.getByTestId('apply-already').waitFor();
    expect(await student.page.getByTestId('internship-status').getAttribute('data-status')).toBe('applied');
    await expectAccessible(student.page, 'vacancy after applying');
    // Already applied: a reload says so instead of offering the form again.
    await student.page.reload();
    await student.page.getByTestId('apply-already').waitFor();
    expect(await student.page.getByTestId('apply-form').count()).toBe(0);
    const card = await dashboardCard(student.page);
    await card.getByRole('link').click();
    await student.page.getByTestId('internship').waitFor();
    const internshipUrl = student.page.url();
    expect(await student.page.getByTestId('internship-motivation').textContent()).toContain('Ik kook graag');
    // The student may withdraw, not accept or approve.
    expect(await student.page.getByTestId('internship-withdraw').count()).toBe(1);
    expect(await student.page.getByTestId('internship-accept').count()).toBe(0);

    // The company: its dashboard lists the application; it accepts.
    const company = await signedIn('bedrijf');
    await (await dashboardCard(company.page)).getByRole('link').click();
    await company.page.getByTestId('internship').waitFor();
    expect(company.page.url()).toBe(internshipUrl);
    expect(await company.page.getByTestId('internship-approve').count()).toBe(0);
    await takeStep(company.page, 'accept', 'accepted');

    // The school: approves.
    const school = await signedIn('admin');
    await (await dashboardCard(school.page)).getByRole('link').click();
    await school.page.getByTestId('internship').waitFor();
    await takeStep(school.page, 'approve', 'approved');
    // The history names every step.
    await expect
      .poll(() => school.page.getByTestId('internship-history-rows').locator('li').count())
      .toBeGreaterThanOrEqual(3);

    // All three dashboards show it, approved.
    for (const { page } of [student, company, school]) {
      const approved = await dashboardCard(page);
      await expect
        .poll(() => approved.getByTestId('internship-status').getAttribute('data-status'))
        .toBe('approved');
    }
    // The back office's data viewer: the internship with its relations by name, and as CSV.
    await school.page.goto(stack.url(TENANT, '/admin/data-viewer'));
    const row = school.page.locator('#main-content tr').filter({ hasText: title });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toContain('Goedgekeurd door school');
    expect(rowText).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    const [download] = await Promise.all([
      school.page.waitForEvent('download'),
      school.page.getByTestId('data-viewer-export').click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFStage;Leerling;Organisatie;Plaats;Vacature;Huidige fase;Stageperiode;Contactpersoon;Praktijkbegeleider;Status;Begindatum;Einddatum;Zelf gevonden;Uren',
    );
    expect(csv).toContain(`${title};`);

    // Every card of the three dashboards opens a real screen (issue #13: none opens a blank page).
    for (const { page } of [student, company, school]) {
      await page.goto(stack.url(TENANT, '/dashboard'));
      const tiles = page.getByTestId('dashboard-tiles').locator('a');
      await tiles.first().waitFor();
      const hrefs = await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      expect(hrefs).toContain('/internships');
      // The portal's own screens (the back office's are admin-ui/test/design-fixes.e2e's).
      for (const href of hrefs.filter((h) => matchRoute(h)?.route.owner === 'portal')) {
        await page.goto(stack.url(TENANT, href));
        await page.getByTestId('page-title').first().waitFor();
        expect(await page.getByTestId('placeholder-page').count(), href).toBe(0);
      }
    }
    for (const session of [student, company, school]) {
      expect(session.problems).toEqual([]);
      await session.context.close();
    }
  });
});

describe('the internship screens on a phone', () => {
  it('are accessible and fit 375 px: list, detail, edit, dashboard, the apply form', async () => {
    const { page, context, problems } = await signedIn('admin', PHONE);
    await page.goto(stack.url(TENANT, '/internships'));
    await page.getByTestId('internship-results').waitFor();
    await page.getByTestId('internship-card').first().waitFor();
    const fits = async (name: string) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
      await shot(page, `internships-${name}`);
      await expectAccessible(page, name);
    };
    await fits('list');
    // A filter lands in the URL and narrows the list.
    await page.getByTestId('filter-status').selectOption('approved');
    await page.waitForURL(/status=approved/);
    await expect
      .poll(async () => {
        const statuses = await page
          .getByTestId('internship-card')
          .getByTestId('internship-status')
          .evaluateAll((badges) => badges.map((b) => b.getAttribute('data-status')));
        return statuses.length > 0 && statuses.every((s) => s === 'approved');
      })
      .toBe(true);
    await page.getByTestId('internship-card').filter({ hasText: title }).getByRole('link').click();
    await page.getByTestId('internship').waitFor();
    // What is real only: the phases (an approved internship's begin once it is active), nothing "later".
    await page.getByTestId('internship-phases-none').waitFor();
    expect(await page.getByTestId('internship-phases-none').textContent()).toBe(
      'De fasen beginnen zodra de stage actief is.',
    );
    expect(await page.getByTestId('internship').textContent()).not.toMatch(/Komt later|Hier komt/);
    await fits('detail');
    // Opened directly (a reload, a link in a mail): asked for once the current organization is known.
    await page.reload();
    await page.getByTestId('internship').waitFor();
    expect(await page.getByTestId('internship-not-found').count()).toBe(0);
    await page.getByTestId('internship-edit').click();
    await page.getByTestId('internship-form').waitFor();
    // The supervisor is chosen among the company's people (GET /internships/{id}/people).
    const supervisor = page.getByLabel(/^Praktijkbegeleider/);
    await expect.poll(() => supervisor.locator('option').count()).toBeGreaterThan(1);
    expect(await supervisor.locator('option').first().textContent()).toBe('Niemand gekozen');
    await fits('edit');
    await page.goto(stack.url(TENANT, '/dashboard'));
    await page.getByTestId('dashboard-internship').first().waitFor();
    await fits('dashboard');
    expect(problems).toEqual([]);
    await context.close();

    // A student's apply form on a phone (a vacancy they have not applied to).
    const student = await signedIn('student', PHONE);
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    const other = await company.send<{ data: { id: string } }>('POST', '/api/v1/vacancies', {
      data: { type: 'vacancy', attributes: { title: `${title} 2`, places: 1 } },
    });
    await company.send('POST', `/api/v1/vacancies/${other.body.data.id}/publish`);
    await student.page.goto(stack.url(TENANT, `/vacancies/${other.body.data.id}`));
    await student.page.getByTestId('apply-form').waitFor();
    expect(await student.page.getByTestId('apply-places-left').textContent()).toBe('Nog 1 plek vrij.');
    const overflow = await student.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(student.page, 'internships-apply');
    await expectAccessible(student.page, 'apply form');
    expect(student.problems).toEqual([]);
    await student.context.close();
  });
});

describe('the edit screen', () => {
  /** The form's controls are named by their field in camelCase (`start_date` → `startDate`). */
  const camel = (field: string) => field.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

  it('offers exactly the fields contracts’ field rules allow the caller: the school, the company, the student (phone)', async () => {
    // An active internship of the demo student at the demo company (through the API: the steps have their own test).
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    const created = await company.send<{ data: { id: string } }>('POST', '/api/v1/vacancies', {
      data: { type: 'vacancy', attributes: { title: `${title} velden`, places: 1 } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await company.send('POST', `/api/v1/vacancies/${created.body.data.id}/publish`)).status).toBe(
      200,
    );
    const studentApi = await apiAs(stack.app, TENANT, 'student', 'school');
    const applied = await studentApi.send<{ data: { id: string } }>('POST', '/api/v1/internships', {
      data: {
        type: 'internship',
        attributes: { vacancy_id: created.body.data.id, motivation: 'Ik wil leren.' },
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const id = applied.body.data.id;
    const schoolApi = await apiAs(stack.app, TENANT, 'admin', 'school');
    for (const [api, action] of [
      [company, 'accept'],
      [schoolApi, 'approve'],
      [schoolApi, 'activate'],
    ] as const)
      expect((await api.send('POST', `/api/v1/internships/${id}/${action}`)).status, action).toBe(200);

    const school = seedOrganizationId(TENANT, 'school');
    const provider = seedOrganizationId(TENANT, 'provider');
    const facts = {
      studentId: await userId(schoolApi, TENANT, 'student'),
      schoolId: school,
      organizationId: provider,
      status: 'active' as const,
      selfFound: false,
    };
    const viewerOf = async (who: TDemo, role: TRoleName, type: TOrganizationType, org: string) => ({
      // The caller's own id (GET /current_user: the School's user list does not hold the company's admin).
      userId: (
        await (await apiAs(stack.app, TENANT, who)).get<{ data: { id: string } }>('/api/v1/current_user')
      ).body.data.id,
      permissions: derivePermissions([{ name: role, resourceType: type, resourceId: org }], {
        id: org,
        type,
      }),
      current: { id: org, type, status: 'approved' as const },
    });
    const features = getTenant(TENANT)!.features;
    const expected = async (...viewer: Parameters<typeof viewerOf>) =>
      editableFields(await viewerOf(...viewer), facts, features)
        .filter((f) => !DERIVED_INTERNSHIP_FIELDS.includes(f))
        .map(camel)
        .sort();

    for (const [who, role, type, org] of [
      ['admin', 'admin', 'School', school],
      ['bedrijf', 'admin', 'Provider', provider],
      ['student', 'student', 'School', school],
    ] as const) {
      const want = await expected(who, role, type, org);
      const { page, context, problems } = await signedIn(who, PHONE);
      await page.goto(stack.url(TENANT, `/internships/${id}`));
      await page.getByTestId('internship').waitFor();
      if (want.length === 0) {
        // Nothing to change: no edit button, and the address itself says so.
        expect(await page.getByTestId('internship-edit').count(), who).toBe(0);
        await page.goto(stack.url(TENANT, `/internships/${id}/edit`));
        await page.locator('[data-kind="forbidden"]').waitFor();
        expect(await page.getByTestId('internship-form').count(), who).toBe(0);
      } else {
        await page.getByTestId('internship-edit').click();
        const form = page.getByTestId('internship-form');
        await form.waitFor();
        // A supervisor without an account: their name and address appear with the picker's "someone else".
        const picker = form.locator('select[name="supervisorId"]');
        if ((await picker.count()) > 0) await picker.selectOption('named');
        const names = await form
          .locator('input[name], select[name], textarea[name]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('name')!));
        expect([...new Set(names)].sort(), who).toEqual(want);
        // The school's hours input says which hours: the ones to reach (the sheet's words).
        if (want.includes('hours')) await form.getByLabel(/^Te behalen uren/).waitFor();
      }
      // The confirmed hours are nobody's to type; the required hours only the school's.
      expect(await page.locator('[name="hoursSupervisor"]').count(), who).toBe(0);
      await shot(page, `internships-edit-fields-${who}`);
      await expectAccessible(page, `edit fields as ${who}`);
      expect(
        problems.filter((p) => !p.startsWith('403 ')),
        who,
      ).toEqual([]);
      await context.close();
    }
    expect(await expected('admin', 'admin', 'School', school)).toContain('hours');
    expect(await expected('bedrijf', 'admin', 'Provider', provider)).not.toContain('hours');
  });
});

describe('a full vacancy', () => {
  it('says so on /vacancies/{id}; applying for its last place once taken is refused with the localized message', async () => {
    // One place; the company publishes it.
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    const created = await company.send<{ data: { id: string } }>('POST', '/api/v1/vacancies', {
      data: { type: 'vacancy', attributes: { title: `${title} vol`, places: 1 } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    expect((await company.send('POST', `/api/v1/vacancies/${id}/publish`)).status).toBe(200);

    // The demo student opens it while the place is free and writes a motivation.
    const student = await signedIn('student');
    await student.page.goto(stack.url(TENANT, `/vacancies/${id}`));
    const form = student.page.getByTestId('apply-form');
    await form.waitFor();
    expect(await student.page.getByTestId('apply-places-left').textContent()).toBe('Nog 1 plek vrij.');
    await form.getByLabel(/^Motivatie/).fill('Ik wil graag in deze keuken leren.');

    // Meanwhile a second student (the School's demo mentor, given the student role) takes the place.
    const schoolApi = await apiAs(stack.app, TENANT, 'admin', 'school');
    const second = await userId(schoolApi, TENANT, 'mentor');
    expect(
      (await schoolApi.send('PUT', `/api/v1/users/${second}/add_role`, { role: { name: 'student' } })).status,
    ).toBe(200);
    const secondApi = await apiAs(stack.app, TENANT, 'mentor', 'school');
    const application = {
      data: { type: 'internship', attributes: { vacancy_id: id, motivation: 'Ik was eerder.' } },
    };
    // Once placements knows the new role (403 until then).
    await expect
      .poll(async () => (await secondApi.send('POST', '/api/v1/internships', application)).status)
      .toBe(201);

    // The student applies: refused, the page says the vacancy is full in the server's (Dutch) words.
    await form.getByRole('button', { name: 'Solliciteren' }).click();
    const full = student.page.getByTestId('apply-full');
    await full.waitFor();
    expect(await full.getByTestId('form-alert').textContent()).toBe(nl('api.vacancy_full.detail'));
    expect(await student.page.getByTestId('apply-form').count()).toBe(0);
    await expectAccessible(student.page, 'full vacancy after applying');

    // Opened again: the vacancy itself says it is full (places counted on GET /vacancies/{id}), no form.
    await student.page.reload();
    await student.page.getByTestId('apply-full').waitFor();
    expect(await student.page.getByTestId('apply-full').textContent()).toBe(
      'Deze vacature is vol: alle plekken zijn bezet.',
    );
    expect(await student.page.getByTestId('apply-form').count()).toBe(0);
    await expectAccessible(student.page, 'full vacancy');
    await shot(student.page, 'internships-full-vacancy');

    // The server refuses it too, in the caller's language.
    const studentApi = await apiAs(stack.app, TENANT, 'student', 'school');
    const mine = { data: { type: 'internship', attributes: { vacancy_id: id, motivation: 'Toch graag.' } } };
    const refused = await studentApi.send<{ errors: { code: string; title: string }[] }>(
      'POST',
      '/api/v1/internships',
      mine,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'vacancy_full',
      title: nl('api.vacancy_full.title'),
    });
    const vacancy = await studentApi.get<{ data: { attributes: { full: boolean; places_left: number } } }>(
      `/api/v1/vacancies/${id}`,
    );
    expect(vacancy.body.data.attributes).toMatchObject({ full: true, places_left: 0 });
    // The one failed request is the refused application itself; nothing else went wrong.
    expect(student.problems).toEqual([expect.stringMatching(/^409 .*\/api\/v1\/internships$/)]);
    await student.context.close();
  });
});
