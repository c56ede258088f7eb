import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import type { TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import { apiErrorText } from '@stageplein/contracts/errors/error-catalogue';
import type { TWorkflowPhaseInput } from '@stageplein/contracts/phases/workflow-definitions';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import { setTenant } from '@stageplein/kit/db/rls';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import {
  asOwner,
  auditOf,
  call,
  deliver,
  expectStatus,
  harness,
  internshipParties,
  NOW,
  outboxEvents,
  type THarness,
  type TInternshipParties,
  type TUser,
} from '../../test/harness.ts';
import { placementsService } from '../placements.module.ts';

/**
 * Workflow definitions through placements' HTTP app on a real PostgreSQL (RLS): the designer's
 * operations, publishing with the shared validation (422 nl/en, nothing changed), immutability, the
 * designer grant, who is refused, tenants kept apart, and the seeded defaults.
 */
let h: THarness;
let demo: TInternshipParties; // a contract tenant
let hours: TInternshipParties; // an hours tenant (oldebroek)

beforeAll(async () => {
  h = await harness();
  [demo, hours] = await Promise.all([internshipParties(h, 'demo'), internshipParties(h, 'oldebroek')]);
}, 120_000);
afterAll(async () => h?.close());

const A = '/api/v1/workflow_definitions';
const EVALUATION_FORM: TFormDefinition = {
  format: 1,
  title: { nl: 'Terugblik', en: 'Looking back' },
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
const V = '/api/v1/workflow_versions';

const phase = (
  name: string,
  status: string,
  tasks: unknown[] = [],
  extra: object = {},
): TWorkflowPhaseInput =>
  ({ name: { nl: name, en: `${name} (en)` }, status, tasks, ...extra }) as TWorkflowPhaseInput;
const checklist = (actor = 'student', extra: object = {}) => ({
  title: { nl: 'Afvinken', en: 'Tick off' },
  actor,
  kind: 'checklist',
  ...extra,
});
const VALID = (): TWorkflowPhaseInput[] => [
  phase('Aanmelden', 'preparing', [
    checklist('student', { deadline: { from: 'phase_start', days: 7 }, reminder_days: [2] }),
  ]),
  phase('Stage', 'running', [checklist('mentor', { deadline: { from: 'period_end', days: 0 } })]),
  phase('Afgerond', 'finished', [], { completion: 'manual' }),
];

const as = (user: TUser, lang = 'nl') => ({ ...user.headers, 'accept-language': lang });
const list = (user: TUser) => call(h.app, { url: A, headers: user.headers });
const create = (user: TUser, attributes: object, lang = 'nl') =>
  call(h.app, {
    method: 'POST',
    url: A,
    headers: as(user, lang),
    payload: { data: { type: 'workflow_definition', attributes } },
  });
const getDefinition = (user: TUser, id: string) => call(h.app, { url: `${A}/${id}`, headers: user.headers });
const patchVersion = (user: TUser, id: string, phases: unknown, lang = 'nl') =>
  call(h.app, {
    method: 'PATCH',
    url: `${V}/${id}`,
    headers: as(user, lang),
    payload: { data: { type: 'workflow_version', id, attributes: { phases } } },
  });
const publish = (user: TUser, id: string, lang = 'nl') =>
  call(h.app, { method: 'POST', url: `${V}/${id}/publish`, headers: as(user, lang) });

/** A new definition of the tenant's kind; its id and its draft's. */
async function definitionOf(w: TInternshipParties, phases = VALID(), user = w.school) {
  const kind = w.tenant === 'demo' ? 'contract' : 'hours';
  const res = await create(user, {
    name: `Workflow ${randomUUID().slice(0, 6)}`,
    contract_type: kind,
    phases,
  });
  expectStatus(res, 201);
  const body = res.json();
  return { id: body.data.id as string, draftId: body.data.attributes.draft_version_id as string, body };
}

const versionRow = (tenant: TTenantId, id: string) =>
  asOwner(
    h,
    tenant,
    async (trx) =>
      (
        await sql<{ state: string; phases: unknown; updated_at: Date }>`
        select state, phases, updated_at from placements.workflow_versions where id = ${id}`.execute(trx)
      ).rows[0],
  );

describe('a designer’s workflow definitions', () => {
  it('creates with a draft, edits it, publishes (the first becomes the default), drafts again', async () => {
    const { id, draftId, body } = await definitionOf(demo);
    expect(body.data.attributes).toMatchObject({
      contract_type: 'contract',
      school_id: demo.schoolId,
      is_default: false,
      draft_version: 1,
      published_version: null,
      phase_count: 3,
    });
    const draft = body.included.find((r: { id: string }) => r.id === draftId);
    expect(draft.attributes.state).toBe('draft');
    const phases = draft.attributes.phases as { id: string; tasks: { id: string; required: boolean }[] }[];
    expect(phases[0]!.tasks[0]).toMatchObject({ required: true, escalation: { mentor_after_days: null } });
    expect(new Set(phases.map((p) => p.id)).size).toBe(3);

    // The list says which is the default and that the caller designs.
    const listed = await list(demo.school);
    expectStatus(listed, 200);
    expect(listed.json().meta).toEqual({ total: 1, can_design: true });

    // Edit: ids sent are kept, a new phase gets one.
    const edited = [{ ...phases[0] }, phase('Contract', 'preparing'), phases[1], phases[2]];
    const patched = await patchVersion(demo.school, draftId, edited);
    expectStatus(patched, 200);
    const after = patched.json().data.attributes.phases as { id: string }[];
    expect(after.map((p) => p.id)).toEqual([phases[0]!.id, expect.any(String), phases[1]!.id, phases[2]!.id]);
    expect(after[1]!.id).not.toBe(phases[0]!.id);

    const published = await publish(demo.school, draftId);
    expectStatus(published, 200);
    expect(published.json().data.attributes).toMatchObject({ state: 'published', version: 1 });
    const def = (await getDefinition(demo.school, id)).json().data.attributes;
    expect(def).toMatchObject({
      is_default: true,
      published_version: 1,
      draft_version: null,
      phase_count: 4,
    });

    const [event] = await outboxEvents(h, 'placements.workflow_definition.published', id);
    expect(event!.data).toEqual({
      definition_id: id,
      school_id: demo.schoolId,
      contract_type: 'contract',
      version_id: draftId,
      version: 1,
      is_default: true,
      phase_ids: after.map((p) => p.id),
    });
    expect(event!.actor).toBe(demo.school.id);
    expect((await auditOf(h, id)).map((r) => r.action)).toEqual([
      'workflow_definition.created',
      'workflow_definition.updated',
      'workflow_definition.published',
    ]);

    // Published: never changes (the service, and the database underneath).
    const before = await versionRow('demo', draftId);
    expectStatus(await patchVersion(demo.school, draftId, VALID()), 409, 'workflow_version_published');
    expectStatus(await publish(demo.school, draftId), 409, 'workflow_version_published');
    expect(await versionRow('demo', draftId)).toEqual(before);
    await expect(
      asOwner(h, 'demo', (trx) =>
        sql`update placements.workflow_versions set phases = '[]' where id = ${draftId}`.execute(trx),
      ),
    ).rejects.toThrow(/published and cannot change/);

    // A new draft copies the published phases with their ids; one draft at a time.
    const second = await call(h.app, {
      method: 'POST',
      url: `${A}/${id}/drafts`,
      headers: demo.school.headers,
    });
    expectStatus(second, 201);
    expect(second.json().data.attributes).toMatchObject({ version: 2, state: 'draft' });
    expect(second.json().data.attributes.phases).toEqual(published.json().data.attributes.phases);
    expectStatus(
      await call(h.app, { method: 'POST', url: `${A}/${id}/drafts`, headers: demo.school.headers }),
      409,
      'workflow_draft_exists',
    );
    const withBoth = (await getDefinition(demo.school, id)).json();
    expect(withBoth.data.attributes).toMatchObject({ published_version: 1, draft_version: 2 });
    expect(
      withBoth.included.map((r: { attributes: { version: number } }) => r.attributes.version).sort(),
    ).toEqual([1, 2]);
  });

  it('makes another published definition the default, renames, and refuses an unpublished default', async () => {
    const first = await definitionOf(hours);
    expectStatus(await publish(hours.school, first.draftId), 200);
    const second = await definitionOf(hours);
    const patch = (attributes: object) =>
      call(h.app, {
        method: 'PATCH',
        url: `${A}/${second.id}`,
        headers: hours.school.headers,
        payload: { data: { type: 'workflow_definition', id: second.id, attributes } },
      });
    expectStatus(await patch({ is_default: true }), 409, 'workflow_not_published');
    expectStatus(await publish(hours.school, second.draftId), 200);
    // Publishing a second one leaves the default where it is.
    expect((await getDefinition(hours.school, first.id)).json().data.attributes.is_default).toBe(true);
    const renamed = await patch({ is_default: true, name: 'Nieuwe route' });
    expectStatus(renamed, 200);
    expect(renamed.json().data.attributes).toMatchObject({ is_default: true, name: 'Nieuwe route' });
    expect((await getDefinition(hours.school, first.id)).json().data.attributes.is_default).toBe(false);
    const [updated] = await outboxEvents(h, 'placements.workflow_definition.updated', second.id);
    expect(updated!.data).toMatchObject({ changed: ['is_default', 'name'], is_default: true });
  });

  it('previews the timeline of a version for a sample period', async () => {
    const { draftId } = await definitionOf(hours);
    const url = `${V}/${draftId}/timeline?start_date=2027-02-01&end_date=2027-05-31`;
    const res = await call(h.app, { url, headers: hours.school.headers });
    expectStatus(res, 200);
    expect(
      res
        .json()
        .data.attributes.phases.map((p: { starts_on: string; ends_on: string }) => [p.starts_on, p.ends_on]),
    ).toEqual([
      ['2027-02-01', '2027-02-08'],
      ['2027-02-08', '2027-05-31'],
      ['2027-05-31', '2027-05-31'],
    ]);
    expect(res.json().data.attributes.phases[0].tasks[0].reminders_on).toEqual(['2027-02-06']);
    const reversed = await call(h.app, {
      url: `${V}/${draftId}/timeline?start_date=2027-06-01&end_date=2027-05-31`,
      headers: as(hours.school, 'en'),
    });
    expectStatus(reversed, 422, 'invalid_date_range');
    expectStatus(
      await call(h.app, {
        url: `${V}/${draftId}/timeline?start_date=x&end_date=y`,
        headers: hours.school.headers,
      }),
      422,
    );
  });
});

describe('publishing validates; a failure changes nothing', () => {
  it('answers every issue with its code, pointer and nl/en text', async () => {
    const bad = [
      phase('Contract', 'preparing', [checklist('student', { kind: 'contract_signed' })]),
      phase('Vast', 'running', [], { completion: 'any' }),
      phase('Onbereikbaar', 'preparing', [checklist('supervisor', { reminder_days: [1] })]),
      phase('Uren', 'running', [checklist('student', { kind: 'hours' })]),
    ];
    const { id, draftId } = await definitionOf(hours, bad);
    const before = await versionRow('oldebroek', draftId);
    for (const lang of ['nl', 'en'] as const) {
      const res = await publish(hours.school, draftId, lang);
      expectStatus(res, 422);
      const errors = res.json().errors as { code: string; source: { pointer: string }; detail: string }[];
      expect(errors.map((e) => [e.code, e.source.pointer])).toEqual([
        ['workflow_task_kind_unavailable', '/data/attributes/phases/0/tasks/0/kind'],
        ['workflow_phase_unreachable', '/data/attributes/phases/2'],
        ['workflow_phase_status_order', '/data/attributes/phases/2/status'],
        ['workflow_task_actor_not_allowed', '/data/attributes/phases/2/tasks/0/actor'],
        ['workflow_deadline_missing', '/data/attributes/phases/2/tasks/0/reminder_days'],
        ['workflow_phase_unreachable', '/data/attributes/phases/3'],
        ['workflow_task_setting_missing', '/data/attributes/phases/3/tasks/0/hours_target'],
      ]);
      expect(errors[1]!.detail).toBe(
        apiErrorText(lang, 'workflow_phase_unreachable', { phase: 3, blocker: 2 }).detail,
      );
    }
    expect(await versionRow('oldebroek', draftId)).toEqual(before);
    expect(await outboxEvents(h, 'placements.workflow_definition.published', id)).toEqual([]);
    expect((await getDefinition(hours.school, id)).json().data.attributes).toMatchObject({
      is_default: false,
      published_version: null,
    });
  });

  it('checks the school’s data: the evaluation template of this phase, a published assignment of this school', async () => {
    const phaseId = randomUUID();
    const otherPhase = randomUUID();
    const template = async (scopeId: string, schoolId: string) =>
      asOwner(h, 'oldebroek', async (trx) => {
        const { rows } = await sql<{ id: string }>`
          insert into placements.evaluation_templates
            (tenant_id, school_id, scope_kind, scope_id, name, roles, created_at, updated_at)
          values ('oldebroek', ${schoolId}, 'phase', ${scopeId}, 'Fase-evaluatie', '{}'::jsonb, now(), now())
          returning id`.execute(trx);
        return rows[0]!.id;
      });
    const own = await template(phaseId, hours.schoolId);
    const elsewhere = await template(otherPhase, hours.schoolId);
    const otherSchool = await template(randomUUID(), hours.otherSchoolId);
    // The school's own assignment, still a draft: internships entering the phase could not get it.
    const draftAssignment = randomUUID();
    await asOwner(h, 'oldebroek', (trx) =>
      sql`insert into placements.assignments (id, tenant_id, school_id, title, instructions, form_id, form_version,
          due_on, selection, status, created_at, updated_at)
        values (${draftAssignment}, 'oldebroek', ${hours.schoolId}, '{"nl":"Opdracht","en":"Assignment"}'::jsonb,
          '{"nl":"","en":""}'::jsonb, ${randomUUID()}, 1, '2027-06-30',
          '{"internship_period_ids":[],"group_ids":[],"internship_ids":[]}'::jsonb, 'draft', now(), now())`.execute(
        trx,
      ),
    );
    const evaluation = (templateId: string) =>
      checklist('student', { kind: 'evaluation', evaluation_template_id: templateId });
    const phases = [
      phase(
        'Evaluatie',
        'evaluating',
        [
          evaluation(own),
          evaluation(elsewhere),
          evaluation(otherSchool),
          checklist('supervisor', { kind: 'assignment', assignment_id: randomUUID() }),
          checklist('supervisor', { kind: 'assignment', assignment_id: draftAssignment }),
        ],
        { id: phaseId },
      ),
    ];
    const { draftId } = await definitionOf(hours, phases);
    const res = await publish(hours.school, draftId, 'en');
    expectStatus(res, 422);
    expect(
      res.json().errors.map((e: { code: string; source: { pointer: string } }) => [e.code, e.source.pointer]),
    ).toEqual([
      ['workflow_evaluation_template_unknown', '/data/attributes/phases/0/tasks/1/evaluation_template_id'],
      ['workflow_evaluation_template_unknown', '/data/attributes/phases/0/tasks/2/evaluation_template_id'],
      ['workflow_assignment_unknown', '/data/attributes/phases/0/tasks/3/assignment_id'],
      ['workflow_assignment_draft', '/data/attributes/phases/0/tasks/4/assignment_id'],
    ]);
    expect(res.json().errors[3].detail).toBe(
      'Task 5 of phase 1: the chosen assignment is still a draft. Publish the assignment first; then every internship reaching this phase gets it.',
    );
    // With only the own template the phase publishes.
    expectStatus(
      await patchVersion(hours.school, draftId, [{ ...phases[0], tasks: [evaluation(own)] }]),
      200,
    );
    expectStatus(await publish(hours.school, draftId), 200);
  });

  it('lets a school admin make a phase’s evaluation template that a task then names', async () => {
    const { draftId, body } = await definitionOf(hours);
    const phaseId = body.included[0].attributes.phases[1].id as string;
    const formId = randomUUID();
    await deliver(
      h,
      'content.form.version_published',
      formId,
      {
        form_id: formId,
        version: 1,
        purpose: 'evaluation',
        definition: EVALUATION_FORM,
        published_at: NOW.toISOString(),
      },
      'oldebroek',
    );
    const roles = { student: { form_id: formId, version: 1 } };
    const make = (attributes: object, lang = 'nl') =>
      call(h.app, {
        method: 'POST',
        url: '/api/v1/evaluation_templates',
        headers: as(hours.school, lang),
        payload: {
          data: { type: 'evaluation_template', attributes: { name: 'Fase-evaluatie', roles, ...attributes } },
        },
      });
    // Exactly one scope.
    expectStatus(await make({}), 422, 'validation_failed');
    expectStatus(
      await make({ phase_id: phaseId, internship_period_id: randomUUID() }, 'en'),
      422,
      'validation_failed',
    );
    // A phase of none of this school's definitions (unknown, or another school's): 404 at phase_id, nothing made.
    const foreign = (await definitionOf(hours, VALID(), hours.otherSchool)).body.included[0].attributes
      .phases[0].id as string;
    for (const other of [randomUUID(), foreign]) {
      const refused = await make({ phase_id: other }, 'en');
      expectStatus(refused, 404, 'not_found');
      expect(refused.json().errors[0].source).toEqual({ pointer: '/data/attributes/phase_id' });
    }
    const made = await make({ phase_id: phaseId });
    expectStatus(made, 201);
    const templateId = made.json().data.id as string;
    expect(made.json().data.attributes).toMatchObject({
      scope_kind: 'phase',
      phase_id: phaseId,
      internship_period_id: null,
    });
    const twice = await make({ phase_id: phaseId }, 'en');
    expectStatus(twice, 409, 'evaluation_template_phase_exists');
    expect(twice.json().errors[0].title).toBe('This phase already has an evaluation');
    const [event] = await outboxEvents(h, 'placements.evaluation_template.created', templateId);
    expect(event!.data).toMatchObject({ scope_kind: 'phase', phase_id: phaseId, internship_period_id: null });
    // Listed by its phase, not among the periods' templates.
    const templates = (query: string) =>
      call(h.app, { url: `/api/v1/evaluation_templates${query}`, headers: hours.school.headers });
    expect((await templates(`?phase_id=${phaseId}`)).json().data.map((t: { id: string }) => t.id)).toEqual([
      templateId,
    ]);
    expect((await templates('')).json().data.map((t: { id: string }) => t.id)).not.toContain(templateId);

    const phases = body.included[0].attributes.phases;
    const withEvaluation = [
      phases[0],
      {
        ...phases[1],
        tasks: [checklist('student', { kind: 'evaluation', evaluation_template_id: templateId })],
      },
      phases[2],
    ];
    expectStatus(await patchVersion(hours.school, draftId, withEvaluation), 200);
    expectStatus(await publish(hours.school, draftId), 200);
  });

  it('refuses bad input with a localized 422 and stores nothing', async () => {
    const count = async () =>
      asOwner(h, 'demo', async (trx) =>
        Number(
          (
            await sql<{ n: string }>`select count(*) as n from placements.workflow_definitions
              where school_id = ${demo.schoolId}`.execute(trx)
          ).rows[0]!.n,
        ),
      );
    const before = await count();
    const wrongKind = await create(demo.school, { name: 'Uren', contract_type: 'hours' }, 'en');
    expectStatus(wrongKind, 422, 'workflow_contract_type_unavailable');
    expect(wrongKind.json().errors[0].detail).toBe(
      apiErrorText('en', 'workflow_contract_type_unavailable').detail,
    );
    expect(wrongKind.json().errors[0].source.pointer).toBe('/data/attributes/contract_type');
    for (const lang of ['nl', 'en']) {
      const res = await create(
        demo.school,
        { name: '', contract_type: 'contract', phases: [phase('x', 'bogus')] },
        lang,
      );
      expectStatus(res, 422, 'validation_failed');
      const pointers = res
        .json()
        .errors.map((e: { source: { pointer: string } }) => e.source.pointer)
        .sort();
      expect(pointers).toEqual(['/data/attributes/name', '/data/attributes/phases/0/status']);
      expect(res.json().errors[0].title).toBe(apiErrorText(lang as 'nl' | 'en', 'validation_failed').title);
    }
    expect(await count()).toBe(before);

    const { draftId } = await definitionOf(demo);
    const stored = await versionRow('demo', draftId);
    const res = await patchVersion(
      demo.school,
      draftId,
      [phase('Stage', 'running', [checklist('nobody')])],
      'en',
    );
    expectStatus(res, 422, 'validation_failed');
    expect(res.json().errors[0].source.pointer).toBe('/data/attributes/phases/0/tasks/0/actor');
    const negative = await patchVersion(demo.school, draftId, [
      phase('Stage', 'running', [checklist('student', { deadline: { from: 'phase_start', days: -2 } })]),
    ]);
    expectStatus(negative, 422, 'validation_failed');
    expect(await versionRow('demo', draftId)).toEqual(stored);
  });
});

describe('who designs', () => {
  it('refuses students, mentors, companies and anonymous callers; hides another school’s', async () => {
    const { id, draftId } = await definitionOf(demo);
    const calls = (user: TUser | null) => {
      const headers = user ? user.headers : { 'x-tenant': 'demo' };
      return [
        call(h.app, { url: A, headers }),
        call(h.app, { url: `${A}/${id}`, headers }),
        call(h.app, { url: `${V}/${draftId}`, headers }),
        call(h.app, { method: 'POST', url: `${V}/${draftId}/publish`, headers }),
        call(h.app, { method: 'POST', url: `${A}/${id}/drafts`, headers }),
        call(h.app, {
          method: 'PATCH',
          url: `${V}/${draftId}`,
          headers,
          payload: { data: { type: 'workflow_version', id: draftId, attributes: { phases: [] } } },
        }),
        call(h.app, { url: `${V}/${draftId}/timeline?start_date=2027-01-01&end_date=2027-02-01`, headers }),
        call(h.app, {
          method: 'POST',
          url: A,
          headers,
          payload: {
            data: { type: 'workflow_definition', attributes: { name: 'x', contract_type: 'contract' } },
          },
        }),
      ];
    };
    for (const [user, status] of [
      [demo.student, 403],
      [demo.mentor, 403],
      [demo.company, 403],
      [null, 401],
    ] as const) {
      const statuses = (await Promise.all(calls(user))).map((r) => r.statusCode);
      expect(statuses, user?.id ?? 'anonymous').toEqual(statuses.map(() => status));
    }
    // Another school's admin designs their own school's workflows only: this one is not found.
    const other = (await Promise.all(calls(demo.otherSchool))).map((r) => r.statusCode);
    expect(other).toEqual([200, 404, 404, 404, 404, 404, 404, 201]);
    expect((await list(demo.otherSchool)).json().data.map((d: { id: string }) => d.id)).not.toContain(id);
    expect(await versionRow('demo', draftId)).toMatchObject({ state: 'draft' });
  });

  it('lets a school admin grant a mentor of the school the permission and take it back', async () => {
    const grant = (by: TUser, userId: string) =>
      call(h.app, {
        method: 'POST',
        url: '/api/v1/workflow_designers',
        headers: by.headers,
        payload: { data: { type: 'workflow_designer', attributes: { user_id: userId } } },
      });
    const revoke = (by: TUser, userId: string) =>
      call(h.app, { method: 'DELETE', url: `/api/v1/workflow_designers/${userId}`, headers: by.headers });

    expectStatus(await grant(demo.mentor, demo.strangerMentor.id), 403);
    expectStatus(await grant(demo.school, demo.student.id), 422, 'workflow_designer_not_mentor');
    expectStatus(await grant(demo.otherSchool, demo.mentor.id), 422, 'workflow_designer_not_mentor');
    expectStatus(await list(demo.mentor), 403);

    const granted = await grant(demo.school, demo.mentor.id);
    expectStatus(granted, 201);
    expect(granted.json().data.attributes).toMatchObject({
      school_id: demo.schoolId,
      user_id: demo.mentor.id,
    });
    expectStatus(await grant(demo.school, demo.mentor.id), 201);
    const designers = await call(h.app, { url: '/api/v1/workflow_designers', headers: demo.school.headers });
    expect(designers.json().data.map((d: { id: string }) => d.id)).toEqual([demo.mentor.id]);
    expectStatus(await call(h.app, { url: '/api/v1/workflow_designers', headers: demo.mentor.headers }), 403);
    expect(await outboxEvents(h, 'placements.workflow_designer.granted', demo.schoolId)).toHaveLength(1);

    // The granted mentor designs; the other mentor of the school still does not.
    const asMentor = await list(demo.mentor);
    expectStatus(asMentor, 200);
    expect(asMentor.json().meta.can_design).toBe(true);
    const { draftId } = await definitionOf(demo, VALID(), demo.mentor);
    expectStatus(await publish(demo.mentor, draftId), 200);
    expectStatus(await list(demo.strangerMentor), 403);

    expectStatus(await revoke(demo.school, demo.mentor.id), 204);
    expectStatus(await revoke(demo.school, demo.mentor.id), 404);
    expectStatus(await list(demo.mentor), 403);
    expect(await outboxEvents(h, 'placements.workflow_designer.revoked', demo.schoolId)).toHaveLength(1);
  });

  it('keeps tenants apart: another tenant’s caller sees nothing, RLS hides the rows', async () => {
    const { id, draftId } = await definitionOf(demo);
    const stranger = await internshipParties(h, 'raayland');
    expectStatus(await getDefinition(stranger.school, id), 404);
    expectStatus(await publish(stranger.school, draftId), 404);
    expect((await list(stranger.school)).json().meta.total).toBe(0);
    // Demo's credentials with another tenant named are not valid there.
    expectStatus(
      await call(h.app, { url: A, headers: { ...demo.school.headers, 'x-tenant': 'raayland' } }),
      401,
    );
    // The app role under RLS: demo's rows exist for demo and not for raayland.
    const rows = (tenant: TTenantId) =>
      h.deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, tenant);
        const n = async (q: ReturnType<typeof sql<{ n: string }>>) =>
          Number((await q.execute(trx)).rows[0]!.n);
        return [
          await n(sql`select count(*) as n from placements.workflow_definitions where id = ${id}`),
          await n(sql`select count(*) as n from placements.workflow_versions where id = ${draftId}`),
          await n(
            sql`select count(*) as n from placements.workflow_designers where school_id = ${demo.schoolId}`,
          ),
        ];
      });
    expect((await rows('demo')).slice(0, 2)).toEqual([1, 1]);
    expect(await rows('raayland')).toEqual([0, 0, 0]);
  });
});

