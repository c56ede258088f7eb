import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { mailRequestedType } from '@stageplein/contracts/events/mail';
import type { TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import {
  evaluationActionsFor,
  readableRoles,
  type TEvaluationRelation,
  type TEvaluationState,
} from '@stageplein/contracts/placements/evaluation-policy';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { setTenant } from '@stageplein/kit/db/rls';
import { issueExternalLink } from '@stageplein/kit/external-links/external-links.repository';
import { openLink } from '@stageplein/kit/mail/sealed-link';
import { freshClientAddress } from '@stageplein/testing/client-address';
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

/**
 * Evaluations through placements' HTTP app on a real PostgreSQL (RLS): the tenant switches, templates,
 * opening, each role's part validated against its frozen form, weighted scores, the supervisor's
 * external link, the legacy form, who may do what (computed from the contracts policy) and tenants.
 */
let h: THarness;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h?.close());

const scale = (id: string, nl: string) =>
  ({ id, type: 'scale', label: { nl, en: nl }, min: 1, max: 5, rules: { required: true } }) as const;

/** A supervisor form: two scored sections and a required text; a student form: one scale and a text. */
const SUPERVISOR_FORM: TFormDefinition = {
  format: 1,
  title: { nl: 'Beoordeling begeleider', en: 'Supervisor assessment' },
  pages: [
    {
      id: 'p',
      sections: [
        { id: 'work', fields: [scale('attitude', 'Werkhouding'), scale('skills', 'Vaardigheden')] },
        {
          id: 'social',
          fields: [
            scale('contact', 'Contact'),
            {
              id: 'feedback',
              type: 'long_text',
              label: { nl: 'Toelichting', en: 'Feedback' },
              rules: { required: true },
            },
          ],
        },
      ],
    },
  ],
};
const STUDENT_FORM: TFormDefinition = {
  format: 1,
  title: { nl: 'Terugblik student', en: 'Student reflection' },
  pages: [
    {
      id: 'p',
      sections: [
        {
          id: 's',
          fields: [
            scale('learned', 'Geleerd'),
            {
              id: 'recommend',
              type: 'single_choice',
              label: { nl: 'Aanraden?', en: 'Recommend?' },
              options: [
                { value: 'yes', label: { nl: 'Ja', en: 'Yes' } },
                { value: 'no', label: { nl: 'Nee', en: 'No' } },
              ],
              rules: { required: true },
            },
          ],
        },
      ],
    },
  ],
};

/** Content publishes a form version; placements' read model keeps it (the consumer, as in production). */
async function publishForm(
  tenant: TTenantId,
  definition: TFormDefinition,
  purpose: 'evaluation' | 'general' = 'evaluation',
) {
  const id = randomUUID();
  await deliver(
    h,
    'content.form.version_published',
    id,
    { form_id: id, version: 1, purpose, definition, published_at: NOW.toISOString() },
    tenant,
  );
  return id;
}

interface TWorld extends TInternshipParties {
  internshipId: string;
  periodId: string;
}

/** A School with a period and one running internship in it, with every party and a few outsiders. */
async function world(tenant: TTenantId, options: { email?: string | null } = {}): Promise<TWorld> {
  const parties = await internshipParties(h, tenant);
  const { schoolId, companyId, student } = parties;
  const internshipId = randomUUID();
  const periodId = randomUUID();
  // The school approved the contact as supervisor (#31: links go only to an approved one).
  const email = options.email === undefined ? 'begeleider@buurthuis.test' : options.email;
  await asOwner(h, tenant, async (trx) => {
    await sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name, start_date,
        end_date, status, deleted, event_time)
      values (${periodId}, ${tenant}, ${schoolId}, ${randomUUID()}, 'Najaar 2026', '2026-09-01', '2027-01-31', 'active',
        false, now())`.execute(trx);
    await sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id, title,
        contract_type, self_found, contact_name, contact_email, updating_hours_allowed, status, start_date,
        end_date, internship_period_id, supervisor_approved_email, created_at, updated_at)
      values (${internshipId}, ${tenant}, ${student.id}, ${schoolId}, ${companyId}, 'Maatschappelijke stage',
        'hours', false, 'Bram Begeleider', ${email}, true, 'active', '2026-09-01', '2027-01-31', ${periodId},
        ${email}, now(), now())`.execute(trx);
  });
  return { ...parties, internshipId, periodId };
}

