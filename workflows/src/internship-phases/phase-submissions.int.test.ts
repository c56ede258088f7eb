import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NAMESPACE, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import { mailRequestedType } from '@stageplein/contracts/events/mail';
import { ASSIGNMENTS_SUPERVISOR_PATH } from '@stageplein/contracts/placements/assignment-policy';
import {
  internshipPhasesWorkflowId,
  QUERIES,
  type TPhaseRunState,
} from '@stageplein/contracts/workflows/names';
import { DEMO_PASSWORD } from '@stageplein/identity/seeds/seed';
import { openLink } from '@stageplein/kit/mail/sealed-link';
import { eventually, importHarness, SCHOOL, TENANT, type TImportHarness } from '../../test/import-harness.ts';

/**
 * Evaluation and assignment tasks of a phase complete by the real thing, through the run's workflow on
 * the Temporal dev server: a published version gives the first phase a student's evaluation task (the
 * phase's evaluation template) and a supervisor's assignment task. The supervisor answers the assignment
 * before the internship is active; entering the phase completes that task at once (the phase's `entered`
 * event). Entering also opens the evaluation from the phase's template; the student sends their part and
 * the task completes (the `evaluation.submitted` event). Neither can be completed by hand.
 */
let h: TImportHarness;
const SEEDED = uuidV5(`${TENANT}:internship:0`, SEED_NAMESPACE);
// The demo student's seeded `accepted` internship.
const INTERNSHIP = uuidV5(`${TENANT}:internship:2`, SEED_NAMESPACE);
const SUPERVISOR = 'bram.begeleider@zorgcentrum.test';
const EVALUATION_TASK = randomUUID();
const ASSIGNMENT_TASK = randomUUID();
type THeaders = Record<string, string>;
let student: THeaders;

const FORM = {
  format: 1,
  title: { nl: 'Korte terugblik', en: 'Short review' },
  pages: [
    {
      id: 'p',
      sections: [
        {
          id: 's',
          fields: [
            {
              id: 'learned',
              type: 'scale',
              label: { nl: 'Geleerd', en: 'Learned' },
              min: 1,
              max: 5,
              rules: { required: true },
            },
          ],
        },
      ],
    },
  ],
};