describe('seeds', () => {
  const seeded = () =>
    h.owner.transaction().execute(async (trx) => {
      const rows: {
        tenant: string;
        school: string;
        kind: string;
        is_default: boolean;
        versions: string;
        phases: string[];
      }[] = [];
      for (const tenant of TENANT_LIST) {
        await sql`select set_config('app.tenant_id', ${tenant.id}, true)`.execute(trx);
        const { rows: found } = await sql<(typeof rows)[number]>`
          select d.tenant_id as tenant, d.school_id as school, d.contract_type as kind, d.is_default,
            (select string_agg(v.state || v.version, ',') from placements.workflow_versions v where v.definition_id = d.id) as versions,
            (select array_agg(p->'name'->>'nl' order by n) from placements.workflow_versions v,
              jsonb_array_elements(v.phases) with ordinality as e(p, n) where v.definition_id = d.id) as phases
          from placements.workflow_definitions d where d.school_id = ${seedOrganizationId(tenant.id, 'school')}`.execute(
          trx,
        );
        rows.push(...found);
      }
      return rows;
    });

  it('gives every tenant’s School a published default of its kind, once', async () => {
    const rows = await seeded();
    expect(rows.map((r) => r.tenant)).toEqual(TENANT_LIST.map((t) => t.id));
    for (const tenant of TENANT_LIST) {
      const row = rows.find((r) => r.tenant === tenant.id)!;
      expect(row, tenant.id).toMatchObject({
        kind: tenant.features.traineeship ? 'contract' : 'hours',
        is_default: true,
        versions: 'published1',
        phases: tenant.features.traineeship
          ? ['Aanmelden', 'Contract', 'Stage', 'Evaluatie', 'Afgerond']
          : ['Aanmelden', 'Akkoord school', 'Uren maken', 'Evaluatie', 'Afgerond'],
      });
    }
    const published = await outboxEvents(h, 'placements.workflow_definition.published');
    const seededEvents = published.filter((e) => e.actor === 'system');
    expect(seededEvents.map((e) => e.tenant).sort()).toEqual(TENANT_LIST.map((t) => t.id).sort());
    for (const tenant of ['demo', 'stageplein'] as const)
      await placementsService.seedTenant!({ db: h.owner, today: NOW }, tenant);
    expect(await seeded()).toEqual(rows);
    expect(
      (await outboxEvents(h, 'placements.workflow_definition.published')).filter((e) => e.actor === 'system'),
    ).toHaveLength(seededEvents.length);
  });
});
