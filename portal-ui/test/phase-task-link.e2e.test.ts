import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  DESKTOP,
  expectAccessible,
  mailsTo,
  openMailedLink,
  openPortal,
  PHONE,
  shot,
  signInSchoolAdmin,
  startStack,
  type TApi,
  type TStack,
} from './stack.ts';

/**
 * Issue #33's workplace supervisor in Chromium on the whole product with Temporal: the school's default
 * workflow asks the supervisor's approval in its first phase; an internship with an approved supervisor
 * is activated and enters it; the supervisor gets the mail, opens its link on a phone without an account
 * (Dutch). The school's coordinator sends the link again from the internship's page (confirming): the first
 * link now says it was revoked and what the supervisor can do next (on a phone, Dutch and English), the new
 * mail's link works (also in English); the supervisor completes the
 * task with it after confirming, and the task is done for the school too. axe on each state.
 */
const TENANT = 'stageplein';
const RUN = Date.now().toString(36);
const TASK = `Stageplek akkoord ${RUN}`;
const SUPERVISOR = `praktijk-${RUN}@zorgcentrum.test`;

let stack: TStack;
let school: TApi;

beforeAll(async () => {
  stack = await startStack({ workflows: true });
  school = await apiAs(stack.app, TENANT, 'admin', 'school');
});
afterAll(async () => stack?.close());

interface TVersion {
  data: { id: string; attributes: { state: string; phases: { tasks: object[] }[] } };
}

