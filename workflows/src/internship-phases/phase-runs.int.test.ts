import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NAMESPACE, seedOrganizationId, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import {
  internshipPhasesWorkflowId,
  QUERIES,
  type TPhaseRunState,
} from '@stageplein/contracts/workflows/names';
import { DEMO_PASSWORD } from '@stageplein/identity/seeds/seed';
import { eventually, importHarness, SCHOOL, TENANT, type TImportHarness } from '../../test/import-harness.ts';

/** Polls `read` until `ready` holds for its answer (events and activities arrive asynchronously). */
async function until<T>(
  read: () => Promise<T>,
  ready: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  let last: T | undefined;
  await eventually(async () => {
    last = await read();
    if (!ready(last)) throw new Error(`not yet: ${JSON.stringify(last).slice(0, 400)}`);
  }, timeoutMs);
  return last!;
}

/**
 * The phases' runtime through the product: the school activates an internship, placements' consumer
 * starts its workflow (deterministic id) on the run's Temporal dev server, the worker's activities write
 * the read model, and the routes read it and send the workflow its updates. The seeded default
 * workflow of the demo School (phases group) is what runs.
 */
let h: TImportHarness;
// The demo student's seeded internship that stands `accepted` (internships.seed.ts, the third).
const INTERNSHIP = uuidV5(`${TENANT}:internship:2`, SEED_NAMESPACE);
type THeaders = Record<string, string>;
let student: THeaders;
let mentor: THeaders;