const attrs = (res: { json(): unknown }) =>
  (res.json() as { data: { id: string; attributes: Record<string, unknown> } }).data.attributes;
type TPart = { role: string; state: string; answers: unknown; score: number | null; legacy: boolean };
const parts = (res: { json(): unknown }) => attrs(res).parts as TPart[];
const partOf = (res: { json(): unknown }, role: string) => parts(res).find((p) => p.role === role)!;

const evalUrl = (w: TWorld, rest = '') => `/api/v1/internships/${w.internshipId}/evaluation${rest}`;
const get = (w: TWorld, user: TUser) => call(h.app, { url: evalUrl(w), headers: user.headers });
const open = (w: TWorld, user: TUser) =>
  call(h.app, { method: 'POST', url: evalUrl(w), headers: user.headers });
const answer = (w: TWorld, user: TUser, answers: Record<string, unknown>, lang = 'nl') =>
  call(h.app, {
    method: 'PUT',
    url: evalUrl(w, '/answers'),
    headers: { ...user.headers, 'accept-language': lang },
    payload: { data: { type: 'evaluation_response', attributes: { answers } } },
  });
const sendLink = (w: TWorld, user: TUser) =>
  call(h.app, { method: 'POST', url: evalUrl(w, '/supervisor_link'), headers: user.headers });

const templateBody = (w: TWorld, roles: Record<string, unknown>, name = 'Eindevaluatie') => ({
  data: { type: 'evaluation_template', attributes: { name, internship_period_id: w.periodId, roles } },
});
const createTemplate = (w: TWorld, user: TUser, roles: Record<string, unknown>) =>
  call(h.app, {
    method: 'POST',
    url: '/api/v1/evaluation_templates',
    headers: user.headers,
    payload: templateBody(w, roles),
  });

/** A world whose period has a template: student and supervisor on their forms (supervisor weight 2, section `work` 3). */
async function withTemplate(tenant: TTenantId, options: { email?: string | null } = {}) {
  const w = await world(tenant, options);
  const studentForm = await publishForm(tenant, STUDENT_FORM);
  const supervisorForm = await publishForm(tenant, SUPERVISOR_FORM);
  const res = await createTemplate(w, w.school, {
    student: { form_id: studentForm, version: 1 },
    supervisor: { form_id: supervisorForm, version: 1, weight: 2, weights: { work: 3 } },
  });
  expectStatus(res, 201);
  return { w, templateId: (res.json() as { data: { id: string } }).data.id, studentForm, supervisorForm };
}

