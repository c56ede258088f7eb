import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { translate } from '@stageplein/contracts/i18n/index';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import {
  apiAs,
  DESKTOP,
  expectAccessible,
  latestMail,
  openAdmin,
  openBrowser,
  PHONE,
  shot,
  signIn,
  startStack,
  userId,
  type TAdminPage,
  type TApi,
  type TStack,
} from './stack.ts';

/**
 * Issue #8 end to end, in Chromium against the running stack (real PostgreSQL, identity and
 * organizations services, the gateway serving the built admin-ui at the spec paths):
 * a school admin invites a user, gives a role, approves a signed-up organization, creates an
 * internship period and archives it; a company admin is refused the school's users; a student sees
 * no admin screens. Every screen is checked with axe-core at 375 px and 1280 px.
 */
const TENANT = 'demo';
const FORBIDDEN = translate('nl', 'errors.forbidden.title');

let stack: TStack;
let admin: TApi;
beforeAll(async () => {
  stack = await startStack();
  admin = await apiAs(stack.app, TENANT, 'admin', 'school');
});
afterAll(async () => stack?.close());

/** Browser contexts of one test, closed after it whatever happened. */
const contexts: TAdminPage[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.context.close()));
});
async function browse(viewport: { width: number; height: number }): Promise<TAdminPage> {
  const session = await openBrowser(stack, { viewport });
  contexts.push(session);
  return session;
}

/** Waits for a react-admin notification with this text. */
async function expectNotification(page: Page, text: string): Promise<void> {
  await page.locator('.MuiSnackbar-root', { hasText: text }).first().waitFor();
}

async function pickOption(page: Page, label: RegExp | string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The answer to the users list of `organizationId` (the list's organization filter, spec §7). */
function usersListed(page: Page, organizationId: string) {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === '/api/v1/users' &&
      url.searchParams.get('filter[organization_id_eq]') === organizationId &&
      r.request().headers()['x-current-organization-id'] === organizationId
    );
  });
}

function expectNoProblems(session: TAdminPage) {
  expect(session.problems, session.problems.join('\n')).toEqual([]);
}