async function signIn(email: string, tenant = TENANT, organization = SCHOOL): Promise<THeaders> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': tenant },
    payload: { email, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign in ${email}: ${res.statusCode} ${res.body}`);
  return {
    'x-tenant': tenant,
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
    'x-current-organization-id': organization,
  };
}

const get = (url: string, headers: THeaders = h.headers) => h.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: THeaders = h.headers, payload?: object) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...(payload ? { 'content-type': 'application/vnd.api+json' } : {}) },
    ...(payload ? { payload } : {}),
  });

interface TPhaseDoc {
  data: {
    id: string;
    attributes: {
      state: string;
      name: { nl: string };
      status: string;
      tasks: {
        id: string;
        attributes: { actor: string; state: string; due_at: string | null; may_complete: boolean };
      }[];
    };
  }[];
  meta: { run: { state: string; version_id: string; definition_id: string } | null };
}
const phases = async (headers: THeaders = h.headers) => {
  const res = await get(`/api/v1/internships/${INTERNSHIP}/phases`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TPhaseDoc;
};
const current = (doc: TPhaseDoc) => doc.data.find((p) => p.attributes.state === 'current');

beforeAll(async () => {
  h = await importHarness({ placements: true });
  student = await signIn(`student@${TENANT}.test`);
  mentor = await signIn(`mentor@${TENANT}.test`);
  // Placements learns the roles from identity's events.
  await eventually(async () => {
    const res = await get('/api/v1/phase_tasks', student);
    if (res.statusCode !== 200) throw new Error(`GET /api/v1/phase_tasks: ${res.statusCode} ${res.body}`);
  }, 30_000);
}, 600_000);
afterAll(async () => h?.close(), 60_000);

describe('internship phases through the product', () => {
  it('runs no phases before the internship is active', async () => {
    const doc = await phases();
    expect(doc).toEqual({ data: [], meta: { total: 0, run: null } });
  });

  it(
    'seeds the active internship in a later phase, and its workflow continues there',
    { timeout: 120_000 },
    async () => {
      const seeded = uuidV5(`${TENANT}:internship:0`, SEED_NAMESPACE);
      const res = await get(`/api/v1/internships/${seeded}/phases`);
      expect(res.statusCode, res.body).toBe(200);
      const doc = res.json() as TPhaseDoc;
      expect(doc.data.map((p) => p.attributes.state).slice(0, 4)).toEqual([
        'done',
        'done',
        'current',
        'upcoming',
      ]);
      const state = await until(
        () =>
          h.temporal.client.workflow
            .getHandle(internshipPhasesWorkflowId(seeded))
            .query<TPhaseRunState>(QUERIES.phaseRunState)
            .catch(() => null),
        (s) => s?.phaseId !== null && s !== null,
      );
      expect(state).toMatchObject({ phaseIndex: 2, versionId: doc.meta.run!.version_id });
    },
  );

  it(
    "migrates chosen runs explicitly, for the school's designers only, and logs it",
    { timeout: 120_000 },
    async () => {
      const seeded = uuidV5(`${TENANT}:internship:0`, SEED_NAMESPACE);
      const before = (await get(`/api/v1/internships/${seeded}/phases`)).json() as TPhaseDoc;
      const run = before.meta.run!;
      // A second published version of the same definition (the phases group's routes).
      const draft = await post(`/api/v1/workflow_definitions/${run.definition_id}/drafts`);
      expect(draft.statusCode, draft.body).toBe(201);
      const published = await post(`/api/v1/workflow_versions/${draft.json().data.id}/publish`);
      expect(published.statusCode, published.body).toBe(200);
      const v2 = published.json().data.id as string;
      const body = (ids: string[]) => ({
        data: { type: 'phase_migration', attributes: { to_version_id: v2, internship_ids: ids } },
      });
      // Not a designer: 403; another tenant's designer: the version does not exist for them.
      expect((await post('/api/v1/phase_migrations', mentor, body([seeded]))).statusCode).toBe(403);
      expect((await post('/api/v1/phase_migrations', student, body([seeded]))).statusCode).toBe(403);
      const other = await signIn('admin@raayland.test', 'raayland', seedOrganizationId('raayland', 'school'));
      expect((await post('/api/v1/phase_migrations', other, body([seeded]))).statusCode).toBe(404);

      const unknown = '00000000-0000-4000-8000-00000000abcd';
      const res = await post('/api/v1/phase_migrations', h.headers, body([seeded, unknown]));
      expect(res.statusCode, res.body).toBe(200);
      // How it maps: the phase it stands in (the third) to the same phase of version 2.
      const standing = current(before)!;
      const mapped = { id: standing.id, name: standing.attributes.name, position: 2 };
      expect(res.json().data.map((d: { attributes: object }) => d.attributes)).toEqual([
        {
          internship_id: seeded,
          from_version_id: run.version_id,
          to_version_id: v2,
          from_phase: mapped,
          to_phase: mapped,
          migrated: true,
          error: null,
        },
        {
          internship_id: unknown,
          from_version_id: null,
          to_version_id: v2,
          from_phase: null,
          to_phase: null,
          migrated: false,
          error: 'not_found',
        },
      ]);
      // The workflow continues on the new version at the same phase; the read model follows.
      const state = await until(
        () =>
          h.temporal.client.workflow
            .getHandle(internshipPhasesWorkflowId(seeded))
            .query<TPhaseRunState>(QUERIES.phaseRunState),
        (s) => s.versionId === v2 && s.phaseId !== null,
      );
      expect(state.phaseIndex).toBe(2);
      const after = (await get(`/api/v1/internships/${seeded}/phases`)).json() as TPhaseDoc;
      expect(after.meta.run!.version_id).toBe(v2);
      expect(current(after)!.id).toBe(current(before)!.id);
      // Logged: the audit log holds the move from which version to which.
      const { rows } = await sql<{ data: Record<string, unknown> }>`select a.data from placements.audit_log a
      where a.action = 'phase_run.migrated' and a.subject_id = ${seeded}`.execute(h.owner);
      expect(rows.map((r) => r.data)).toEqual([
        expect.objectContaining({ from_version_id: run.version_id, to_version_id: v2 }),
      ]);
      // Once more to the version it runs: refused for that internship.
      const again = await post('/api/v1/phase_migrations', h.headers, body([seeded]));
      expect(again.json().data[0].attributes).toMatchObject({
        migrated: false,
        error: 'phase_update_invalid',
      });
      // Any published version, not only the newest: back to the one it started with.
      const back = await post('/api/v1/phase_migrations', h.headers, {
        data: {
          type: 'phase_migration',
          attributes: { to_version_id: run.version_id, internship_ids: [seeded] },
        },
      });
      expect(back.json().data[0].attributes).toMatchObject({ migrated: true, to_phase: mapped });
      await until(
        () =>
          h.temporal.client.workflow
            .getHandle(internshipPhasesWorkflowId(seeded))
            .query<TPhaseRunState>(QUERIES.phaseRunState),
        (s) => s.versionId === run.version_id && s.phaseId !== null,
      );
    },
  );

  it(
    'starts the run when the school activates the internship: the first phase, its tasks and current_phase',
    { timeout: 120_000 },
    async () => {
      for (const action of ['approve', 'activate']) {
        const res = await post(`/api/v1/internships/${INTERNSHIP}/${action}`);
        expect(res.statusCode, res.body).toBe(200);
      }
      const doc = await until(phases, (d) => current(d) !== undefined);
      expect(doc.meta.run?.state).toBe('running');
      expect(doc.data.map((p) => p.attributes.state)).toEqual([
        'current',
        'upcoming',
        'upcoming',
        'upcoming',
        'upcoming',
      ]);
      const first = current(doc)!;
      expect(first.attributes.name.nl).toBe('Aanmelden');
      expect(first.attributes.tasks.map((t) => [t.attributes.actor, t.attributes.state])).toEqual([
        ['student', 'open'],
        ['mentor', 'open'],
      ]);
      expect(first.attributes.tasks.every((t) => t.attributes.due_at !== null)).toBe(true);
      // The school admin is not the actor of either task.
      expect(first.attributes.tasks.map((t) => t.attributes.may_complete)).toEqual([false, false]);

      // include=current_phase: the phase resource of spec §3 (id, name, status), in the list and for one.
      const list = await get('/api/v1/internships?include=current_phase', student);
      expect(list.statusCode, list.body).toBe(200);
      const listed = list.json().data.find((i: { id: string }) => i.id === INTERNSHIP);
      expect(listed.relationships.current_phase.data).toEqual({ type: 'phase', id: first.id });
      expect(list.json().included).toContainEqual({
        type: 'phase',
        id: first.id,
        attributes: { name: 'Aanmelden', status: first.attributes.status },
      });
      const one = await get(`/api/v1/internships/${INTERNSHIP}?include=current_phase`);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().data.relationships.current_phase.data).toEqual({ type: 'phase', id: first.id });
      expect(one.json().included).toContainEqual({
        type: 'phase',
        id: first.id,
        attributes: { name: 'Aanmelden', status: first.attributes.status },
      });

      // Progress (stagevoortgang) shows the phase.
      const periodId = one.json().data.relationships.internship_period.data.id as string;
      const progress = await get(`/api/v1/progress/periods/${periodId}/internships/${INTERNSHIP}`);
      expect(progress.statusCode, progress.body).toBe(200);
      expect(progress.json().data.attributes.phase).toEqual({
        id: first.id,
        name: 'Aanmelden',
        status: first.attributes.status,
      });

      // The workflow runs under the internship's deterministic id, interpreting the run's version.
      const state = await h.temporal.client.workflow
        .getHandle(internshipPhasesWorkflowId(INTERNSHIP))
        .query<TPhaseRunState>(QUERIES.phaseRunState);
      expect(state).toMatchObject({ versionId: doc.meta.run!.version_id, phaseIndex: 0 });
    },
  );

  it(
    "lists each person's own open tasks on their dashboard, and no one else's",
    { timeout: 60_000 },
    async () => {
      const mine = async (headers: THeaders) => {
        const res = await get('/api/v1/phase_tasks', headers);
        expect(res.statusCode, res.body).toBe(200);
        return (
          res.json().data as { attributes: { actor: string; internship_id: string; may_complete: boolean } }[]
        ).filter((t) => t.attributes.internship_id === INTERNSHIP);
      };
      expect((await mine(student)).map((t) => [t.attributes.actor, t.attributes.may_complete])).toEqual([
        ['student', true],
      ]);
      expect((await mine(mentor)).map((t) => [t.attributes.actor, t.attributes.may_complete])).toEqual([
        ['mentor', true],
      ]);
      // The school admin acts on neither until they escalate to the school admin.
      expect(await mine(h.headers)).toEqual([]);
      expect((await get('/api/v1/phase_tasks')).statusCode).toBe(200);
      const anonymous = await h.app.inject({
        method: 'GET',
        url: '/api/v1/phase_tasks',
        headers: { 'x-tenant': TENANT },
      });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  it(
    'completes a task by its actor only, with clear localized errors otherwise; the phase moves on',
    { timeout: 120_000 },
    async () => {
      const first = current(await phases())!;
      const [studentTask, mentorTask] = first.attributes.tasks;
      // The wrong actor: 403 with the catalogue code, in the caller's language.
      const wrong = await h.app.inject({
        method: 'POST',
        url: `/api/v1/phase_tasks/${studentTask!.id}/complete`,
        headers: { ...mentor, 'accept-language': 'en' },
      });
      expect(wrong.statusCode, wrong.body).toBe(403);
      expect(wrong.json().errors[0]).toMatchObject({
        code: 'phase_task_wrong_actor',
        title: 'Not your task',
      });
      const wrongNl = await post(`/api/v1/phase_tasks/${studentTask!.id}/complete`, h.headers);
      expect(wrongNl.json().errors[0]).toMatchObject({
        code: 'phase_task_wrong_actor',
        title: 'Niet jouw taak',
      });

      const done = await post(`/api/v1/phase_tasks/${studentTask!.id}/complete`, student);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data.attributes).toMatchObject({ state: 'done', may_complete: false });
      const again = await post(`/api/v1/phase_tasks/${studentTask!.id}/complete`, student);
      expect(again.statusCode).toBe(409);
      expect(again.json().errors[0].code).toBe('phase_task_completed');
      // Unknown (or another tenant's: RLS) tasks are 404.
      const unknown = await post(
        '/api/v1/phase_tasks/00000000-0000-4000-8000-000000000000/complete',
        student,
      );
      expect(unknown.statusCode).toBe(404);

      // The mentor's completes the phase: the run continues with the next phase.
      const last = await post(`/api/v1/phase_tasks/${mentorTask!.id}/complete`, mentor);
      expect(last.statusCode, last.body).toBe(200);
      const next = await until(
        phases,
        (d) => d.data[0]!.attributes.state === 'done' && current(d) !== undefined,
      );
      expect(next.data.map((p) => p.attributes.state).slice(0, 2)).toEqual(['done', 'current']);
      // The first phase's task is no longer current: completing it again is refused as done.
      const old = await post(`/api/v1/phase_tasks/${mentorTask!.id}/complete`, mentor);
      expect(old.statusCode).toBe(409);
    },
  );

  it('keeps other tenants and strangers out', { timeout: 60_000 }, async () => {
    // Another tenant's school admin: the internship and its tasks do not exist for them.
    const other = await signIn('admin@raayland.test', 'raayland', seedOrganizationId('raayland', 'school'));
    expect((await get(`/api/v1/internships/${INTERNSHIP}/phases`, other)).statusCode).toBe(404);
    const task = current(await phases())!.attributes.tasks[0]!;
    expect((await post(`/api/v1/phase_tasks/${task.id}/complete`, other)).statusCode).toBe(404);
    expect((await get('/api/v1/phase_tasks', other)).json().data).toEqual([]);
    // A classmate of the same school reads nothing of it.
    const classmate = await signIn(`lotte@${TENANT}.test`);
    expect((await get(`/api/v1/internships/${INTERNSHIP}/phases`, classmate)).statusCode).toBe(404);
    // The read model is tenant-bound (RLS): the app role under another tenant sees none of its rows.
    const seen = await h.platform.deps.db.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant_id', 'raayland', true)`.execute(trx);
      const { rows } = await sql<{ n: number }>`select (select count(*) from placements.internship_phases
        where internship_id = ${INTERNSHIP})::int + (select count(*) from placements.internship_phase_tasks
        where internship_id = ${INTERNSHIP})::int + (select count(*) from placements.internship_phase_runs
        where internship_id = ${INTERNSHIP})::int as n`.execute(trx);
      return rows[0]!.n;
    });
    expect(seen).toBe(0);
  });

  it(
    'ends the run when the internship is cancelled: the phase is cancelled, no task stays open',
    { timeout: 120_000 },
    async () => {
      const res = await post(`/api/v1/internships/${INTERNSHIP}/cancel`, h.headers, {
        data: { type: 'internship', id: INTERNSHIP, attributes: { reason: 'Stage gestopt' } },
      });
      expect(res.statusCode, res.body).toBe(200);
      const doc = await until(phases, (d) => d.meta.run?.state === 'cancelled');
      expect(doc.data.some((p) => p.attributes.state === 'current')).toBe(false);
      const tasks = await get('/api/v1/phase_tasks', student);
      expect(
        (tasks.json().data as { attributes: { internship_id: string } }[]).filter(
          (t) => t.attributes.internship_id === INTERNSHIP,
        ),
      ).toEqual([]);
      // The workflow returns once its last activity (the run's end) is done.
      const handle = h.temporal.client.workflow.getHandle(internshipPhasesWorkflowId(INTERNSHIP));
      expect(await handle.result()).toMatchObject({ ended: 'cancelled' });
    },
  );
});
