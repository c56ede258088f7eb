import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { mailRequestedType } from '@stageplein/contracts/events/mail';
import type { TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import type { TOrganizationType, TRoleName } from '@stageplein/contracts/identity/roles';
import { mayManageAssignments } from '@stageplein/contracts/placements/assignment-policy';
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
  eventually,
  expectStatus,
  harness,
  internshipParties,
  NOW,
  organization,
  outboxEvents,
  userWith,
  type THarness,
  type TUser,
} from '../../test/harness.ts';

/**
 * Supervisors' assignments through placements' HTTP app on a real PostgreSQL (RLS): who may manage
 * them (a matrix from the contracts policy), ownership between schools, publication into one task per
 * internship and one link per supervisor (kit's external links), the supervisor's answers checked
 * against the frozen form version, reminders that re-issue the link, tenants.
 */
let h: THarness;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h?.close());

const FORM: TFormDefinition = {
  format: 1,
  title: { nl: 'Opdracht praktijkbegeleider', en: 'Workplace supervisor assignment' },
  pages: [
    {
      id: 'p',
      sections: [
        {
          id: 's',
          fields: [
            {
              id: 'result',
              type: 'single_choice',
              label: { nl: 'Resultaat', en: 'Result' },
              options: [
                { value: 'goed', label: { nl: 'Goed', en: 'Good' } },
                { value: 'matig', label: { nl: 'Matig', en: 'Fair' } },
              ],
              rules: { required: true },
            },
            {
              id: 'observation',
              type: 'long_text',
              label: { nl: 'Observatie', en: 'Observation' },
              rules: { required: true, max_length: 500 },
            },
          ],
        },
      ],
    },
  ],
};

/** A published form version as content announces it (placements' read model keeps it). */
async function formVersion(tenant: TTenantId, purpose: 'assignment' | 'evaluation' = 'assignment') {
  const formId = randomUUID();
  await deliver(
    h,
    'content.form.version_published',
    formId,
    { form_id: formId, version: 1, purpose, definition: FORM, published_at: NOW.toISOString() },
    tenant,
  );
  await eventually(async () => {
    const { rows } = await sql`select 1 from placements.form_versions where form_id = ${formId}`.execute(
      h.owner,
    );
    expect(rows).toHaveLength(1);
  });
  return formId;
}

interface TWorld {
  tenant: TTenantId;
  schoolId: string;
  formId: string;
  /** active, supervisor Bram (contact address with capitals); approved, supervisor Lies; applied; no address. */
  bram: string;
  lies: string;
  applied: string;
  noSupervisor: string;
  foreign: string;
  /** The two supervisors' addresses as the tasks and links know them (lower case; unique per world). */
  bramKey: string;
  liesKey: string;
  users: Record<'school' | 'otherSchool' | 'mentor' | 'student' | 'company', TUser>;
}

