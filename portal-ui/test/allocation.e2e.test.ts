import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@stageplein/contracts/i18n/index';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import {
  apiAs,
  demo,
  DESKTOP,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  signIn,
  startStack,
  userId,
  type TApi,
  type TStack,
} from './stack.ts';

/**
 * An allocation round end to end (issue #16 item 3, docs/decisions/allocation.md): the school admin
 * opens a round on `/internships/assign`, two students rank (the demo student on their dashboard, a
 * second one through the API), the admin runs the allocation and publishes it, and the demo student
 * sees the outcome on their dashboard.
 */
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const TENANT = 'demo';
const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);

type TDoc<A> = { data: { id: string; attributes: A; meta?: Record<string, unknown> } };

/** A published vacancy of the demo company with one place. */
async function vacancy(company: TApi, title: string): Promise<string> {
  const created = await company.send<TDoc<unknown>>('POST', '/api/v1/vacancies', {
    data: { type: 'vacancy', attributes: { title, places: 1 } },
  });
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  expect((await company.send('POST', `/api/v1/vacancies/${id}/publish`)).status).toBe(200);
  return id;
}

describe('an allocation round', () => {
  it('admin opens it, two students rank, admin runs and publishes, a student sees the outcome', async () => {
    const suffix = Date.now().toString(36);
    const titles = [`Rondeplek A ${suffix}`, `Rondeplek B ${suffix}`];
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    const ids = [await vacancy(company, titles[0]!), await vacancy(company, titles[1]!)];
    // A second student: the School's demo mentor also becomes one of its students.
    const schoolApi = await apiAs(stack.app, TENANT, 'admin', 'school');
    const second = await userId(schoolApi, TENANT, 'mentor');
    expect(
      (await schoolApi.send('PUT', `/api/v1/users/${second}/add_role`, { role: { name: 'student' } })).status,
    ).toBe(200);

    // The admin opens the round on a phone.
    const admin = await openPortal(stack, { viewport: PHONE });
    await signIn(admin.page, stack, TENANT, demo('admin', TENANT));
    await admin.page.goto(stack.url(TENANT, '/internships/assign'));
    await admin.page.getByTestId('internships-assign-page').waitFor();
    expect(await admin.page.title()).toBe(`${nl('routes.internships.assign')} - ${TENANTS.demo.appName}`);
    await expectAccessible(admin.page, 'assign: direct');
    await admin.page.getByTestId('assign-tab-rounds').click();
    await admin.page.getByTestId('round-new').click();
    const form = admin.page.getByTestId('round-form');
    await form.getByLabel(/^Naam van de ronde/).fill(`Ronde ${suffix}`);
    await form.getByLabel(/^Laatste dag om te kiezen/).fill('2030-06-01');
    // The picker searches the server as the admin types; chosen vacancies stay listed.
    const picker = form.getByTestId('round-vacancies');
    for (const title of titles) {
      await picker.getByLabel(/^Zoek een vacature/).fill(title);
      await picker.getByLabel(new RegExp(title)).check();
    }
    await expect.poll(() => picker.getByRole('checkbox', { checked: true }).count()).toBe(2);
    await expectAccessible(admin.page, 'assign: new round');
    await shot(admin.page, 'allocation-round-form');
    await form.getByTestId('round-create').click();
    await admin.page.getByTestId('round-detail').waitFor();
    const roundId = new URL(admin.page.url()).searchParams.get('round')!;
    expect(roundId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await admin.page.getByTestId('round-status').textContent()).toBe('Open voor voorkeuren');

    // The demo student ranks A then B on their dashboard.
    const student = await openPortal(stack, { viewport: PHONE });
    await signIn(student.page, stack, TENANT, demo('student', TENANT));
    const mine = student.page.locator(`[data-round="${roundId}"]`);
    await mine.waitFor();
    await mine.getByLabel(/^1e keuze/).selectOption(ids[0]!);
    await mine.getByLabel(/^2e keuze/).selectOption(ids[1]!);
    await expectAccessible(student.page, 'dashboard: choices');
    await shot(student.page, 'allocation-choices');
    await mine.getByTestId('allocation-choices-save').click();
    const studentApi = await apiAs(stack.app, TENANT, 'student', 'school');
    await expect
      .poll(
        async () =>
          (await studentApi.get<TDoc<unknown>>(`/api/v1/allocation_rounds/${roundId}`)).body.data.meta,
      )
      .toMatchObject({ preferences: ids });

    // The second student ranks A then B through the API (once placements knows their new role).
    const secondApi = await apiAs(stack.app, TENANT, 'mentor', 'school');
    const rank = { data: { type: 'allocation_preference', attributes: { vacancy_ids: ids } } };
    await expect
      .poll(
        async () =>
          (await secondApi.send('PUT', `/api/v1/allocation_rounds/${roundId}/preferences`, rank)).status,
      )
      .toBe(200);

    // The admin runs the allocation: A has one place, so one of them gets B; then publishes.
    await admin.page.reload();
    await expect.poll(() => admin.page.getByTestId('round-counts').textContent()).toContain('2 van');
    await admin.page.getByTestId('round-run').click();
    await expect.poll(() => admin.page.getByTestId('proposal-line').count()).toBeGreaterThanOrEqual(2);
    // The student is told the school made the allocation (the deadline, 1 June 2030, has not passed:
    // "De deadline is voorbij" was wrong, issue #30).
    await student.page.reload();
    await mine.getByTestId('allocation-closed').waitFor();
    expect(await mine.getByTestId('allocation-closed').textContent()).toBe(
      'De school heeft de indeling al gemaakt, dus kiezen kan niet meer. Dit zijn jouw keuzes:',
    );
    await expectAccessible(admin.page, 'assign: proposal');
    await shot(admin.page, 'allocation-proposal');
    // Review and adjust: the second student is taken off the proposal.
    await admin.page
      .locator(`[data-testid="proposal-line"][data-student="${second}"]`)
      .getByLabel(/^Ingedeeld bij/)
      .selectOption('');
    await expect
      .poll(async () => {
        const { body } = await schoolApi.get<{ data: { id: string; attributes: { adjusted: boolean } }[] }>(
          `/api/v1/allocation_rounds/${roundId}/proposal`,
        );
        return body.data.find((l) => l.id === second)?.attributes.adjusted;
      })
      .toBe(true);
    await admin.page.getByTestId('round-publish').click();
    await expect.poll(() => admin.page.getByTestId('round-status').textContent()).toBe('Gepubliceerd');

    // The demo student sees the outcome on their dashboard.
    const outcome = (await studentApi.get<TDoc<unknown>>(`/api/v1/allocation_rounds/${roundId}`)).body.data
      .meta!.outcome as { title: string; organization_name: string | null };
    expect(titles).toContain(outcome.title);
    await student.page.reload();
    await mine.waitFor();
    const text = await mine.getByTestId('allocation-outcome').textContent();
    const secondSeen = (await secondApi.get<TDoc<unknown>>(`/api/v1/allocation_rounds/${roundId}`)).body.data
      .meta!;
    expect(secondSeen.outcome).toMatchObject({ vacancy_id: null });
    expect(text).toContain(outcome.title);
    expect(text).toMatch(/^Je bent ingedeeld bij /);
    await expectAccessible(student.page, 'dashboard: outcome');
    await student.page.setViewportSize(DESKTOP);
    await shot(student.page, 'allocation-outcome');

    expect(admin.problems).toEqual([]);
    expect(student.problems).toEqual([]);
    await admin.context.close();
    await student.context.close();
  });

  it('a picker finds the 51st vacancy by the words typed, and assigns a student to it', async () => {
    const suffix = Date.now().toString(36);
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    // The oldest of 51: the first 50 of the bank (all a picker used to offer) do not hold it.
    const rare = await vacancy(company, `Zeldzame plek ${suffix}`);
    for (let i = 1; i <= 50; i++) await vacancy(company, `Gewone plek ${suffix} ${i}`);
    const draft = await company.send<TDoc<unknown>>('POST', '/api/v1/vacancies', {
      data: { type: 'vacancy', attributes: { title: `Zeldzaam concept ${suffix}`, places: 1 } },
    });
    expect(draft.status).toBe(201);

    const admin = await openPortal(stack, { viewport: PHONE });
    await signIn(admin.page, stack, TENANT, demo('admin', TENANT));
    await admin.page.goto(stack.url(TENANT, '/internships/assign'));
    const form = admin.page.getByTestId('direct-assign-form');
    await form.getByTestId('assign-students').getByRole('checkbox').nth(1).check();
    const picker = form.getByTestId('assign-vacancy');
    await picker.getByLabel(/^Zoek een vacature/).fill(`zeldzame ${suffix}`);
    // Only the published one: the draft of the same words is not offered.
    await expect
      .poll(() => picker.getByTestId('assign-vacancy-option').allTextContents())
      .toEqual([expect.stringContaining(`Zeldzame plek ${suffix}`)]);
    await picker.getByLabel(new RegExp(`Zeldzame plek ${suffix}`)).check();
    await expectAccessible(admin.page, 'assign: vacancy picker');
    await shot(admin.page, 'assign-vacancy-picker');
    // Another search leaves the choice listed and chosen.
    await picker.getByLabel(/^Zoek een vacature/).fill(`gewone ${suffix} 7`);
    await expect.poll(() => picker.getByTestId('assign-vacancy-option').count()).toBeGreaterThan(1);
    expect(await picker.getByLabel(new RegExp(`Zeldzame plek ${suffix}`)).isChecked()).toBe(true);
    await form.getByTestId('direct-assign-submit').click();
    const schoolApi = await apiAs(stack.app, TENANT, 'admin', 'school');
    await expect
      .poll(
        async () =>
          (
            await schoolApi.get<{ data: unknown[] }>(
              `/api/v1/internships?filter[search]=${encodeURIComponent(`Zeldzame plek ${suffix}`)}`,
            )
          ).body.data.length,
      )
      .toBe(1);
    expect(rare).toMatch(/^[0-9a-f-]{36}$/);
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });

  it('refuses a vacancy whose last place went while the school chose, by its name; nothing is made', async () => {
    const title = `Laatste plek ${Date.now().toString(36)}`;
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    const id = await vacancy(company, title);
    const admin = await openPortal(stack, {
      viewport: PHONE,
      // The refusal (409 vacancy_no_places_left) is what this test is about.
      expectFailures: [/\/api\/v1\/internship_assignments$/],
    });
    await signIn(admin.page, stack, TENANT, demo('admin', TENANT));
    await admin.page.goto(stack.url(TENANT, '/internships/assign'));
    const form = admin.page.getByTestId('direct-assign-form');
    await form.getByTestId('assign-students').getByRole('checkbox').nth(1).check();
    const picker = form.getByTestId('assign-vacancy');
    await picker.getByLabel(/^Zoek een vacature/).fill(title);
    await picker.getByLabel(new RegExp(title)).check();
    expect(
      await picker.getByTestId('assign-vacancy-option').filter({ hasText: title }).textContent(),
    ).toContain('(1 plek vrij)');
    // Meanwhile its one place goes: the demo student applies (an application holds a place).
    const student = await apiAs(stack.app, TENANT, 'student', 'school');
    const applied = await student.send('POST', '/api/v1/internships', {
      data: { type: 'internships', attributes: { vacancy_id: id } },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);

    // Not "Een of meer velden zijn ongeldig" (issue #30): the refusal says which vacancy and why.
    await form.getByTestId('direct-assign-submit').click();
    await expect
      .poll(() => form.getByTestId('form-alert').allTextContents())
      .toContainEqual(
        expect.stringContaining(`De vacature ‘${title}’ heeft geen plaats meer. Kies een andere vacature.`),
      );
    // The picker shows the places the vacancy has left now, not the ones it had when chosen.
    const chosen = picker.getByTestId('assign-vacancy-option').filter({ hasText: title });
    await expect.poll(() => chosen.textContent()).toContain('(0 plekken vrij)');
    expect(await chosen.textContent()).not.toContain('1 plek vrij');
    await expectAccessible(admin.page, 'assign: a full vacancy refused');
    await shot(admin.page, 'assign-vacancy-full');
    const schoolApi = await apiAs(stack.app, TENANT, 'admin', 'school');
    const made = await schoolApi.get<{ data: { attributes: { status: string } }[] }>(
      `/api/v1/internships?filter[vacancy_id_eq]=${id}`,
    );
    expect(made.body.data.map((i) => i.attributes.status)).toEqual(['applied']);
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });
});