/** The token of the newest evaluation link mailed in the tenant (the sealed link opened). */
async function mailedToken(tenant: TTenantId): Promise<string> {
  const mails = await outboxEvents(h, mailRequestedType('placements'));
  const mine = mails.filter(
    (m) =>
      m.tenant === tenant &&
      ((m.data as { vars?: { purpose?: { nl?: string } } }).vars?.purpose?.nl ?? '').startsWith('Evalueer'),
  );
  const link = openLink(h.deps.config, (mine.at(-1)!.data as { link_sealed: string }).link_sealed)!;
  expect(link).toMatch(/\/evaluatie#[A-Za-z0-9_-]{43}$/);
  return link.split('#')[1]!;
}

const byLink = (token: string, tenant: TTenantId, answers?: Record<string, unknown>) =>
  call(h.app, {
    method: answers ? 'PUT' : 'GET',
    url: '/api/v1/evaluations/supervisor',
    headers: { 'x-tenant': tenant, 'x-action-link': token, 'user-agent': 'vitest-supervisor' },
    remoteAddress: freshClientAddress(),
    ...(answers
      ? { payload: { data: { type: 'evaluation_response', attributes: { answers } } } as never }
      : {}),
  });

const GOOD_SUPERVISOR = { attitude: 5, skills: 4, contact: 3, feedback: 'Betrokken en op tijd.' };

describe('evaluations', () => {
  it('exist only where the "Evaluation forms" switch is on (spec §1); elsewhere evaluations_unavailable', async () => {
    for (const tenant of TENANT_LIST) {
      for (const url of [`/api/v1/internships/${randomUUID()}/evaluation`, '/api/v1/evaluation_templates']) {
        const res = await call(h.app, { url, headers: { 'x-tenant': tenant.id } });
        if (tenant.features.evaluationForms) expect(res.statusCode, `${tenant.id} ${url}`).not.toBe(404);
        else expectStatus(res, 404, 'evaluations_unavailable');
      }
    }
    // A signed-in school admin on a tenant without the switch is refused too, in their language.
    const w = await world('stageplein');
    const res = await call(h.app, {
      url: evalUrl(w),
      headers: { ...w.school.headers, 'accept-language': 'en' },
    });
    expectStatus(res, 404, 'evaluations_unavailable');
    expect((res.json() as { errors: { title: string }[] }).errors[0]!.title).toBe(
      'Evaluations not available',
    );
  });

  it('a school defines a template per period: published evaluation forms, weights on scale questions or sections', async () => {
    const w = await world('oldebroek');
    const studentForm = await publishForm('oldebroek', STUDENT_FORM);
    const general = await publishForm('oldebroek', STUDENT_FORM, 'general');
    const options = await call(h.app, {
      url: '/api/v1/evaluation_templates/forms',
      headers: w.school.headers,
    });
    expectStatus(options, 200);
    const option = (
      options.json() as {
        data: {
          id: string;
          attributes: { weightable: string[]; scored: { id: string; label: unknown }[] };
        }[];
      }
    ).data.find((o) => o.id === studentForm);
    expect(option?.attributes.weightable.sort()).toEqual(['learned', 's']);
    // The scored questions with their labels, for the portal's weights (not the choice question).
    expect(option?.attributes.scored).toEqual([{ id: 'learned', label: { nl: 'Geleerd', en: 'Geleerd' } }]);
    // Not a published evaluation form: unknown, general purpose, missing.
    for (const form_id of [randomUUID(), general])
      expectStatus(
        await createTemplate(w, w.school, { student: { form_id, version: 1 } }),
        422,
        'evaluation_form_unknown',
      );
    expectStatus(await createTemplate(w, w.school, { student: {} }), 422, 'evaluation_form_unknown');
    // A weight must name a scale question or its section.
    const badWeight = await createTemplate(w, w.school, {
      student: { form_id: studentForm, version: 1, weights: { recommend: 2 } },
    });
    expectStatus(badWeight, 422, 'validation_failed');
    expect(
      (badWeight.json() as { errors: { source: { pointer: string } }[] }).errors[0]!.source.pointer,
    ).toBe('/data/attributes/roles/student/weights/recommend');
    // Only the school's own admins, only for its own periods.
    expectStatus(await createTemplate(w, w.student, { student: { form_id: studentForm, version: 1 } }), 403);
    expectStatus(
      await createTemplate(w, w.otherSchool, { student: { form_id: studentForm, version: 1 } }),
      404,
    );
    const created = await createTemplate(w, w.school, {
      student: { form_id: studentForm, version: 1, weight: 2 },
    });
    expectStatus(created, 201);
    const id = (created.json() as { data: { id: string } }).data.id;
    expect(attrs(created)).toMatchObject({
      name: 'Eindevaluatie',
      internship_period_id: w.periodId,
      internship_period_name: 'Najaar 2026',
      roles: {
        student: {
          form_id: studentForm,
          version: 1,
          form_title: 'Terugblik student',
          legacy: false,
          weight: 2,
        },
        supervisor: null,
        mentor: null,
      },
      opened_count: 0,
    });
    expectStatus(
      await createTemplate(w, w.school, { student: { form_id: studentForm, version: 1 } }),
      409,
      'evaluation_template_exists',
    );
    const renamed = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/evaluation_templates/${id}`,
      headers: w.school.headers,
      payload: { data: { type: 'evaluation_template', attributes: { name: 'Eindgesprek' } } },
    });
    expectStatus(renamed, 200);
    expect(attrs(renamed).name).toBe('Eindgesprek');
    expectStatus(
      await call(h.app, { url: `/api/v1/evaluation_templates/${id}`, headers: w.otherSchool.headers }),
      404,
    );
    const list = await call(h.app, {
      url: `/api/v1/evaluation_templates?internship_period_id=${w.periodId}`,
      headers: w.school.headers,
    });
    expect((list.json() as { data: { id: string }[] }).data.map((t) => t.id)).toEqual([id]);
    expect((await outboxEvents(h, 'placements.evaluation_template.created', id)).length).toBe(1);
    expect((await outboxEvents(h, 'placements.evaluation_template.updated', id)).length).toBe(1);
    expect((await auditOf(h, id)).map((a) => a.action).sort()).toEqual([
      'evaluation_template.created',
      'evaluation_template.updated',
    ]);
  });

  it('the school opens it; the student’s part is checked against its frozen form (localized), scored, final', async () => {
    const { w, templateId } = await withTemplate('masplein');
    expect(attrs(await get(w, w.student))).toMatchObject({
      opened: false,
      template_id: templateId,
      actions: [],
    });
    expectStatus(await answer(w, w.student, { learned: 4, recommend: 'yes' }), 409, 'evaluation_not_open');
    expectStatus(await open(w, w.student), 403);
    const opened = await open(w, w.school);
    expectStatus(opened, 201);
    expect(parts(opened).map((p) => [p.role, p.state])).toEqual([
      ['student', 'open'],
      ['supervisor', 'open'],
    ]);
    expectStatus(await open(w, w.school), 409, 'invalid_evaluation_action');
    // The supervisor's link went out on opening (the internship's contact address).
    expect(attrs(opened).supervisor_link_sent_at).not.toBeNull();
    expect(attrs(await get(w, w.student)).actions).toEqual(['fill']);

    // Bad input: a missing required answer, a choice outside its options, an unknown key.
    const bad = await answer(w, w.student, { learned: 4, recommend: 'maybe', extra: 'x' });
    expectStatus(bad, 422, 'validation_failed');
    const pointers = (bad.json() as { errors: { source: { pointer: string } }[] }).errors.map(
      (e) => e.source.pointer,
    );
    expect(pointers).toContain('/data/attributes/answers/recommend');
    const missingNl = (await answer(w, w.student, { learned: 4 })).json() as {
      errors: { detail: string; source: { pointer: string } }[];
    };
    const missingEn = (await answer(w, w.student, { learned: 4 }, 'en')).json() as {
      errors: { detail: string }[];
    };
    expect(missingNl.errors[0]!.source.pointer).toBe('/data/attributes/answers/recommend');
    expect(missingNl.errors[0]!.detail).not.toBe(missingEn.errors[0]!.detail);
    expectStatus(await answer(w, w.student, {}), 422, 'validation_failed');

    const sent = await answer(w, w.student, { learned: 4, recommend: 'yes' });
    expectStatus(sent, 200);
    // learned 4 on 1–5 → 75 %; the only submitted part, so the evaluation's score too.
    expect(partOf(sent, 'student')).toMatchObject({
      state: 'submitted',
      score: 75,
      answers: { learned: 4, recommend: 'yes' },
    });
    expect(attrs(sent).score).toBe(75);
    expectStatus(
      await answer(w, w.student, { learned: 5, recommend: 'no' }),
      409,
      'evaluation_already_submitted',
    );
    const events = await outboxEvents(h, 'placements.evaluation.submitted', w.internshipId);
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({
        role: 'student',
        part_score: 75,
        score: 75,
        states: { student: 'submitted', supervisor: 'open' },
      }),
    ]);
    // No answers in events: they are personal data.
    expect(JSON.stringify(events)).not.toContain('recommend');
    expect((await auditOf(h, w.internshipId)).map((a) => a.action).sort()).toEqual([
      'evaluation.link_sent',
      'evaluation.opened',
      'evaluation.submitted',
    ]);
    // The forms of an opened template no longer change.
    const patch = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/evaluation_templates/${templateId}`,
      headers: w.school.headers,
      payload: { data: { type: 'evaluation_template', attributes: { roles: { student: {} } } } },
    });
    expectStatus(patch, 409, 'evaluation_template_in_use');
  });

  it('the supervisor fills their part by the mailed link only; the weighted score follows', async () => {
    const { w } = await withTemplate('public');
    expectStatus(await open(w, w.school), 201);
    const first = await mailedToken('public');
    expectStatus(await sendLink(w, w.student), 403);
    expectStatus(await sendLink(w, w.school), 200);
    const token = await mailedToken('public');
    expect(token).not.toBe(first);
    expectStatus(await byLink(first, 'public'), 410, 'link_revoked');
    const shown = await byLink(token, 'public');
    expectStatus(shown, 200);
    expect(attrs(shown)).toMatchObject({
      student_name: 'Sanne de Vries',
      state: 'open',
      answers: null,
      template_name: 'Eindevaluatie',
    });
    // Another tenant does not know it; a guess is invalid.
    expectStatus(await byLink(token, 'corderius'), 401, 'link_invalid');
    expectStatus(await byLink('A'.repeat(43), 'public'), 401, 'link_invalid');

    const bad = await byLink(token, 'public', { attitude: 6, skills: 4, contact: 3 });
    expectStatus(bad, 422, 'validation_failed');
    expect(
      (bad.json() as { errors: { source: { pointer: string } }[] }).errors
        .map((e) => e.source.pointer)
        .sort(),
    ).toEqual(['/data/attributes/answers/attitude', '/data/attributes/answers/feedback']);
    const sent = await byLink(token, 'public', GOOD_SUPERVISOR);
    expectStatus(sent, 200);
    expect(attrs(sent)).toMatchObject({ state: 'submitted', answers: GOOD_SUPERVISOR });
    expectStatus(await byLink(token, 'public', GOOD_SUPERVISOR), 409, 'evaluation_already_submitted');
    expectStatus(await sendLink(w, w.school), 409, 'invalid_evaluation_action');
    const uses = await asOwner(h, 'public', async (trx) =>
      (
        await sql<{ outcome: string }>`select u.outcome from placements.external_link_uses u
          join placements.external_links l on l.id = u.link_id
          where l.subject_id = ${w.internshipId} and l.action = 'fill_evaluation' order by u.at, u.id`.execute(
          trx,
        )
      ).rows.map((r) => r.outcome),
    );
    expect(uses).toContain('consumed');
    expect(uses).toContain('refused_revoked');

    // Supervisor: work (attitude 5 → 1, skills 4 → .75) weighs 3 each, contact 3 → .5 weighs 1:
    // (3 + 2.25 + .5) / 7 = 82.1 %. Student: 50 %. Evaluation: (2 × 82.1 + 50) / 3 = 71.4.
    // Until the evaluation is final the supervisor may read back what they sent; then the link is over.
    expectStatus(await byLink(token, 'public'), 200);
    expectStatus(await answer(w, w.student, { learned: 3, recommend: 'no' }), 200);
    expectStatus(await byLink(token, 'public'), 410, 'link_revoked');
    const result = await get(w, w.school);
    expect(partOf(result, 'supervisor')).toMatchObject({ state: 'submitted', score: 82.1 });
    expect(partOf(result, 'student').score).toBe(50);
    expect(attrs(result).score).toBe(71.4);
    // The workplace organization sees the states, not the answers or scores.
    const company = await get(w, w.company);
    expect(parts(company).map((p) => [p.role, p.state, p.answers, p.score])).toEqual([
      ['student', 'submitted', null, null],
      ['supervisor', 'submitted', null, null],
    ]);
    expect(attrs(company).score).toBeNull();
    // The student reads their own answers only.
    const student = await get(w, w.student);
    expect(partOf(student, 'supervisor').answers).toBeNull();
    expect(partOf(student, 'student').answers).toEqual({ learned: 3, recommend: 'no' });
  });

  it('refuses a link for another action, subject or an expired one (kit’s external links)', async () => {
    const { w } = await withTemplate('public');
    expectStatus(await open(w, w.school), 201);
    const issue = (input: { action?: string; type?: string; expired?: boolean }) =>
      h.deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, 'public');
        const now = input.expired ? new Date(NOW.getTime() - 31 * DAY) : NOW;
        return issueExternalLink(trx, 'placements', {
          tenant: 'public',
          subject: { type: input.type ?? 'internship', id: w.internshipId },
          action: input.action ?? 'fill_evaluation',
          recipient: 'someone-else@x.test',
          expiresAt: new Date(now.getTime() + 30 * DAY),
          singleUse: false,
          createdBy: null,
          now,
        });
      });
    expectStatus(await byLink((await issue({ expired: true })).token, 'public'), 410, 'link_expired');
    expectStatus(
      await byLink((await issue({ action: 'confirm_hours' })).token, 'public'),
      403,
      'link_not_allowed',
    );
    expectStatus(await byLink((await issue({ type: 'assignment' })).token, 'public'), 401, 'link_invalid');
    // A hours link does not open the evaluation and an evaluation link does not confirm hours.
    const evaluationLink = (await issue({})).token;
    const hours = await call(h.app, {
      url: '/api/v1/hours/confirmation',
      headers: { 'x-tenant': 'public', 'x-action-link': evaluationLink },
      remoteAddress: freshClientAddress(),
    });
    expectStatus(hours, 403, 'link_not_allowed');
  });

  it('no supervisor address: opening still works, sending the link is refused', async () => {
    const { w } = await withTemplate('raayland', { email: null });
    const opened = await open(w, w.school);
    expectStatus(opened, 201);
    expect(attrs(opened).supervisor_link_sent_at).toBeNull();
    expectStatus(await sendLink(w, w.school), 422, 'evaluation_no_supervisor_email');
  });

  it('a supervisor the school has not approved: no link offered, sending it is refused (409)', async () => {
    const { w } = await withTemplate('oldebroek');
    await asOwner(h, 'oldebroek', (trx) =>
      sql`update placements.internships set supervisor_approved_email = null where id = ${w.internshipId}`.execute(
        trx,
      ),
    );
    const opened = await open(w, w.school);
    expectStatus(opened, 201);
    expect(attrs(opened).supervisor_link_sent_at).toBeNull();
    expect(attrs(opened).actions).toEqual(['read_answers']);
    expectStatus(await sendLink(w, w.school), 409, 'supervisor_not_approved');
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: `/api/v1/internships/${w.internshipId}/supervisor_approval`,
        headers: w.school.headers,
      }),
      200,
    );
    expect(attrs(await get(w, w.school)).actions).toEqual(['send_link', 'read_answers']);
    expectStatus(await sendLink(w, w.school), 200);
  });

  it('opens every running internship of the period at once from the template', async () => {
    const { w, templateId } = await withTemplate('nuborgh');
    const res = await call(h.app, {
      method: 'POST',
      url: `/api/v1/evaluation_templates/${templateId}/open`,
      headers: w.school.headers,
    });
    expectStatus(res, 200);
    expect((res.json() as { meta: unknown }).meta).toEqual({ opened: 1, links_sent: 1 });
    const again = await call(h.app, {
      method: 'POST',
      url: `/api/v1/evaluation_templates/${templateId}/open`,
      headers: w.school.headers,
    });
    expect((again.json() as { meta: unknown }).meta).toEqual({ opened: 0, links_sent: 0 });
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: `/api/v1/evaluation_templates/${templateId}/open`,
        headers: w.otherSchool.headers,
      }),
      404,
    );
    expect(attrs(await get(w, w.mentor)).opened).toBe(true);
  });

  it('the legacy form replaces the configured ones on corderius and casteleijn (spec §1)', async () => {
    for (const tenant of ['corderius', 'casteleijn'] as const) {
      const w = await world(tenant);
      const options = await call(h.app, {
        url: '/api/v1/evaluation_templates/forms',
        headers: w.school.headers,
      });
      expect((options.json() as { data: unknown[] }).data).toEqual([]);
      // A form id sent anyway is ignored: the fixed form is answered.
      const created = await createTemplate(w, w.school, {
        student: { form_id: randomUUID(), version: 3 },
        mentor: { weights: { reflection_quality: 2 } },
      });
      expectStatus(created, 201);
      expect(attrs(created).roles).toMatchObject({
        student: {
          form_id: null,
          version: 1,
          legacy: true,
          form_title: 'Terugblik maatschappelijke stage (leerling)',
        },
        mentor: { form_id: null, legacy: true, weights: { reflection_quality: 2 } },
        supervisor: null,
      });
      expectStatus(await open(w, w.school), 201);
      expectStatus(await answer(w, w.student, { learned: 4, recommend: 'yes' }), 422, 'validation_failed');
      const sent = await answer(w, w.student, {
        activities: 'Koffie geschonken',
        learned: 'Geduld hebben',
        experience: 4,
        guidance: 2,
        again: true,
      });
      expectStatus(sent, 200);
      // experience 4 → 1, guidance 2 → 1/3 on 1–4: 66.7 %
      expect(partOf(sent, 'student')).toMatchObject({ legacy: true, score: 66.7 });
      const mentor = await answer(w, w.mentor, {
        report_received: true,
        reflection_quality: 3,
        completed: 'completed',
      });
      expectStatus(mentor, 200);
      expect(partOf(mentor, 'mentor').score).toBe(66.7);
    }
    // A configurable tenant's form option list is not empty once it has forms.
    const w = await world('demo');
    await publishForm('demo', STUDENT_FORM);
    const options = await call(h.app, {
      url: '/api/v1/evaluation_templates/forms',
      headers: w.school.headers,
    });
    expect((options.json() as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  it('authorization matrix: every party × step answers as the contracts policy says', async () => {
    const { w } = await withTemplate('oldebroek');
    const callers: [string, TUser, TEvaluationRelation | null][] = [
      ['student', w.student, 'student'],
      ['other student', w.otherStudent, null],
      ['mentor', w.mentor, 'mentor'],
      ['other mentor', w.strangerMentor, null],
      ['school', w.school, 'school'],
      ['other school', w.otherSchool, null],
      ['workplace', w.company, 'organization'],
    ];
    const check = async (state: TEvaluationState) => {
      for (const [name, user, relation] of callers) {
        const res = await get(w, user);
        if (!relation) {
          expectStatus(res, 404);
          continue;
        }
        expectStatus(res, 200);
        expect(attrs(res).actions, name).toEqual(evaluationActionsFor(relation, state));
        const readable = readableRoles(relation);
        for (const p of parts(res))
          expect(p.answers !== null, `${name} reads ${p.role}`).toBe(
            readable.includes(p.role as never) && p.state === 'submitted',
          );
      }
    };
    const supervisor = { hasSupervisor: true, supervisorApproved: true };
    await check({ running: true, hasTemplate: true, opened: false, roles: [], states: {}, ...supervisor });
    for (const [name, user, relation] of callers) {
      if (relation === 'school') continue;
      expectStatus(await open(w, user), relation ? 403 : 404, undefined);
      expect(name).toBeTruthy();
    }
    expectStatus(await open(w, w.school), 201);
    await check({
      running: true,
      hasTemplate: true,
      opened: true,
      roles: ['student', 'supervisor'],
      states: { student: 'open', supervisor: 'open' },
      ...supervisor,
    });
    // Filling: the student fills their part; a mentor has none here (not asked); others are refused.
    for (const [, user, relation] of callers) {
      if (relation === 'student') continue;
      const res = await answer(w, user, { learned: 4, recommend: 'yes' });
      expect(res.statusCode).toBe(relation ? 403 : 404);
    }
    expectStatus(await answer(w, w.student, { learned: 4, recommend: 'yes' }), 200);
    await check({
      running: true,
      hasTemplate: true,
      opened: true,
      roles: ['student', 'supervisor'],
      states: { student: 'submitted', supervisor: 'open' },
      ...supervisor,
    });
    // Anonymous: 401.
    expectStatus(await call(h.app, { url: evalUrl(w), headers: { 'x-tenant': 'oldebroek' } }), 401);
  });

  it('progress shows the evaluation’s state and score per internship (stagevoortgang)', async () => {
    const { w } = await withTemplate('oldebroek');
    const progress = async () =>
      (
        (
          await call(h.app, { url: `/api/v1/progress/periods/${w.periodId}`, headers: w.school.headers })
        ).json() as {
          data: { attributes: { evaluation: unknown } }[];
        }
      ).data[0]!.attributes.evaluation;
    expect(await progress()).toEqual({ state: 'none', asked: [], submitted: [], score: null });
    await open(w, w.school);
    expect(await progress()).toEqual({
      state: 'open',
      asked: expect.arrayContaining(['student', 'supervisor']),
      submitted: [],
      score: null,
    });
    await answer(w, w.student, { learned: 5, recommend: 'yes' });
    expect(await progress()).toEqual({
      state: 'partly_submitted',
      asked: expect.arrayContaining(['student', 'supervisor']),
      submitted: ['student'],
      score: 100,
    });
  });

  it('keeps tenants apart: RLS on every evaluation table, another tenant’s caller sees nothing', async () => {
    const { w, templateId } = await withTemplate('demo');
    await open(w, w.school);
    await answer(w, w.student, { learned: 4, recommend: 'yes' });
    const other = await world('raayland');
    const rows = (tenant: TTenantId) =>
      h.deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, tenant);
        const n = async (q: ReturnType<typeof sql<{ n: string }>>) =>
          Number((await q.execute(trx)).rows[0]!.n);
        return [
          await n(sql`select count(*) as n from placements.evaluation_templates where id = ${templateId}`),
          await n(
            sql`select count(*) as n from placements.evaluations where internship_id = ${w.internshipId}`,
          ),
          await n(sql`select count(*) as n from placements.evaluation_responses r join placements.evaluations e
            on e.id = r.evaluation_id where e.internship_id = ${w.internshipId}`),
        ];
      });
    expect(await rows('demo')).toEqual([1, 1, 2]);
    expect(await rows('raayland')).toEqual([0, 0, 0]);
    expectStatus(await get(w, other.school), 404);
    expectStatus(
      await call(h.app, { url: `/api/v1/evaluation_templates/${templateId}`, headers: other.school.headers }),
      404,
    );
    expectStatus(
      await call(h.app, { url: evalUrl(w), headers: { ...w.student.headers, 'x-tenant': 'raayland' } }),
      401,
    );
  });
});