async function world(tenant: TTenantId): Promise<TWorld> {
  // No mentorship: the School's mentor is one of its staff, not the student's mentor.
  const { schoolId, otherSchoolId, companyId, school, otherSchool, mentor, student, company } =
    await internshipParties(h, tenant, { mentorship: false });
  const formId = await formVersion(tenant);
  const n = randomUUID().slice(0, 8);
  const ids = {
    bram: randomUUID(),
    lies: randomUUID(),
    applied: randomUUID(),
    noSupervisor: randomUUID(),
    foreign: randomUUID(),
  };
  await asOwner(h, tenant, async (trx) => {
    const add = (id: string, school: string, status: string, email: string | null, name: string | null) =>
      // The school approved each supervisor (#31: tasks go only to an approved one).
      sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id, title,
          contract_type, self_found, contact_name, contact_email, updating_hours_allowed, status,
          supervisor_approved_email, created_at, updated_at)
        values (${id}, ${tenant}, ${student.id}, ${school}, ${companyId}, 'Stage', 'hours', false, ${name}, ${email},
          true, ${status}, ${email?.toLowerCase() ?? null}, now(), now())`.execute(trx);
    await add(ids.bram, schoolId, 'active', `Bram.${n}@Buurthuis.test`, 'Bram Begeleider');
    await add(ids.lies, schoolId, 'approved', `lies.${n}@zorg.test`, 'Lies Zorg');
    await add(ids.applied, schoolId, 'applied', 'ander@x.test', 'Ander');
    await add(ids.noSupervisor, schoolId, 'active', null, null);
    await add(ids.foreign, otherSchoolId, 'active', 'vreemd@x.test', 'Vreemd');
  });
  const keys = { bramKey: `bram.${n}@buurthuis.test`, liesKey: `lies.${n}@zorg.test` };
  return {
    tenant,
    schoolId,
    formId,
    ...ids,
    ...keys,
    users: { school, otherSchool, mentor, student, company },
  };
}

const input = (w: TWorld, overrides: Record<string, unknown> = {}) => ({
  title: { nl: 'Observatie', en: 'Observation' },
  instructions: { nl: 'Bespreek het met de student.', en: 'Discuss it with the student.' },
  form_id: w.formId,
  form_version: 1,
  due_on: '2026-12-15',
  selection: {
    internship_period_ids: [],
    group_ids: [],
    internship_ids: [w.bram, w.lies, w.applied, w.noSupervisor],
  },
  ...overrides,
});

const req = (
  user: TUser | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  lang = 'nl',
) =>
  call(h.app, {
    method,
    url,
    headers: { ...(user ? user.headers : { 'x-tenant': 'demo' }), 'accept-language': lang },
    ...(payload ? { payload: payload as never } : {}),
  });
const create = (w: TWorld, user: TUser, overrides: Record<string, unknown> = {}, lang = 'nl') =>
  req(
    user,
    'POST',
    '/api/v1/assignments',
    { data: { type: 'assignment', attributes: input(w, overrides) } },
    lang,
  );
const attrs = (res: { json(): unknown }) =>
  (res.json() as { data: { attributes: Record<string, unknown> } }).data.attributes;
const tasks = (res: { json(): unknown }) =>
  (res.json() as { included: { id: string; attributes: Record<string, unknown> }[] }).included;

/** The tokens mailed since `since` (the sealed links opened), by recipient address. */
async function mailedTokens(tenant: TTenantId, since: number): Promise<Map<string, string>> {
  const mails = (await outboxEvents(h, mailRequestedType('placements')))
    .filter((m) => m.tenant === tenant)
    .slice(since);
  const out = new Map<string, string>();
  for (const m of mails) {
    const data = m.data as { link_sealed?: string; recipient: { email?: string } };
    if (!data.link_sealed) continue;
    const link = openLink(h.deps.config, data.link_sealed)!;
    expect(link).toMatch(/\/opdrachten\/praktijkbegeleider#[A-Za-z0-9_-]{43}$/);
    out.set(data.recipient.email!, link.split('#')[1]!);
  }
  return out;
}
const mailCount = async (tenant: TTenantId) =>
  (await outboxEvents(h, mailRequestedType('placements'))).filter((m) => m.tenant === tenant).length;

const byLink = (
  token: string,
  tenant: TTenantId,
  payload?: { taskId: string; answers: unknown },
  lang = 'nl',
) =>
  call(h.app, {
    method: payload ? 'POST' : 'GET',
    url: payload
      ? `/api/v1/assignments/supervisor/tasks/${payload.taskId}`
      : '/api/v1/assignments/supervisor',
    headers: {
      'x-tenant': tenant,
      'x-action-link': token,
      'user-agent': 'vitest-supervisor',
      'accept-language': lang,
    },
    remoteAddress: freshClientAddress(),
    ...(payload
      ? {
          payload: {
            data: { type: 'assignment_answers', attributes: { answers: payload.answers } },
          } as never,
        }
      : {}),
  });

async function published(w: TWorld) {
  const created = await create(w, w.users.school);
  expectStatus(created, 201);
  const id = (created.json() as { data: { id: string } }).data.id;
  const before = await mailCount(w.tenant);
  const res = await req(w.users.school, 'POST', `/api/v1/assignments/${id}/publish`);
  expectStatus(res, 200);
  const tokens = await mailedTokens(w.tenant, before);
  const taskOf = (internship: string) =>
    tasks(res).find((t) => t.attributes.internship_id === internship)!.id;
  return { id, res, tokens, taskOf };
}

describe('assignments: who manages them', () => {
  it('the matrix: only an admin of an approved School, per the contracts policy; the others 401/403', async () => {
    const w = await world('demo');
    const pendingSchool = await organization(h, 'School', 'pending', 'demo');
    const pending = await userWith(h, 'admin', pendingSchool, 'School', 'demo');
    const actors: [string, TUser | null, TRoleName | null, TOrganizationType, string][] = [
      ['school admin', w.users.school, 'admin', 'School', 'approved'],
      ['admin of a pending school', pending, 'admin', 'School', 'pending'],
      ['mentor', w.users.mentor, 'mentor', 'School', 'approved'],
      ['student', w.users.student, 'student', 'School', 'approved'],
      ['company admin', w.users.company, 'admin', 'NonProfit', 'approved'],
      ['anonymous', null, null, 'School', 'approved'],
    ];
    for (const [name, user, role, type, status] of actors) {
      const allowed =
        !!role &&
        mayManageAssignments(
          derivePermissions([{ name: role, resourceType: type, resourceId: 'o' }], { id: 'o', type }),
          {
            id: 'o',
            type,
            status: status as 'approved',
          },
        );
      const expected = allowed ? [200, 201] : [user ? 403 : 401, user ? 403 : 401];
      const list = await req(user, 'GET', '/api/v1/assignments');
      const made = user
        ? await create(w, user)
        : await req(null, 'POST', '/api/v1/assignments', {
            data: { type: 'assignment', attributes: input(w) },
          });
      expect([list.statusCode, made.statusCode], `${name}: ${list.body} ${made.body}`).toEqual(expected);
      expect((await req(user, 'GET', '/api/v1/assignments/options')).statusCode, name).toBe(expected[0]);
    }
  });

  it("another school's admin neither sees nor changes, publishes or reminds the assignment (404)", async () => {
    const w = await world('demo');
    const { id, taskOf } = await published(w);
    const other = w.users.otherSchool;
    expectStatus(await req(other, 'GET', `/api/v1/assignments/${id}`), 404);
    expectStatus(
      await req(other, 'PATCH', `/api/v1/assignments/${id}`, {
        data: { type: 'assignment', attributes: { due_on: '2027-01-01' } },
      }),
      404,
    );
    expectStatus(await req(other, 'POST', `/api/v1/assignments/${id}/remind`), 404);
    expectStatus(await req(other, 'POST', `/api/v1/assignments/${id}/tasks/${taskOf(w.bram)}/remind`), 404);
    expect((await req(other, 'GET', '/api/v1/assignments')).json().data).toEqual([]);
    // Nor may a school choose another school's internship.
    const foreign = await create(w, w.users.school, {
      selection: { internship_period_ids: [], group_ids: [], internship_ids: [w.foreign] },
    });
    expectStatus(foreign, 422, 'validation_failed');
    expect(foreign.json().errors[0].source.pointer).toBe('/data/attributes/selection/internship_ids/0');
  });
});

describe('assignments: writing and publishing', () => {
  it('refuses bad input with localized messages (nl and en) and forms of another purpose', async () => {
    const w = await world('demo');
    const nl = await create(w, w.users.school, { title: { nl: '', en: '' }, due_on: 'morgen' }, 'nl');
    expectStatus(nl, 422, 'validation_failed');
    const en = await create(w, w.users.school, { title: { nl: '', en: '' }, due_on: 'morgen' }, 'en');
    const details = (res: typeof nl) =>
      Object.fromEntries(
        (res.json().errors as { source: { pointer: string }; detail: string; title: string }[]).map((e) => [
          e.source.pointer,
          e.detail,
        ]),
      );
    const [dn, de] = [details(nl), details(en)];
    expect(Object.keys(dn).sort()).toEqual(['/data/attributes/due_on', '/data/attributes/title/nl']);
    expect(nl.json().errors[0].title).toBe('Validatie mislukt');
    expect(en.json().errors[0].title).not.toBe('Validatie mislukt');
    for (const pointer of Object.keys(dn)) {
      expect(dn[pointer]).toBeTruthy();
      expect(dn[pointer]).not.toBe(de[pointer]);
    }
    const evaluation = await formVersion('demo', 'evaluation');
    const wrongForm = await create(w, w.users.school, { form_id: evaluation });
    expectStatus(wrongForm, 422, 'validation_failed');
    expect(wrongForm.json().errors[0].source.pointer).toBe('/data/attributes/form_id');
    const empty = await create(w, w.users.school, {
      selection: { internship_period_ids: [], group_ids: [], internship_ids: [] },
    });
    expect(empty.json().errors[0].source.pointer).toBe('/data/attributes/selection');
  });

  it('publishes one task per selected internship with a supervisor and mails one link per supervisor', async () => {
    const w = await world('demo');
    const draft = await create(w, w.users.school);
    expect(attrs(draft)).toMatchObject({
      status: 'draft',
      task_count: 0,
      actions: ['edit', 'change_selection', 'publish'],
    });
    const { id, res, tokens } = await published(w);
    expect(attrs(res)).toMatchObject({
      status: 'published',
      task_count: 2,
      open_count: 2,
      percent: 0,
      actions: ['edit', 'remind'],
    });
    expect(attrs(res).form_title).toEqual(FORM.title);
    // Not the applied internship, nor the one without a supervisor address; addresses lower-cased.
    expect(
      tasks(res)
        .map((t) => t.attributes.internship_id)
        .sort(),
    ).toEqual([w.bram, w.lies].sort());
    expect([...tokens.keys()].sort()).toEqual([w.bramKey, w.liesKey].sort());
    const events = await outboxEvents(h, 'placements.assignment.published', id);
    expect(events).toHaveLength(1);
    expect((await auditOf(h, id)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['assignment.created', 'assignment.published']),
    );
    // Published: the form and the selection stay; texts and due date may change.
    const patch = (attributes: Record<string, unknown>) =>
      req(w.users.school, 'PATCH', `/api/v1/assignments/${id}`, { data: { type: 'assignment', attributes } });
    expectStatus(
      await patch({ selection: { internship_period_ids: [], group_ids: [], internship_ids: [w.bram] } }),
      409,
      'assignment_published',
    );
    expectStatus(await patch({ form_version: 2 }), 409, 'assignment_published');
    expect(attrs(await patch({ due_on: '2026-12-20', title: { nl: 'Nieuw', en: '' } }))).toMatchObject({
      due_on: '2026-12-20',
      title: { nl: 'Nieuw', en: '' },
    });
    expectStatus(
      await req(w.users.school, 'POST', `/api/v1/assignments/${id}/publish`),
      409,
      'assignment_published',
    );
    // A selection without any internship with a supervisor cannot be published.
    const none = await create(w, w.users.school, {
      selection: { internship_period_ids: [], group_ids: [], internship_ids: [w.noSupervisor] },
    });
    expectStatus(
      await req(w.users.school, 'POST', `/api/v1/assignments/${none.json().data.id}/publish`),
      422,
      'assignment_no_internships',
    );
  });
});

describe('assignments: the supervisor by link', () => {
  it('lists only their own tasks, checks answers against the frozen form, completes once', async () => {
    const w = await world('demo');
    const { id, tokens, taskOf } = await published(w);
    const bram = tokens.get(w.bramKey)!;
    const view = await byLink(bram, 'demo');
    expectStatus(view, 200);
    const doc = attrs(view) as {
      tasks: { id: string; status: string; form: string }[];
      forms: Record<string, unknown>;
    };
    expect(doc.tasks.map((t) => t.id)).toEqual([taskOf(w.bram)]);
    expect(doc.forms[doc.tasks[0]!.form]).toEqual(FORM);
    expect(view.headers['cache-control']).toContain('no-store');
    // Another supervisor's task through Bram's link: not found, nothing changes.
    expectStatus(
      await byLink(bram, 'demo', { taskId: taskOf(w.lies), answers: { result: 'goed', observation: 'x' } }),
      404,
    );
    // An answer outside the options, an unknown key and an empty submission: 422 per answer, localized.
    const outside = await byLink(bram, 'demo', {
      taskId: taskOf(w.bram),
      answers: { result: 'uitstekend', observation: 'Prima' },
    });
    expectStatus(outside, 422, 'validation_failed');
    expect(outside.json().errors[0].source.pointer).toBe('/data/attributes/answers/result');
    const outsideEn = await byLink(
      bram,
      'demo',
      { taskId: taskOf(w.bram), answers: { result: 'uitstekend', observation: 'Prima' } },
      'en',
    );
    expect(outsideEn.json().errors[0].detail).not.toBe(outside.json().errors[0].detail);
    expectStatus(
      await byLink(bram, 'demo', {
        taskId: taskOf(w.bram),
        answers: { result: 'goed', observation: 'x', extra: 1 },
      }),
      422,
    );
    const missing = await byLink(bram, 'demo', { taskId: taskOf(w.bram), answers: { result: 'goed' } });
    expect(missing.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/data/attributes/answers/observation',
    ]);
    expect(missing.json().errors[0].detail).toBe('Dit veld is verplicht');
    expectStatus(await byLink(bram, 'demo', { taskId: taskOf(w.bram), answers: {} }), 422);
    // Valid: completed, the use logged as consumed; a second answer is refused.
    const done = await byLink(bram, 'demo', {
      taskId: taskOf(w.bram),
      answers: { result: 'goed', observation: '  Zelfstandig gewerkt. ' },
    });
    expectStatus(done, 200);
    expect((attrs(done) as typeof doc).tasks[0]!.status).toBe('completed');
    expectStatus(
      await byLink(bram, 'demo', {
        taskId: taskOf(w.bram),
        answers: { result: 'goed', observation: 'Nog eens' },
      }),
      409,
      'assignment_task_completed',
    );
    const uses = (
      await sql<{
        outcome: string;
        user_agent: string;
      }>`select u.outcome, u.user_agent from placements.external_link_uses u
        join placements.external_links l on l.id = u.link_id where l.recipient = ${w.bramKey} and l.tenant_id = 'demo'
        order by u.id`.execute(h.owner)
    ).rows;
    expect(uses.map((u) => u.outcome)).toContain('consumed');
    // The school sees it: completed with the (trimmed) answers, 50 %.
    const detail = await req(w.users.school, 'GET', `/api/v1/assignments/${id}`);
    expect(attrs(detail)).toMatchObject({ completed_count: 1, open_count: 1, percent: 50 });
    // The questions come along, so the school reads the answers with them.
    expect(detail.json().meta.form_definition).toEqual(FORM);
    const completed = tasks(detail).find((t) => t.attributes.internship_id === w.bram)!;
    expect(completed.attributes).toMatchObject({
      status: 'completed',
      answers: { result: 'goed', observation: 'Zelfstandig gewerkt.' },
    });
    expect(await outboxEvents(h, 'placements.assignment.task_completed', id)).toHaveLength(1);
    // Reminding a completed task is refused.
    expectStatus(
      await req(w.users.school, 'POST', `/api/v1/assignments/${id}/tasks/${taskOf(w.bram)}/remind`),
      409,
      'assignment_task_completed',
    );
  });

  it('a reminder re-issues the link (the old one is revoked); expired, foreign and other-action links are refused', async () => {
    const w = await world('corderius');
    const { id, tokens, taskOf } = await published(w);
    const first = tokens.get(w.liesKey)!;
    expectStatus(await byLink(first, 'corderius'), 200);
    const before = await mailCount('corderius');
    const reminded = await req(
      w.users.school,
      'POST',
      `/api/v1/assignments/${id}/tasks/${taskOf(w.lies)}/remind`,
    );
    expectStatus(reminded, 200);
    expect(attrs(reminded)).toEqual({ supervisors: 1, tasks: 1 });
    const second = (await mailedTokens('corderius', before)).get(w.liesKey)!;
    expect(second).not.toBe(first);
    expectStatus(await byLink(first, 'corderius'), 410, 'link_revoked');
    expectStatus(await byLink(second, 'corderius'), 200);
    expect(await outboxEvents(h, 'placements.assignment.reminded', id)).toHaveLength(1);
    const detail = await req(w.users.school, 'GET', `/api/v1/assignments/${id}`);
    expect(tasks(detail).find((t) => t.id === taskOf(w.lies))!.attributes.link_sent_at).toBe(
      NOW.toISOString(),
    );
    // Remind all: both open supervisors get a fresh link.
    const all = await req(w.users.school, 'POST', `/api/v1/assignments/${id}/remind`);
    expect(attrs(all)).toEqual({ supervisors: 2, tasks: 2 });
    expectStatus(await byLink(second, 'corderius'), 410, 'link_revoked');
    // Another tenant does not know the token; a guessed one is invalid.
    const third = (await mailedTokens('corderius', before + 1)).get(w.liesKey)!;
    expectStatus(await byLink(third, 'corderius'), 200);
    expectStatus(await byLink(third, 'oldebroek'), 401, 'link_invalid');
    expectStatus(await byLink('A'.repeat(43), 'corderius'), 401, 'link_invalid');
    const issue = (x: { action?: string; type?: string; expired?: boolean }) =>
      h.deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, 'corderius');
        const now = x.expired ? new Date(NOW.getTime() - 31 * DAY) : NOW;
        return issueExternalLink(trx, 'placements', {
          tenant: 'corderius',
          subject: { type: x.type ?? 'supervisor', id: 'iemand@x.test' },
          action: x.action ?? 'complete_assignments',
          recipient: 'iemand@x.test',
          expiresAt: new Date(now.getTime() + 30 * DAY),
          singleUse: false,
          createdBy: null,
          now,
        });
      });
    expectStatus(await byLink((await issue({ expired: true })).token, 'corderius'), 410, 'link_expired');
    expectStatus(
      await byLink((await issue({ action: 'confirm_hours' })).token, 'corderius'),
      403,
      'link_not_allowed',
    );
    expectStatus(await byLink((await issue({ type: 'internship' })).token, 'corderius'), 401, 'link_invalid');
    // A supervisor with no tasks sees an empty list, and cannot answer anyone's task.
    const nobody = (await issue({})).token;
    expect((attrs(await byLink(nobody, 'corderius')) as { tasks: unknown[] }).tasks).toEqual([]);
    expectStatus(
      await byLink(nobody, 'corderius', {
        taskId: taskOf(w.lies),
        answers: { result: 'goed', observation: 'x' },
      }),
      404,
    );
  });

  it('a new supervisor address takes the open tasks along; a cancelled internship’s task is answerable no more (issue #31 item 2)', async () => {
    const w = await world('oldebroek');
    const { id, tokens, taskOf } = await published(w);
    const bram = tokens.get(w.bramKey)!;
    const lies = tokens.get(w.liesKey)!;
    const open = async (token: string) =>
      (attrs(await byLink(token, 'oldebroek')) as { tasks: { id: string }[] }).tasks.map((t) => t.id);
    const answers = { result: 'goed', observation: 'Prima' };
    expect(await open(bram)).toEqual([taskOf(w.bram)]);

    // The school gives Bram's internship another supervisor address: Bram's link no longer reaches it.
    const next = `opvolger.${randomUUID().slice(0, 8)}@buurthuis.test`;
    expectStatus(
      await req(w.users.school, 'PATCH', `/api/v1/internships/${w.bram}`, {
        data: { type: 'internship', attributes: { contact_email: next } },
      }),
      200,
    );
    expect(await open(bram)).toEqual([]);
    expectStatus(await byLink(bram, 'oldebroek', { taskId: taskOf(w.bram), answers }), 404);
    // The task is the new supervisor's: a reminder mails them, their link answers it.
    const before = await mailCount('oldebroek');
    expectStatus(
      await req(w.users.school, 'POST', `/api/v1/assignments/${id}/tasks/${taskOf(w.bram)}/remind`),
      200,
    );
    const theirs = (await mailedTokens('oldebroek', before)).get(next)!;
    expect(await open(theirs)).toEqual([taskOf(w.bram)]);
    expectStatus(await byLink(theirs, 'oldebroek', { taskId: taskOf(w.bram), answers }), 200);

    // Lies's internship is cancelled: its open task is gone from her link and cannot be answered.
    expect(await open(lies)).toEqual([taskOf(w.lies)]);
    expectStatus(
      await req(w.users.school, 'POST', `/api/v1/internships/${w.lies}/cancel`, {
        data: { type: 'internship', attributes: { reason: 'De stage gaat niet door.' } },
      }),
      200,
    );
    expect(await open(lies)).toEqual([]);
    expectStatus(await byLink(lies, 'oldebroek', { taskId: taskOf(w.lies), answers }), 404);
  });

  it('keeps tenants apart (RLS): another tenant sees none of the rows', async () => {
    const w = await world('oldebroek');
    const { id } = await published(w);
    const count = (tenant: TTenantId) =>
      h.deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, tenant);
        const n = async (table: string) =>
          Number(
            (
              await sql<{ n: string }>`select count(*) as n from ${sql.table(`placements.${table}`)}
                where ${sql.ref(table === 'assignments' ? 'id' : 'assignment_id')} = ${id}`.execute(trx)
            ).rows[0]!.n,
          );
        return [await n('assignments'), await n('assignment_tasks')];
      });
    expect(await count('oldebroek')).toEqual([1, 2]);
    expect(await count('corderius')).toEqual([0, 0]);
    expectStatus(
      await call(h.app, {
        url: `/api/v1/assignments/${id}`,
        headers: { ...w.users.school.headers, 'x-tenant': 'corderius' },
      }),
      401,
    );
  });
});