describe('a school admin', () => {
  let session: TAdminPage;
  beforeAll(async () => {
    session = await openBrowser(stack, { viewport: DESKTOP });
    // Signed in on the portal: the same credential cookies count in the back office.
    await signIn(session.page, stack, TENANT, 'admin');
  });
  afterAll(async () => session.context.close());
  // One page serves every test here: each test answers for the console and page errors of its own steps.
  afterEach(() => {
    const found = session.problems.splice(0);
    expect(found, found.join('\n')).toEqual([]);
  });

  it('reaches the back office at /beheer after a reload, themed for the tenant', async () => {
    const { page } = session;
    await openAdmin(page, stack, TENANT, '/beheer');
    await expect
      .poll(() => page.title())
      .toBe(`${translate('nl', 'routes.admin.home')} - ${TENANTS.demo.appName}`);
    expect(await page.getByTestId('app-name').textContent()).toBe(TENANTS.demo.appName);
    const selected = await page.getByTestId('organization-select').first().inputValue();
    expect(selected).toBe(seedOrganizationId(TENANT, 'school'));
    await expectAccessible(page, 'home');
  });

  it('invites a user, entirely with the keyboard; the invitation is mailed', async () => {
    const { page } = session;
    await openAdmin(page, stack, TENANT, '/users');
    await page.getByText('Sam Student').first().waitFor();
    // Tab to "Gebruiker uitnodigen" and open it with Enter.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'invite-user'))
        break;
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'invite-user',
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/users\/add$/);
    await page.getByLabel(/^E-mailadres/).focus();
    await page.keyboard.type('nina.nieuw@demo.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Nina');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Nieuw');
    await expectAccessible(page, 'invite form');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/users\/[0-9a-f-]{36}$/);
    await expectNotification(page, 'Uitnodiging verstuurd naar nina.nieuw@demo.test');
    await page.getByTestId('status-invited').waitFor();
    await page.getByTestId('role-student').waitFor();
    expect(await latestMail(stack, TENANT, 'nina.nieuw@demo.test', 'invitation')).toContain('http');
    await expectAccessible(page, 'user show');
  });

  it('shows the server’s field error on the field (an e-mail address in use)', async () => {
    const { page } = session;
    await openAdmin(page, stack, TENANT, '/users/add');
    await page.getByLabel(/^E-mailadres/).fill('student@demo.test');
    await page.getByLabel(/^Voornaam/).fill('Sam');
    await page.getByLabel(/^Achternaam/).fill('Dubbel');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    const input = page.getByLabel(/^E-mailadres/);
    // The message is the input's description, so screen readers read it with the field.
    await expect
      .poll(async () => {
        const described = await input.getAttribute('aria-describedby');
        return described ? page.locator(`[id="${described}"]`).textContent() : null;
      })
      .toBe('Er bestaat al een account met dit e-mailadres.');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'field error');
  });

  it('gives the invited user a role, and takes it away again', async () => {
    const { page } = session;
    const nina = await admin.get<{ data: { id: string }[] }>('/api/v1/users?filter[search]=nina.nieuw');
    const id = nina.body.data[0]!.id;
    await openAdmin(page, stack, TENANT, `/users/${id}`);
    await page.getByTestId('add-role').click();
    await page.waitForURL(new RegExp(`/users/${id}/add_role$`));
    await expectAccessible(page, 'add role');
    await pickOption(page, /^Rol/, 'Mentor');
    await page.getByRole('button', { name: 'Rol toevoegen' }).click();
    await page.waitForURL(new RegExp(`/users/${id}$`));
    await page.getByTestId('role-mentor').waitFor();
    const after = await admin.get<{ included: { attributes: { name: string } }[] }>(
      `/api/v1/users/${id}?include=roles`,
    );
    expect(after.body.included.map((r) => r.attributes.name).sort()).toEqual(['mentor', 'student']);

    await page.getByTestId('remove-role-mentor').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Bevestigen' }).click();
    await expect.poll(() => page.getByTestId('role-mentor').count()).toBe(0);
  });

  it('approves an organization that signed up', async () => {
    const { page } = session;
    const signup = await (
      await apiAs(stack.app, TENANT, null)
    ).send('POST', '/api/v1/organizations/signup', {
      data: {
        type: 'organization_signup',
        attributes: {
          organization_type: 'Provider',
          name: 'Kinderboerderij De Hoef',
          city: 'Utrecht',
          address: 'Hoefweg 1',
          postcode: '3511 AA',
          admin_email: 'hoef@demo.test',
          admin_first_name: 'Henk',
          admin_last_name: 'Hoef',
        },
      },
    });
    expect(signup.status).toBe(201);
    const id = (signup.body as { data: { id: string } }).data.id;

    await openAdmin(page, stack, TENANT, '/beheer');
    await expect.poll(() => page.getByTestId('pending-approvals').textContent()).toContain('1 organisatie');
    await page.getByTestId('pending-approvals').click();
    await page.waitForURL(/\/organizations\/approve$/);
    await page.getByText('hoef@demo.test').waitFor();
    await expectAccessible(page, 'approval queue');
    await page.getByTestId(`approved-${id}`).click();
    await expectNotification(page, 'Organisatie goedgekeurd');
    await page.getByTestId('queue-empty').waitFor();
    const organization = await admin.get<{ data: { attributes: { status: string } } }>(
      `/api/v1/organizations/${id}`,
    );
    expect(organization.body.data.attributes.status).toBe('approved');
  });

  it('creates an internship period and archives it', async () => {
    const { page } = session;
    const years = await admin.get<{ data: { attributes: { is_current: boolean; start_date: string } }[] }>(
      '/api/v1/school_years',
    );
    const year = years.body.data.find((y) => y.attributes.is_current)!.attributes.start_date.slice(0, 4);
    await openAdmin(page, stack, TENANT, '/internship_periods');
    await page.getByTestId('add-period').click();
    await page.waitForURL(/\/internship_periods\/add$/);
    await page.getByLabel(/^Naam/).fill('Snuffelstage');
    await page.getByLabel(/^Begindatum/).fill(`${year}-10-01`);
    await page.getByLabel(/^Einddatum/).fill(`${year}-10-31`);
    await expectAccessible(page, 'period form');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.waitForURL(/\/internship_periods$/);
    const row = page.getByRole('row', { name: /Snuffelstage/ });
    await row.waitFor();
    await row.getByRole('button', { name: 'Archiveren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Bevestigen' }).click();
    await expectNotification(page, 'Stageperiode gearchiveerd');
    await expect.poll(() => row.getByTestId('status-archived').count()).toBe(1);
    const periods = await admin.get<{ data: { attributes: { name: string; status: string } }[] }>(
      '/api/v1/internship_periods',
    );
    expect(periods.body.data.find((p) => p.attributes.name === 'Snuffelstage')?.attributes.status).toBe(
      'archived',
    );
    await expectAccessible(page, 'periods');
  });

  it('puts a student in a group', async () => {
    const { page } = session;
    const student = await userId(admin, TENANT, 'student');
    await openAdmin(page, stack, TENANT, `/users/${student}`);
    await page.getByTestId('assign-group').click();
    await page.waitForURL(new RegExp(`/students/${student}/assign_group$`));
    await expect.poll(() => page.getByTestId('current-group').textContent()).toBe('Geen groep');
    await pickOption(page, /^Groep/, '3B');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expectNotification(page, 'De groep is opgeslagen.');
    await page.waitForURL(new RegExp(`/users/${student}$`));
    await openAdmin(page, stack, TENANT, `/students/${student}/assign_group`);
    await expect.poll(() => page.getByTestId('current-group').textContent()).toBe('3B');
  });

  it('removes the seeded mentorship and adds it again', async () => {
    const { page } = session;
    await openAdmin(page, stack, TENANT, '/mentorships');
    // The seeds make the demo mentor the demo student's mentor.
    const row = page.getByRole('row', { name: /Sam Student/ });
    await row.getByText('Mila Mentor').waitFor();
    await row.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('dialog').getByText('Mila Mentor begeleidt Sam Student daarna niet meer.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Bevestigen' }).click();
    await expect
      .poll(async () => (await admin.get<{ data: unknown[] }>('/api/v1/mentorships')).body.data)
      .toEqual([]);
    await expect.poll(() => page.getByRole('row', { name: /Sam Student/ }).count()).toBe(0);

    await page.getByTestId('add-mentorship').click();
    await page.waitForURL(/\/mentorships\/add$/);
    await page.getByRole('combobox', { name: /^Mentor/ }).fill('Mila');
    await page.getByRole('option', { name: /Mila Mentor/ }).click();
    await page.getByRole('combobox', { name: /^Leerling/ }).fill('Sam');
    await page.getByRole('option', { name: /Sam Student/ }).click();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.waitForURL(/\/mentorships$/);
    await page
      .getByRole('row', { name: /Sam Student/ })
      .getByText('Mila Mentor')
      .waitFor();
    await expectAccessible(page, 'mentorships');
  });

  it('as a platform operator (VolunteerCenter admin): adds an organization, edits it, deletes it', async () => {
    const { page } = session;
    await openAdmin(page, stack, TENANT, '/organizations/add');
    await page
      .getByTestId('organization-select')
      .first()
      .selectOption(seedOrganizationId(TENANT, 'volunteer-center'));
    await pickOption(page, /^Soort/, 'Stagebieder');
    await page.getByLabel(/^Naam/).fill('Bakkerij Het Broodje');
    await page.getByLabel(/^Plaats/).fill('Utrecht');
    await page.getByLabel(/^Postcode/).fill('12');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    // The API's field error, on the field.
    await expect.poll(() => page.getByLabel(/^Postcode/).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel(/^Postcode/).fill('3511 BB');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.waitForURL(/\/organizations\/[0-9a-f-]{36}$/);
    await page.getByText('Bakkerij Het Broodje').first().waitFor();

    await page.getByTestId('edit-organization').click();
    await page.waitForURL(/\/edit$/);
    await page.getByLabel(/^Beschrijving/).fill('Verse broodjes, elke dag.');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Verse broodjes, elke dag.').waitFor();

    await page.getByTestId('delete-organization').click();
    await page
      .getByRole('dialog')
      .getByText(/kan niet ongedaan worden gemaakt/)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Bevestigen' }).click();
    await page.waitForURL(/\/organizations$/);
    const left = await admin.get<{ data: { attributes: { name: string } }[] }>(
      '/api/v1/organizations?filter[search]=Broodje',
    );
    expect(left.body.data).toEqual([]);
    await page.getByTestId('organization-select').first().selectOption(seedOrganizationId(TENANT, 'school'));
  });

  it('switches organization: the VolunteerCenter’s roles count, and the choice is remembered', async () => {
    const { page } = session;
    const school = seedOrganizationId(TENANT, 'school');
    const center = seedOrganizationId(TENANT, 'volunteer-center');
    const before = session.failures.length;
    await openAdmin(page, stack, TENANT, '/users');
    await page.getByText('Sam Student').first().waitFor();
    // Anna Admin is a member of both organizations, so her name alone does not show which list is
    // on screen: wait for the VolunteerCenter's own answer, then for its rows (only Anna's).
    let listed = usersListed(page, center);
    await page.getByTestId('organization-select').first().selectOption(center);
    await listed;
    await expect
      .poll(() => page.locator('tbody tr').allTextContents())
      .toEqual([expect.stringContaining('Anna Admin')]);
    // Reloaded only now, with nothing of the list in flight.
    listed = usersListed(page, center);
    await page.reload();
    await listed;
    await page.getByText('Anna Admin').first().waitFor();
    expect(await page.getByTestId('organization-select').first().inputValue()).toBe(center);
    expect(await page.getByText('Sam Student').count()).toBe(0);
    // Back to the school for the rest of the run.
    listed = usersListed(page, school);
    await page.getByTestId('organization-select').first().selectOption(school);
    await listed;
    await page.getByText('Sam Student').first().waitFor();
    expect(session.failures.slice(before)).toEqual([]);
  });

  it('speaks English when asked, with the shared language cookie', async () => {
    const { page } = session;
    await openAdmin(page, stack, TENANT, '/users');
    await page.locator('button:has(.MuiButton-startIcon)').filter({ hasText: 'Nederlands' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.title()).toBe(`Users - ${TENANTS.demo.appName}`);
    expect((await page.context().cookies()).find((c) => c.name === 'locale')?.value).toBe('en');
    await page.getByRole('columnheader', { name: 'Email address' }).waitFor();
    await page.locator('button:has(.MuiButton-startIcon)').filter({ hasText: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Nederlands' }).click();
    await expect.poll(() => page.title()).toBe(`Gebruikers - ${TENANTS.demo.appName}`);
  });
});

describe('every back-office screen', () => {
  // The two widths run side by side: most of each screen's time is waiting for the network to settle.
  // Each has its own browser context, closed here (afterEach would close the other width's too).
  it.concurrent.each([DESKTOP, PHONE])(
    'is axe-clean at %o, reloadable at its spec path',
    async (viewport) => {
      const session = await openBrowser(stack, { viewport });
      try {
        await everyScreen(session, viewport);
      } finally {
        await session.context.close();
      }
    },
    400_000,
  );
});

/** Every screen at one width: reached by a reload of its spec path, settled, error-free, axe-clean. */
async function everyScreen(session: TAdminPage, viewport: { width: number; height: number }) {
  const { page } = session;
  await signIn(page, stack, TENANT, 'admin');
  const student = await userId(admin, TENANT, 'student');
  const groups = await admin.get<{ data: { id: string }[] }>('/api/v1/groups');
  const group = groups.body.data[0]!.id;
  const periods = await admin.get<{ data: { id: string }[] }>('/api/v1/internship_periods');
  const period = periods.body.data[0]!.id;
  const provider = seedOrganizationId(TENANT, 'provider');
  // Something in the approval queue and in the mentorships list, to see them filled.
  await (
    await apiAs(stack.app, TENANT, null)
  ).send('POST', '/api/v1/organizations/signup', {
    data: {
      type: 'organization_signup',
      attributes: {
        organization_type: 'NonProfit',
        name: `Voedselbank ${viewport.width}`,
        city: 'Utrecht',
        address: 'Havenweg 3',
        postcode: '3511 CC',
        admin_email: `voedselbank${viewport.width}@demo.test`,
        admin_first_name: 'Vera',
        admin_last_name: 'Voedsel',
      },
    },
  });
  // The mentorships screens show the seeded mentorship (the demo mentor's of the demo student).
  const screens: [string, string, string][] = [
    ['home', '/beheer', 'app-name'],
    ['users', '/users', 'small-list|table'],
    ['user', `/users/${student}`, 'role-student'],
    ['user-edit', `/users/${student}/edit`, 'form'],
    ['user-add-role', `/users/${student}/add_role`, 'form'],
    ['student-edit', `/students/${student}/edit`, 'form'],
    ['student-group', `/students/${student}/assign_group`, 'current-group'],
    ['organizations', '/organizations', 'small-list|table'],
    ['organization', `/organizations/${provider}`, 'edit-organization'],
    ['organization-edit', `/organizations/${provider}/edit`, 'form'],
    ['organization-add', '/organizations/add', 'form'],
    ['approve', '/organizations/approve', 'small-list|table'],
    ['groups', '/groups', 'small-list|table'],
    ['group', `/groups/${group}`, 'students'],
    ['group-edit', `/groups/${group}/edit`, 'form'],
    ['group-add', '/groups/add', 'form'],
    ['levels', '/levels', 'form'],
    ['tags', '/tags', 'form'],
    ['school-years', '/school_years', 'small-list|table'],
    ['periods', '/internship_periods', 'small-list|table'],
    ['period-add', '/internship_periods/add', 'form'],
    ['period-edit', `/internship_periods/${period}/edit`, 'form'],
    ['mentorships', '/mentorships', 'small-list|table'],
    ['mentorship-add', '/mentorships/add', 'form'],
    // Issue #16: the internships with all spec §7 includes.
    ['data-viewer', '/admin/data-viewer', 'small-list|table|no-results'],
  ];
  for (const [name, path, ready] of screens) {
    await openAdmin(page, stack, TENANT, path);
    const marks = ready
      .split('|')
      .map((r) =>
        r === 'form' || r === 'table'
          ? page.locator(r)
          : r === 'no-results'
            ? page.getByTestId('no-results').or(page.getByText(/^Geen .+ gevonden$/))
            : r === 'students'
              ? page.getByText(/Leerlingen in deze groep/)
              : page.getByTestId(r),
      );
    const anyMark = marks.reduce((a, b) => a.or(b));
    try {
      await anyMark.filter({ visible: true }).first().waitFor({ timeout: 15_000 });
    } catch (error) {
      await shot(page, `${name}-not-ready`);
      throw new Error(`${name} (${path}) did not show ${ready}`, { cause: error });
    }
    // Lazy references (names of levels, years, users) settle.
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('error-panel').count(), `${name}: ${path}`).toBe(0);
    await shot(page, name);
    await expectAccessible(page, `${name} at ${viewport.width}px`);
  }
  expectNoProblems(session);
  expect(session.failures).toEqual([]);
}

describe('a company admin', () => {
  it('is refused the school’s users: "Access forbidden" from the server, no school data shown', async () => {
    const session = await browse(DESKTOP);
    const { page } = session;
    await signIn(page, stack, TENANT, 'bedrijf');
    const student = await userId(admin, TENANT, 'student');

    // Their own organization's users: allowed.
    await openAdmin(page, stack, TENANT, '/users');
    await page.getByText('Bram Bedrijf').first().waitFor();
    expect(await page.getByText('Sam Student').count()).toBe(0);

    // A user of the school: the server answers 403 and the screen says so.
    await openAdmin(page, stack, TENANT, `/users/${student}`);
    await expect.poll(() => page.getByTestId('error-title').textContent()).toBe(FORBIDDEN);
    expect(session.failures).toContainEqual(
      expect.objectContaining({ status: 403, path: expect.stringContaining(`/api/v1/users/${student}`) }),
    );
    expect(await page.getByText('student@demo.test').count()).toBe(0);
    await shot(page, 'company-forbidden');
    await expectAccessible(page, 'forbidden user');

    // The school's user list, asked for directly: refused too.
    const bedrijf = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    const list = await bedrijf.get(
      `/api/v1/users?filter[organization_id_eq]=${seedOrganizationId(TENANT, 'school')}`,
    );
    expect(list.status).toBe(403);

    // No moderation for a Provider: the queue is not offered.
    await openAdmin(page, stack, TENANT, '/organizations/approve');
    await expect.poll(() => page.getByTestId('error-title').textContent()).toBe(FORBIDDEN);
    expect(await page.getByRole('link', { name: 'Organisaties goedkeuren' }).count()).toBe(0);
    expectNoProblems(session);
  });
});

describe('a student', () => {
  it.each([DESKTOP, PHONE])('sees no admin screens (%o)', async (viewport) => {
    const session = await browse(viewport);
    const { page } = session;
    await signIn(page, stack, TENANT, 'student');
    // The portal's dashboard (its internships, loaded lazily) finishes before the count starts.
    await page.waitForLoadState('networkidle');
    // From here on: the back office only (the portal's own calls during sign-in do not count).
    session.requests.length = 0;
    for (const path of ['/beheer', '/users', '/organizations/approve', '/internship_periods']) {
      await openAdmin(page, stack, TENANT, path);
      await expect.poll(() => page.getByTestId('error-title').textContent()).toBe(FORBIDDEN);
      await page.getByTestId('no-back-office').waitFor();
    }
    // Nothing of the back office was even asked for: only who the user is and where they work.
    const backOffice = session.requests.filter(
      (r) => r.includes('/api/v1/') && !/current_(user|organizations)/.test(r),
    );
    expect(backOffice).toEqual([]);
    expect(session.failures).toEqual([]);
    expect(await page.locator('.RaMenuItemLink-root').count()).toBe(0);
    await shot(page, 'student-forbidden');
    await expectAccessible(page, `student at ${viewport.width}px`);
    expectNoProblems(session);
  });
});

describe('signing out', () => {
  it('from the user menu ends this client and lands on the portal’s sign-out page', async () => {
    const session = await browse(DESKTOP);
    const { page } = session;
    await signIn(page, stack, TENANT, 'mentor');
    await openAdmin(page, stack, TENANT, '/users');
    await page.getByText('Sam Student').first().waitFor();
    await page.getByRole('button', { name: /Mila Mentor/ }).click();
    await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await page.waitForURL(/\/uitloggen$/);
    await page.getByTestId('signed-out').waitFor();
    expect(session.requests).toContain('DELETE /auth/sign_out');
    expect((await page.context().cookies()).some((c) => c.name === 'access-token' && c.value)).toBe(false);
    // The back office now asks to sign in again.
    await page.goto(stack.url(TENANT, '/beheer'));
    await page.waitForURL(/\/auth\/login-1\?redirect=%2Fbeheer$/);
  });
});

describe('signed out', () => {
  it('goes to the portal’s login page and comes back after signing in', async () => {
    const session = await browse(DESKTOP);
    const { page } = session;
    await page.goto(stack.url(TENANT, '/users'));
    await page.waitForURL(/\/auth\/login-1\?redirect=%2Fusers$/);
    await page.getByLabel(/E-mailadres|Email address/).fill('admin@demo.test');
    await page.getByLabel(/^Wachtwoord|^Password/).fill('stageplein-demo');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/users$/);
    await page.getByText('Sam Student').first().waitFor();
  });
});