async function signIn(email: string): Promise<THeaders> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': TENANT },
    payload: { email, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign in ${email}: ${res.statusCode} ${res.body}`);
  return {
    'x-tenant': TENANT,
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
    'x-current-organization-id': SCHOOL,
  };
}

const send = (method: string, url: string, headers: THeaders = h.headers, payload?: object) =>
  h.app.inject({
    method: method as 'POST',
    url,
    headers: { ...headers, ...(payload ? { 'content-type': 'application/vnd.api+json' } : {}) },
    ...(payload ? { payload } : {}),
  });

/** A form version content published, in placements' read model (as its consumer keeps it). */
async function publishedForm(purpose: 'evaluation' | 'assignment'): Promise<string> {
  const id = randomUUID();
  await sql`insert into placements.form_versions (tenant_id, form_id, version, purpose, definition, published_at)
    values (${TENANT}, ${id}, 1, ${purpose}, ${JSON.stringify(FORM)}::jsonb, now())`.execute(h.owner);
  return id;
}

interface TTaskAttributes {
  task_id: string;
  state: string;
  may_complete: boolean;
  completed_by: string | null;
}
async function taskOf(taskId: string, headers: THeaders = h.headers) {
  const res = await send('GET', `/api/v1/internships/${INTERNSHIP}/phases`, headers);
  expect(res.statusCode, res.body).toBe(200);
  const phases = res.json().data as {
    attributes: { tasks: { id: string; attributes: TTaskAttributes }[] };
  }[];
  return phases[0]!.attributes.tasks.find((t) => t.attributes.task_id === taskId)!;
}

beforeAll(async () => {
  h = await importHarness({ placements: true });
  student = await signIn(`student@${TENANT}.test`);
  await eventually(async () => {
    const res = await send('GET', '/api/v1/phase_tasks', student);
    if (res.statusCode !== 200) throw new Error(`GET /api/v1/phase_tasks: ${res.statusCode} ${res.body}`);
  }, 30_000);
}, 600_000);
afterAll(async () => h?.close(), 60_000);

describe('evaluation and assignment tasks complete when they are sent', () => {
  it(
    'completes them through the workflow from the evaluation and assignment events, never by hand',
    { timeout: 240_000 },
    async () => {
      // The phase's evaluation template and a published assignment of the school for the internship.
      const run = (await send('GET', `/api/v1/internships/${SEEDED}/phases`)).json().meta.run;
      const draft = await send('POST', `/api/v1/workflow_definitions/${run.definition_id}/drafts`);
      expect(draft.statusCode, draft.body).toBe(201);
      const { id: draftId, attributes } = draft.json().data;
      const phases = attributes.phases as { id: string; tasks: object[] }[];
      const template = await send('POST', '/api/v1/evaluation_templates', h.headers, {
        data: {
          type: 'evaluation_template',
          attributes: {
            name: 'Terugblik aanmelding',
            phase_id: phases[0]!.id,
            roles: { student: { form_id: await publishedForm('evaluation'), version: 1 } },
          },
        },
      });
      expect(template.statusCode, template.body).toBe(201);

      await sql`update placements.internships set supervisor_name = 'Bram Begeleider', supervisor_email = ${SUPERVISOR},
        supervisor_approved_email = ${SUPERVISOR}, supervisor_approved_at = now() where id = ${INTERNSHIP}`.execute(
        h.owner,
      );
      expect((await send('POST', `/api/v1/internships/${INTERNSHIP}/approve`)).statusCode).toBe(200);
      const assignment = await send('POST', '/api/v1/assignments', h.headers, {
        data: {
          type: 'assignment',
          attributes: {
            title: { nl: 'Leerdoelen', en: 'Learning goals' },
            instructions: { nl: 'Vul de leerdoelen in.', en: 'Fill in the goals.' },
            form_id: await publishedForm('assignment'),
            form_version: 1,
            due_on: '2027-06-30',
            selection: { internship_period_ids: [], group_ids: [], internship_ids: [INTERNSHIP] },
          },
        },
      });
      expect(assignment.statusCode, assignment.body).toBe(201);
      const assignmentId = assignment.json().data.id as string;
      // Published before the workflow names it (publishing a workflow refuses a draft assignment).
      expect((await send('POST', `/api/v1/assignments/${assignmentId}/publish`)).statusCode).toBe(200);

      const task = (id: string, kind: string, actor: string, extra: object) => ({
        id,
        title: { nl: `Taak ${kind}`, en: `Task ${kind}` },
        description: { nl: '', en: '' },
        actor,
        kind,
        required: true,
        evaluation_template_id: null,
        assignment_id: null,
        hours_target: null,
        deadline: { from: 'phase_start', days: 5 },
        reminder_days: [],
        escalation: { mentor_after_days: null, school_admin_after_days: null },
        ...extra,
      });
      phases[0]!.tasks.push(
        task(EVALUATION_TASK, 'evaluation', 'student', { evaluation_template_id: template.json().data.id }),
        task(ASSIGNMENT_TASK, 'assignment', 'supervisor', { assignment_id: assignmentId }),
      );
      const changed = await send('PATCH', `/api/v1/workflow_versions/${draftId}`, h.headers, {
        data: { type: 'workflow_version', id: draftId, attributes: { phases } },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const published = await send('POST', `/api/v1/workflow_versions/${draftId}/publish`);
      expect(published.statusCode, published.body).toBe(200);

      // The supervisor answers the assignment by its mailed link before the internship is active.
      const { rows: mails } = await sql<{ link: string }>`select envelope->'data'->>'link_sealed' as link
        from placements.outbox where type = ${mailRequestedType('placements')} order by seq desc`.execute(
        h.owner,
      );
      const token = mails
        .map((m) => (m.link ? (openLink(h.config, m.link) ?? '') : ''))
        .find((l) => l.includes(`${ASSIGNMENTS_SUPERVISOR_PATH}#`))!
        .split('#')[1]!;
      const byLink = (method: string, url: string, payload?: object) =>
        h.app.inject({
          method: method as 'GET',
          url,
          headers: {
            'x-tenant': TENANT,
            'x-action-link': token,
            ...(payload ? { 'content-type': 'application/vnd.api+json' } : {}),
          },
          ...(payload ? { payload } : {}),
        });
      const open = (await byLink('GET', '/api/v1/assignments/supervisor')).json();
      const assignmentTask = (open.data.attributes.tasks as { id: string; assignment_id: string }[]).find(
        (t) => t.assignment_id === assignmentId,
      )!;
      const answered = await byLink('POST', `/api/v1/assignments/supervisor/tasks/${assignmentTask.id}`, {
        data: { type: 'assignment_answers', attributes: { answers: { learned: 4 } } },
      });
      expect(answered.statusCode, answered.body).toBe(200);

      // Activated: the first phase is entered; the answered assignment completes its task through the workflow.
      expect((await send('POST', `/api/v1/internships/${INTERNSHIP}/activate`)).statusCode).toBe(200);
      await eventually(async () => {
        const t = await taskOf(ASSIGNMENT_TASK);
        if (t?.attributes.state !== 'done') throw new Error(`assignment task: ${JSON.stringify(t)}`);
      }, 120_000);
      expect((await taskOf(ASSIGNMENT_TASK)).attributes.completed_by).toBeNull();

      // The evaluation task is open for the student, but not by a button: 409 with its own code.
      const evaluationTask = await taskOf(EVALUATION_TASK, student);
      expect(evaluationTask.attributes).toMatchObject({ state: 'open', may_complete: false });
      const byHand = await h.app.inject({
        method: 'POST',
        url: `/api/v1/phase_tasks/${evaluationTask.id}/complete`,
        headers: { ...student, 'accept-language': 'en' },
      });
      expect(byHand.statusCode, byHand.body).toBe(409);
      expect(byHand.json().errors[0]).toMatchObject({
        code: 'phase_task_by_submission',
        title: 'Done by sending it',
      });
      // The student's own dashboard still lists it (their task to do: fill in the evaluation).
      const dashboard = (await send('GET', '/api/v1/phase_tasks', student)).json().data as { id: string }[];
      expect(dashboard.map((t) => t.id)).toContain(evaluationTask.id);

      // Entering the phase opened the evaluation from the phase's template; the student sends their part.
      await eventually(async () => {
        const res = await send('GET', `/api/v1/internships/${INTERNSHIP}/evaluation`, student);
        if (!JSON.stringify(res.json()).includes('"fill"')) throw new Error(`not open yet: ${res.body}`);
      }, 60_000);
      const sent = await send('PUT', `/api/v1/internships/${INTERNSHIP}/evaluation/answers`, student, {
        data: { type: 'evaluation_response', attributes: { answers: { learned: 5 } } },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await eventually(async () => {
        const t = await taskOf(EVALUATION_TASK);
        if (t.attributes.state !== 'done') throw new Error(`evaluation task: ${JSON.stringify(t)}`);
      }, 120_000);
      // Who sent the part is who completed the task.
      const { rows: users } = await sql<{ id: string }>`select id from placements.users
        where email = ${`student@${TENANT}.test`}`.execute(h.owner);
      expect((await taskOf(EVALUATION_TASK)).attributes.completed_by).toBe(users[0]!.id);

      // Through the workflow: its state no longer holds either task open; each completion is logged once.
      const state = await h.temporal.client.workflow
        .getHandle(internshipPhasesWorkflowId(INTERNSHIP))
        .query<TPhaseRunState>(QUERIES.phaseRunState);
      expect(state.openTaskIds).not.toContain(evaluationTask.id);
      expect(state.openTaskIds).not.toContain((await taskOf(ASSIGNMENT_TASK)).id);
      const { rows: completed } = await sql<{
        task_id: string;
      }>`select envelope->'data'->>'task_id' as task_id
        from placements.outbox where type = 'placements.phase_task.completed'
        and envelope->'data'->>'internship_id' = ${INTERNSHIP}`.execute(h.owner);
      expect(completed.map((r) => r.task_id).sort()).toEqual([ASSIGNMENT_TASK, EVALUATION_TASK].sort());

      // The run ends with the internship (engines files share one namespace: no run of ours stays behind).
      const cancelled = await send('POST', `/api/v1/internships/${INTERNSHIP}/cancel`, h.headers, {
        data: { type: 'internship', id: INTERNSHIP, attributes: { reason: 'Stage gestopt' } },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await h.temporal.client.workflow.getHandle(internshipPhasesWorkflowId(INTERNSHIP)).result();
    },
  );
});