describe('a supervisor completes their phase task by link on a phone', () => {
  it('the task opens, the mailed link shows it, the supervisor completes it', async () => {
    // The school's default workflow for this tenant, with the supervisor's approval in its first phase.
    const list = await school.get<{
      data: { id: string; attributes: { is_default: boolean } }[];
    }>('/api/v1/workflow_definitions');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const definition = list.body.data.find((d) => d.attributes.is_default)!;
    const draft = await school.send<TVersion>('POST', `/api/v1/workflow_definitions/${definition.id}/drafts`);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const phases = draft.body.data.attributes.phases;
    phases[0]!.tasks.push({
      id: crypto.randomUUID(),
      title: { nl: TASK, en: `Placement approval ${RUN}` },
      description: { nl: '', en: '' },
      actor: 'supervisor',
      kind: 'approval',
      required: true,
      evaluation_template_id: null,
      assignment_id: null,
      hours_target: null,
      deadline: { from: 'phase_start', days: 5 },
      reminder_days: [],
      escalation: { mentor_after_days: 2, school_admin_after_days: null },
    });
    const changed = await school.send('PATCH', `/api/v1/workflow_versions/${draft.body.data.id}`, {
      data: { type: 'workflow_version', id: draft.body.data.id, attributes: { phases } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const published = await school.send('POST', `/api/v1/workflow_versions/${draft.body.data.id}/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    // An internship through the API (its screens have their own tests), its supervisor named and approved.
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    const vacancy = await company.send<{ data: { id: string } }>('POST', '/api/v1/vacancies', {
      data: { type: 'vacancy', attributes: { title: `Praktijkstage ${RUN}`, places: 1 } },
    });
    expect(vacancy.status, JSON.stringify(vacancy.body)).toBe(201);
    expect((await company.send('POST', `/api/v1/vacancies/${vacancy.body.data.id}/publish`)).status).toBe(
      200,
    );
    const student = await apiAs(stack.app, TENANT, 'student', 'school');
    const applied = await student.send<{ data: { id: string } }>('POST', '/api/v1/internships', {
      data: {
        type: 'internships',
        attributes: { vacancy_id: vacancy.body.data.id, motivation: 'Ik wil graag meedoen.' },
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const internshipId = applied.body.data.id;
    const named = await company.send('PATCH', `/api/v1/internships/${internshipId}`, {
      data: {
        type: 'internships',
        id: internshipId,
        attributes: { supervisor_name: 'Petra Praktijk', supervisor_email: SUPERVISOR },
      },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    for (const [who, step] of [
      [company, 'accept'],
      [school, 'approve'],
      [school, 'supervisor_approval'],
      [school, 'activate'],
    ] as const) {
      const res = await who.send('POST', `/api/v1/internships/${internshipId}/${step}`);
      expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
    }

    // Entering the first phase mails the supervisor; they open the link on a phone, signed out.
    const first = await openMailedLink(stack, TENANT, SUPERVISOR, '/fasetaak', 'phase-task-link-page');
    try {
      await expect.poll(() => first.page.getByTestId('phase-task-link-title').textContent()).toBe(TASK);
      expect(await first.page.locator('.page__lead').textContent()).toContain('Aanmelden');
      await expectAccessible(first.page, 'supervisor phase task (nl, phone)');
      await shot(first.page, 'phase-task-link-open');

      // The supervisor lost the mail: the school's coordinator sends the link again from the internship's page.
      const mailed = (await mailsTo(stack, TENANT, SUPERVISOR, 'external_link')).length;
      const admin = await openPortal(stack, { viewport: DESKTOP });
      try {
        await signInSchoolAdmin(admin.page, stack, TENANT);
        await admin.page.goto(stack.url(TENANT, `/internships/${internshipId}`));
        const task = admin.page
          .getByTestId('internship-phases')
          .locator('[data-testid="internship-phase"][aria-current="step"]')
          .getByTestId('internship-phase-task')
          .filter({ hasText: TASK });
        await task.getByTestId('internship-phase-task-resend').click();
        const dialog = admin.page.getByTestId('internship-phase-dialog');
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain(
          `De praktijkbegeleider krijgt een nieuwe link voor "${TASK}". De link die eerder is gestuurd, werkt daarna niet meer.`,
        );
        await expectAccessible(admin.page, 'sending the supervisor link again, confirming');
        await shot(admin.page, 'phase-task-link-resend-confirm');
        await dialog.getByTestId('internship-phase-confirm').click();
        await expect
          .poll(() => admin.page.getByTestId('toast').last().textContent())
          .toContain('Nieuwe link gestuurd');
        await dialog.waitFor({ state: 'detached' });
        // Still open, still the supervisor's: the button stays for another time.
        expect(await task.getAttribute('data-state')).toBe('open');
        await expectAccessible(admin.page, 'the supervisor link sent again');
        await shot(admin.page, 'phase-task-link-resent');
        expect(admin.problems).toEqual([]);
      } finally {
        await admin.context.close();
      }
      // A second mail with a new link; the first link, opened again, says it no longer works.
      await expect
        .poll(async () => (await mailsTo(stack, TENANT, SUPERVISOR, 'external_link')).length, {
          timeout: 30_000,
        })
        .toBe(mailed + 1);
      await first.page.reload();
      await expect
        .poll(() => first.page.getByTestId('form-alert').textContent())
        .toContain('Deze link werkt niet meer');
      expect(await first.page.getByTestId('phase-task-link-complete').count()).toBe(0);
      // What the supervisor can do: the newest mail's link, else the student or the school for a new one.
      const next = first.page.getByTestId('phase-task-link-next');
      expect(await next.getByRole('heading', { level: 2 }).textContent()).toBe('Wat kun je nu doen?');
      const steps = await next.getByRole('listitem').allTextContents();
      expect(steps).toHaveLength(3);
      expect(steps[0]).toContain('Alleen de link in de nieuwste e-mail werkt.');
      expect(steps[1]).toContain(
        'Vraag de student die bij jou stage loopt, of de stagecoördinator van de school',
      );
      expect(steps[2]).toContain('Dan hoef je niets te doen.');
      expect(await first.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(
        0,
      );
      await expectAccessible(first.page, 'supervisor phase task, the revoked link');
      await shot(first.page, 'phase-task-link-revoked');

      // The same revoked link in English, on a phone.
      const revokedEn = await openPortal(stack, {
        viewport: PHONE,
        locale: 'en-GB',
        expectFailures: [/\/api\/v1\/phase_task_link/],
      });
      try {
        await revokedEn.page.goto(first.page.url());
        const nextEn = revokedEn.page.getByTestId('phase-task-link-next');
        await nextEn.waitFor();
        expect(await revokedEn.page.getByTestId('form-alert').textContent()).toContain(
          'This link no longer works',
        );
        expect(await nextEn.getByRole('heading', { level: 2 }).textContent()).toBe('What can you do now?');
        const stepsEn = await nextEn.getByRole('listitem').allTextContents();
        expect(stepsEn[0]).toContain('Only the link in the newest e-mail works.');
        expect(stepsEn[1]).toContain('Ask the student doing their internship with you');
        await expectAccessible(revokedEn.page, 'supervisor phase task, the revoked link (en, phone)');
        await shot(revokedEn.page, 'phase-task-link-revoked-en');
        expect(revokedEn.problems).toEqual([]);
      } finally {
        await revokedEn.context.close();
      }
    } finally {
      await first.context.close();
    }

    // The new link, on a phone: the task, in Dutch and in English.
    const supervisor = await openMailedLink(stack, TENANT, SUPERVISOR, '/fasetaak', 'phase-task-link-page');
    const { page, context, problems } = supervisor;
    const english = await openPortal(stack, { viewport: PHONE, locale: 'en-GB' });
    try {
      await expect.poll(() => page.getByTestId('phase-task-link-title').textContent()).toBe(TASK);

      // The same link in English.
      await english.page.goto(page.url());
      await expect
        .poll(() => english.page.getByTestId('phase-task-link-title').textContent())
        .toBe(`Placement approval ${RUN}`);
      expect(await english.page.getByTestId('page-title').textContent()).toBe('Complete a task');
      await expectAccessible(english.page, 'supervisor phase task (en, phone)');

      // Completing asks once more, then the workflow takes it.
      await page.getByTestId('phase-task-link-complete').click();
      const dialog = page.getByTestId('phase-task-link-dialog');
      await dialog.waitFor();
      await expectAccessible(page, 'supervisor phase task, confirming');
      await dialog.getByTestId('phase-task-link-confirm').click();
      await page.getByTestId('phase-task-link-done').waitFor();
      await expectAccessible(page, 'supervisor phase task, done');
      await shot(page, 'phase-task-link-done');

      // The school sees it done on the internship's phases (the read model the workflow's activity wrote).
      const doc = await school.get<{
        data: {
          attributes: { state: string; tasks: { attributes: { title: { nl: string }; state: string } }[] };
        }[];
      }>(`/api/v1/internships/${internshipId}/phases`);
      const current = doc.body.data.find((p) => p.attributes.state === 'current')!;
      expect(current.attributes.tasks.find((t) => t.attributes.title.nl === TASK)?.attributes.state).toBe(
        'done',
      );
      expect(problems).toEqual([]);
      expect(english.problems).toEqual([]);
    } finally {
      await context.close();
      await english.context.close();
    }
  });
});
