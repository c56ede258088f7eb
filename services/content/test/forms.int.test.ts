import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import { FORM_MIN_SECONDS_TO_SUBMIT } from '@stageplein/contracts/forms/forms-api';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { setTenant } from '@stageplein/kit/db/rls';
import {
  auditOf,
  call,
  editor,
  expectStatus,
  harness,
  NOW,
  organization,
  outboxEvents,
  userWith,
  type THarness,
  type TUser,
} from './harness.ts';

let h: THarness;
let ed: TUser;
let address = 0;
/** A client address of its own per test, so the per-address rate limit never spills over. */
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
/** The service's clock (deps.now), moved per request. */
const setClock = (date: Date) => {
  (h.deps as { now?: () => Date }).now = () => date;
};

const DEFINITION: TFormDefinition = {
  format: 1,
  title: { nl: 'Proef', en: 'Trial' },
  pages: [
    {
      id: 'p1',
      sections: [
        {
          id: 's1',
          fields: [
            {
              id: 'attend',
              type: 'yes_no',
              label: { nl: 'Kom je?', en: 'Coming?' },
              rules: { required: true },
            },
            {
              id: 'reason',
              type: 'short_text',
              label: { nl: 'Waarom niet?', en: 'Why not?' },
              rules: { required: true, min_length: 3 },
              visible_if: { all: [{ field: 'attend', op: 'equals', value: false }] },
            },
            {
              id: 'size',
              type: 'single_choice',
              label: { nl: 'Maat', en: 'Size' },
              options: [
                { value: 's', label: { nl: 'S', en: 'S' } },
                { value: 'm', label: { nl: 'M', en: 'M' } },
              ],
            },
            { id: 'email', type: 'email', label: { nl: 'E-mail', en: 'Email' } },
            { id: 'proof', type: 'file_upload', label: { nl: 'Bewijs', en: 'Proof' } },
          ],
        },
      ],
    },
  ],
};

beforeAll(async () => {
  h = await harness();
  ed = await editor(h, 'demo');
});
afterAll(() => h.close());
beforeEach(() => setClock(NOW));

async function createAndPublish(user: TUser, definition: TFormDefinition = DEFINITION) {
  const created = await call(h.app, {
    method: 'POST',
    url: '/api/v1/cms/forms',
    headers: user.headers,
    payload: { data: { type: 'form', attributes: { definition } } },
  });
  expectStatus(created, 201);
  const id: string = created.json().data.id;
  const published = await call(h.app, {
    method: 'POST',
    url: `/api/v1/cms/forms/${id}/publish`,
    headers: user.headers,
  });
  expectStatus(published, 200);
  return { id, token: published.json().data.attributes.public_token as string };
}

/** Renders the public form at `NOW + renderAt` s and submits at `NOW + submitAt` s. */
async function submit(
  token: string,
  answers: Record<string, unknown>,
  options: {
    tenant?: string;
    lang?: string;
    ip?: string;
    extra?: Record<string, unknown>;
    submitAt?: number;
  } = {},
) {
  const headers = { 'x-tenant': options.tenant ?? 'demo', 'accept-language': options.lang ?? 'nl' };
  const ip = options.ip ?? nextAddress();
  setClock(NOW);
  const shown = await call(h.app, { method: 'GET', url: `/api/v1/public/forms/${token}`, headers });
  expectStatus(shown, 200);
  setClock(at(options.submitAt ?? 10));
  return call(h.app, {
    method: 'POST',
    url: `/api/v1/public/forms/${token}/submissions`,
    headers,
    remoteAddress: ip,
    payload: {
      data: {
        type: 'form_submission',
        attributes: { answers, render_token: shown.json().data.attributes.render_token, ...options.extra },
      },
    },
  });
}

const count = async (table: string) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from ${sql.table(`content.${table}`)}`.execute(h.owner))
      .rows[0]!.n,
  );

describe('forms in the back office', () => {
  it('create, save a draft, publish versions, duplicate and archive; evented and audited', async () => {
    const { id, token } = await createAndPublish(ed);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const one = await call(h.app, { method: 'GET', url: `/api/v1/cms/forms/${id}`, headers: ed.headers });
    expectStatus(one, 200);
    expect(one.headers['cache-control']).toBe('private, no-store');
    expect(one.json().data.attributes).toMatchObject({
      status: 'published',
      purpose: 'general',
      published_version: 1,
      has_unpublished_changes: false,
      submission_count: 0,
      title: { nl: 'Proef', en: 'Trial' },
    });

    // A new draft does not change what visitors see until it is published.
    const changed = { ...DEFINITION, title: { nl: 'Proef 2', en: 'Trial 2' } };
    setClock(at(60));
    const saved = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/cms/forms/${id}`,
      headers: ed.headers,
      payload: { data: { type: 'form', id, attributes: { definition: changed } } },
    });
    expectStatus(saved, 200);
    expect(saved.json().data.attributes.has_unpublished_changes).toBe(true);
    const shown = await call(h.app, {
      method: 'GET',
      url: `/api/v1/public/forms/${token}`,
      headers: { 'x-tenant': 'demo' },
    });
    expect(shown.json().data.attributes).toMatchObject({
      version: 1,
      definition: { title: { nl: 'Proef' } },
    });

    // A submission keeps the version it answered, even when a newer one is published meanwhile.
    setClock(NOW);
    const rendered = (
      await call(h.app, {
        method: 'GET',
        url: `/api/v1/public/forms/${token}`,
        headers: { 'x-tenant': 'demo' },
      })
    ).json().data.attributes.render_token;
    setClock(at(120));
    expectStatus(
      await call(h.app, { method: 'POST', url: `/api/v1/cms/forms/${id}/publish`, headers: ed.headers }),
      200,
    );
    const answered = await call(h.app, {
      method: 'POST',
      url: `/api/v1/public/forms/${token}/submissions`,
      headers: { 'x-tenant': 'demo' },
      remoteAddress: nextAddress(),
      payload: {
        data: { type: 'form_submission', attributes: { answers: { attend: true }, render_token: rendered } },
      },
    });
    expectStatus(answered, 201);
    const submissionId = answered.json().data.id;
    const stored = await call(h.app, {
      method: 'GET',
      url: `/api/v1/cms/forms/${id}/submissions/${submissionId}`,
      headers: ed.headers,
    });
    expect(stored.json().data.attributes).toMatchObject({
      form_version: 1,
      answers: { attend: true },
      locale: 'nl',
    });
    const v1 = await call(h.app, {
      method: 'GET',
      url: `/api/v1/cms/forms/${id}/versions/1`,
      headers: ed.headers,
    });
    expect(v1.json().data.attributes.definition.title.nl).toBe('Proef');
    const list = await call(h.app, {
      method: 'GET',
      url: `/api/v1/cms/forms/${id}/submissions`,
      headers: ed.headers,
    });
    expect(list.json().meta.total).toBe(1);

    const copy = await call(h.app, {
      method: 'POST',
      url: `/api/v1/cms/forms/${id}/duplicate`,
      headers: ed.headers,
    });
    expectStatus(copy, 201);
    expect(copy.json().data.attributes).toMatchObject({
      status: 'draft',
      public_token: null,
      published_version: null,
      title: { nl: 'Proef 2 (kopie)', en: 'Trial 2 (copy)' },
    });

    const archived = await call(h.app, {
      method: 'POST',
      url: `/api/v1/cms/forms/${id}/archive`,
      headers: ed.headers,
    });
    expect(archived.json().data.attributes.status).toBe('archived');
    expectStatus(
      await call(h.app, {
        method: 'GET',
        url: `/api/v1/public/forms/${token}`,
        headers: { 'x-tenant': 'demo' },
      }),
      404,
      'not_found',
    );
    const refused = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/cms/forms/${id}`,
      headers: { ...ed.headers, 'accept-language': 'en' },
      payload: { data: { type: 'form', attributes: { definition: DEFINITION } } },
    });
    expectStatus(refused, 409, 'form_archived');
    expect(refused.json().errors[0].title).toBe('Form is archived');

    expect((await outboxEvents(h, 'content.form.published', id)).map((e) => e.data.version)).toEqual([1, 2]);
    expect(await outboxEvents(h, 'content.form.archived', id)).toHaveLength(1);
    expect(await outboxEvents(h, 'content.form.submitted', submissionId)).toHaveLength(1);
    expect((await auditOf(h, id)).map((a) => a.action)).toEqual([
      'form.created',
      'form.published',
      'form.updated',
      'form.published',
      'form.archived',
    ]);
    expect((await auditOf(h, id)).every((a) => a.actor_id === ed.id)).toBe(true);
  });

  it('refuses a definition that breaks the format (a condition on a later field), in nl', async () => {
    const broken = {
      ...DEFINITION,
      pages: [
        {
          id: 'p1',
          sections: [
            {
              id: 's1',
              fields: [
                {
                  id: 'a',
                  type: 'short_text',
                  label: { nl: 'A', en: '' },
                  visible_if: { all: [{ field: 'b', op: 'answered' }] },
                },
                { id: 'b', type: 'short_text', label: { nl: 'B', en: '' } },
              ],
            },
          ],
        },
      ],
    };
    const res = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/forms',
      headers: ed.headers,
      payload: { data: { type: 'form', attributes: { definition: broken } } },
    });
    expectStatus(res, 422, 'validation_failed');
    expect(res.json().errors[0].source.pointer).toContain('/visible_if');
  });

  it('needs a form scope: 401 without an account, 403 for an admin of a pending organization', async () => {
    expectStatus(
      await call(h.app, { method: 'GET', url: '/api/v1/cms/forms', headers: { 'x-tenant': 'demo' } }),
      401,
    );
    const pendingOrg = await organization(h, 'School', 'pending');
    const pending = await userWith(h, 'admin', pendingOrg, 'School');
    expectStatus(
      await call(h.app, { method: 'GET', url: '/api/v1/cms/forms', headers: pending.headers }),
      403,
    );
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: '/api/v1/cms/forms',
        headers: pending.headers,
        payload: { data: { type: 'form', attributes: {} } },
      }),
      403,
    );
  });
});

describe('a School’s own forms (issue #31 item 7: least privilege for content)', () => {
  it('a School’s admin builds and reads only its School’s forms; the editors see every form', async () => {
    const schoolA = await userWith(h, 'admin', await organization(h, 'School', 'approved'), 'School');
    const schoolB = await userWith(h, 'admin', await organization(h, 'School', 'approved'), 'School');
    const own = await createAndPublish(schoolA);
    expectStatus(await submit(own.token, { attend: true }), 201);
    const theirs = await createAndPublish(schoolB);
    const tenants = await createAndPublish(ed);
    const get = (user: TUser, url: string) => call(h.app, { method: 'GET', url, headers: user.headers });
    const listed = async (user: TUser) =>
      ((await get(user, '/api/v1/cms/forms?page[size]=100')).json().data as { id: string }[]).map(
        (f) => f.id,
      );

    expect(await listed(schoolA)).toContain(own.id);
    expect(await listed(schoolA)).not.toContain(theirs.id);
    expect(await listed(schoolA)).not.toContain(tenants.id);
    expect(await listed(ed)).toEqual(expect.arrayContaining([own.id, theirs.id, tenants.id]));
    expectStatus(await get(schoolA, `/api/v1/cms/forms/${own.id}/submissions`), 200);
    expect((await get(schoolA, `/api/v1/cms/forms/${own.id}/submissions/export`)).statusCode).toBe(200);
    // Another School's form and the tenant's are not there for it, in every read and write.
    for (const id of [theirs.id, tenants.id]) {
      for (const path of ['', '/submissions', '/submissions/export', '/versions', '/versions/1'])
        expectStatus(await get(schoolA, `/api/v1/cms/forms/${id}${path}`), 404);
      for (const action of ['publish', 'duplicate', 'archive'])
        expectStatus(
          await call(h.app, {
            method: 'POST',
            url: `/api/v1/cms/forms/${id}/${action}`,
            headers: schoolA.headers,
          }),
          404,
        );
    }
    // Submissions of every form, the contact form's too, are the editors'.
    expectStatus(await get(ed, `/api/v1/cms/forms/${own.id}/submissions`), 200);
    // A School builds public forms only: evaluation and assignment forms are offered tenant-wide.
    const evaluation = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/forms',
      headers: schoolA.headers,
      payload: { data: { type: 'form', attributes: { definition: DEFINITION, purpose: 'evaluation' } } },
    });
    expectStatus(evaluation, 403, 'forbidden');
    expect(evaluation.json().errors[0].source.pointer).toBe('/data/attributes/purpose');
    // A copy stays the School's.
    const copy = await call(h.app, {
      method: 'POST',
      url: `/api/v1/cms/forms/${own.id}/duplicate`,
      headers: schoolA.headers,
    });
    expectStatus(copy, 201);
    expect(await listed(schoolA)).toContain(copy.json().data.id);
    expect(await listed(schoolB)).not.toContain(copy.json().data.id);
  });
});

describe('forms answered in placements (evaluations, assignments)', () => {
  it('are created with their purpose, get no public address, and publish their definition for placements', async () => {
    const created = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/forms',
      headers: ed.headers,
      payload: { data: { type: 'form', attributes: { definition: DEFINITION, purpose: 'evaluation' } } },
    });
    expectStatus(created, 201);
    const id: string = created.json().data.id;
    expect(created.json().data.attributes.purpose).toBe('evaluation');
    const published = await call(h.app, {
      method: 'POST',
      url: `/api/v1/cms/forms/${id}/publish`,
      headers: ed.headers,
    });
    expectStatus(published, 200);
    expect(published.json().data.attributes).toMatchObject({ status: 'published', public_token: null });
    const [event] = await outboxEvents(h, 'content.form.version_published', id);
    expect(event?.data).toMatchObject({
      form_id: id,
      version: 1,
      purpose: 'evaluation',
      definition: DEFINITION,
    });
    // An audit row for the publication only: the version event is state for other services.
    expect((await auditOf(h, id)).map((a) => a.action)).toEqual(['form.created', 'form.published']);

    // A copy keeps its purpose; the contact form cannot be created (one per tenant, seeded).
    const copy = await call(h.app, {
      method: 'POST',
      url: `/api/v1/cms/forms/${id}/duplicate`,
      headers: ed.headers,
    });
    expect(copy.json().data.attributes.purpose).toBe('evaluation');
    const contact = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/forms',
      headers: { ...ed.headers, 'accept-language': 'en' },
      payload: { data: { type: 'form', attributes: { purpose: 'contact' } } },
    });
    expectStatus(contact, 422, 'validation_failed');
    expect(contact.json().errors[0].source.pointer).toBe('/data/attributes/purpose');
  });
});

describe('public submissions', () => {
  let token: string;
  let formId: string;
  beforeAll(async () => {
    ({ id: formId, token } = await createAndPublish(ed));
  });

  it('a hidden required field is not required; a shown one is, with nl and en messages per field', async () => {
    expectStatus(await submit(token, { attend: true }), 201);
    const nl = await submit(token, { attend: false, reason: 'x' });
    expectStatus(nl, 422, 'validation_failed');
    expect(nl.headers['content-type']).toContain('application/vnd.api+json');
    expect(nl.json().errors).toEqual([
      expect.objectContaining({
        code: 'validation_failed',
        source: { pointer: '/data/attributes/answers/reason' },
        detail: 'Moet minimaal 3 tekens lang zijn',
      }),
    ]);
    const en = await submit(token, { attend: false }, { lang: 'en' });
    expect(en.json().errors[0]).toMatchObject({
      source: { pointer: '/data/attributes/answers/reason' },
      detail: 'This field is required',
      title: 'Validation failed',
    });
    expectStatus(await submit(token, { attend: false, reason: 'ziek' }), 201);
  });

  it('refuses an empty submission, a choice outside the options, an unknown key, a hidden field’s answer', async () => {
    const empty = await submit(token, {});
    expectStatus(empty, 422);
    expect(empty.json().errors.map((e: { detail: string }) => e.detail)).toContain('Dit veld is verplicht');
    const choice = await submit(token, { attend: true, size: 'xl' });
    expect(choice.json().errors[0]).toMatchObject({
      source: { pointer: '/data/attributes/answers/size' },
      detail: 'Kies een van de toegestane waarden: s, m',
    });
    expectStatus(await submit(token, { attend: true, admin: true }), 422, 'validation_failed');
    expectStatus(await submit(token, { attend: true, reason: 'verborgen' }), 422, 'validation_failed');
    const mail = await submit(token, { attend: true, email: 'geen-mail' }, { lang: 'en' });
    expect(mail.json().errors[0].detail).toBe('Enter a valid email address');
  });

  it('refuses text with half a UTF-16 surrogate pair (PostgreSQL cannot store it), pointing at the answer', async () => {
    // The kit refuses it in every body before the form's own rules see it (issue #31.4).
    const res = await submit(token, { attend: false, reason: 'ab\ud800cd' });
    expectStatus(res, 422, 'control_characters');
    expect(res.json().errors[0].source.pointer).toBe('/data/attributes/answers/reason');
  });

  it('a submission that fails changes nothing', async () => {
    const before = await Promise.all(['form_submissions', 'outbox', 'audit_log'].map(count));
    expectStatus(await submit(token, { attend: false, size: 'xl' }), 422);
    expectStatus(await submit(token, { attend: true }, { submitAt: 1 }), 422, 'form_submitted_too_fast');
    expectStatus(
      await submit(token, { attend: true, proof: '8d0f7a36-4c3e-4d6c-9a5e-0b7f0e6f2c11' }),
      422,
      'validation_failed',
    );
    expect(await Promise.all(['form_submissions', 'outbox', 'audit_log'].map(count))).toEqual(before);
  });

  it('time-to-submit: too soon is refused, a forged or stale render token expires the form', async () => {
    // Just under FORM_MIN_SECONDS_TO_SUBMIT (the e2e tests submit forms served that long ago instead
    // of waiting, infra/testing ui-stack formsServedEarlier): refused, in the visitor's language.
    const fast = await submit(
      token,
      { attend: true },
      { submitAt: FORM_MIN_SECONDS_TO_SUBMIT - 0.001, lang: 'en' },
    );
    expectStatus(fast, 422, 'form_submitted_too_fast');
    expect(fast.json().errors[0].title).toBe('Sent too fast');
    const snel = await submit(token, { attend: true }, { submitAt: 2 });
    expectStatus(snel, 422, 'form_submitted_too_fast');
    expect(snel.json().errors[0].title).toBe('Te snel verstuurd');
    expectStatus(await submit(token, { attend: true }, { submitAt: 25 * 3600 }), 422, 'form_expired');
    const forged = await call(h.app, {
      method: 'POST',
      url: `/api/v1/public/forms/${token}/submissions`,
      headers: { 'x-tenant': 'demo' },
      remoteAddress: nextAddress(),
      payload: {
        data: {
          type: 'form_submission',
          attributes: { answers: { attend: true }, render_token: `${formId}.1.0.${'A'.repeat(43)}` },
        },
      },
    });
    expectStatus(forged, 422, 'form_expired');
  });

  it('a render token answers one submission; after a validation error the visitor corrects and sends again (#31.6)', async () => {
    setClock(NOW);
    const shown = await call(h.app, {
      method: 'GET',
      url: `/api/v1/public/forms/${token}`,
      headers: { 'x-tenant': 'demo' },
    });
    const render: string = shown.json().data.attributes.render_token;
    setClock(at(10));
    const send = (answers: Record<string, unknown>) =>
      call(h.app, {
        method: 'POST',
        url: `/api/v1/public/forms/${token}/submissions`,
        headers: { 'x-tenant': 'demo', 'accept-language': 'en' },
        remoteAddress: nextAddress(),
        payload: { data: { type: 'form_submission', attributes: { answers, render_token: render } } },
      });
    const before = await count('form_submissions');
    expectStatus(await send({ attend: false }), 422, 'validation_failed');
    expectStatus(await send({ attend: true }), 201);
    const again = await send({ attend: true });
    expectStatus(again, 409, 'form_already_submitted');
    expect(again.json().errors[0].detail).toBe(
      'This form has already been sent. Reload the page to send it again.',
    );
    expectStatus(await send({ attend: false, reason: 'x' }), 409, 'form_already_submitted');
    expect(await count('form_submissions')).toBe(before + 1);

    // Sent twice at once: one is stored, the other refused.
    setClock(NOW);
    const fresh = (
      await call(h.app, {
        method: 'GET',
        url: `/api/v1/public/forms/${token}`,
        headers: { 'x-tenant': 'demo' },
      })
    ).json().data.attributes.render_token;
    expect(fresh).not.toBe(render);
    setClock(at(10));
    const twice = await Promise.all(
      [0, 1].map(() =>
        call(h.app, {
          method: 'POST',
          url: `/api/v1/public/forms/${token}/submissions`,
          headers: { 'x-tenant': 'demo' },
          remoteAddress: nextAddress(),
          payload: {
            data: { type: 'form_submission', attributes: { answers: { attend: true }, render_token: fresh } },
          },
        }),
      ),
    );
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await count('form_submissions')).toBe(before + 2);
    setClock(NOW);
  });

  it('the honeypot: filled in, the answer looks like success but nothing is stored', async () => {
    const before = await count('form_submissions');
    const res = await submit(token, { attend: true }, { extra: { homepage: 'http://spam.example' } });
    expectStatus(res, 201);
    expect(await count('form_submissions')).toBe(before);
  });

  it('rate limit per address: the 11th submission in the window is refused with Retry-After', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 10; i++) expectStatus(await submit(token, { attend: true }, { ip }), 201);
    const limited = await submit(token, { attend: true }, { ip });
    expectStatus(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectStatus(await submit(token, { attend: true }), 201);
  });

  it('exports the submissions as formula-safe CSV', async () => {
    expectStatus(await submit(token, { attend: true, email: 'a@b.nl', size: 's' }), 201);
    const { id } = await createAndPublish(ed, {
      ...DEFINITION,
      pages: [
        {
          id: 'p',
          sections: [
            { id: 's', fields: [{ id: 'name', type: 'short_text', label: { nl: 'Naam', en: 'Name' } }] },
          ],
        },
      ],
    });
    const published = await call(h.app, {
      method: 'GET',
      url: `/api/v1/cms/forms/${id}`,
      headers: ed.headers,
    });
    expectStatus(
      await submit(published.json().data.attributes.public_token, { name: '=HYPERLINK("x")' }),
      201,
    );
    const csv = await call(h.app, {
      method: 'GET',
      url: `/api/v1/cms/forms/${id}/submissions/export`,
      headers: ed.headers,
    });
    expectStatus(csv, 200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id;ingediend;versie;taal;Naam');
    expect(lines[1]).toMatch(/;'=HYPERLINK\(""x""\)"?$|;"'=HYPERLINK\(""x""\)"$/);
  });

  it('lists the published versions, newest first, with the submissions each received', async () => {
    const { id, token: t } = await createAndPublish(ed);
    expectStatus(await submit(t, { attend: true }), 201);
    expectStatus(await submit(t, { attend: true }), 201);
    expectStatus(
      await call(h.app, { method: 'POST', url: `/api/v1/cms/forms/${id}/publish`, headers: ed.headers }),
      200,
    );
    expectStatus(await submit(t, { attend: true }), 201);
    const versions = await call(h.app, { url: `/api/v1/cms/forms/${id}/versions`, headers: ed.headers });
    expectStatus(versions, 200);
    expect(
      versions
        .json()
        .data.map((v: { attributes: { version: number; submission_count: number } }) => [
          v.attributes.version,
          v.attributes.submission_count,
        ]),
    ).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(versions.json().meta.total).toBe(2);
    expectStatus(
      await call(h.app, { url: `/api/v1/cms/forms/${id}/versions`, headers: { 'x-tenant': 'demo' } }),
      401,
    );
  });
});

describe('seeds', () => {
  it('give every tenant a published contact form (mailed to its contact address) and an example with a condition', async () => {
    for (const tenant of TENANT_IDS) {
      const contact = await call(h.app, {
        method: 'GET',
        url: '/api/v1/public/forms/contact',
        headers: { 'x-tenant': tenant },
      });
      expectStatus(contact, 200);
      expect(contact.json().data.attributes).toMatchObject({ purpose: 'contact', version: 1 });
    }
    const forms = await call(h.app, {
      method: 'GET',
      url: '/api/v1/cms/forms?filter[purpose_eq]=contact',
      headers: ed.headers,
    });
    expect(forms.json().data[0].attributes).toMatchObject({
      notify_email: 'info@demo.stageplein.nl',
      public_token: 'contact',
      status: 'published',
    });
    const example = await call(h.app, {
      method: 'GET',
      url: '/api/v1/cms/forms?filter[purpose_eq]=general&filter[status_eq]=published',
      headers: ed.headers,
    });
    const seeded = example
      .json()
      .data.find((f: { attributes: { title: { nl: string } } }) =>
        f.attributes.title.nl.startsWith('Aanmelding'),
      );
    expect(seeded.attributes.submission_count).toBe(1);
    const token = seeded.attributes.public_token;
    // "Anders" reveals a required question.
    const other = await submit(token, { name: 'Sam', email: 'sam@example.org', role: 'other' });
    expect(other.json().errors[0].source.pointer).toBe('/data/attributes/answers/role_other');
    expectStatus(await submit(token, { name: 'Sam', email: 'sam@example.org', role: 'student' }), 201);
  });

  it('a contact form submission is stored, announced and mailed to the tenant’s contact address', async () => {
    const res = await submit('contact', {
      name: 'Jan',
      email: 'jan@example.org',
      subject: 'other',
      message: 'Ik heb een vraag over stages.',
    });
    expectStatus(res, 201);
    const id = res.json().data.id;
    const [event] = await outboxEvents(h, 'content.form.submitted', id);
    expect(event!.data).toMatchObject({ purpose: 'contact', form_version: 1 });
    // The mail request (notifications sends it: docs/decisions/mail-requests.md), in the same transaction.
    const [delivery] = (
      await sql<{ id: string; recipient_email: string; status: string }>`
        select id, recipient_email, status from content.mail_deliveries
        where reference_type = 'form_submission' and reference_id = ${id}`.execute(h.owner)
    ).rows;
    expect(delivery).toMatchObject({ recipient_email: 'info@demo.stageplein.nl', status: 'requested' });
    const [mail] = await outboxEvents(h, 'content.mail.requested', delivery!.id);
    expect(mail!.data).toMatchObject({
      recipient: { email: 'info@demo.stageplein.nl', language: 'nl' },
      template: 'bulk_message',
      vars: { sender: 'Jan', body: expect.stringContaining('Bericht: Ik heb een vraag over stages.') },
    });
  });

  it('a failed contact submission requests no mail', async () => {
    const before = await count('mail_deliveries');
    expectStatus(
      await submit('contact', { name: 'Jan', email: 'jan@example.org', subject: 'other', message: 'kort' }),
      422,
    );
    expect(await count('mail_deliveries')).toBe(before);
  });
});

describe('tenancy', () => {
  it('an editor of one tenant can neither see nor change another tenant’s forms; tokens are per tenant', async () => {
    const other = await editor(h, 'raayland');
    const { id, token } = await createAndPublish(other);
    expectStatus(
      await call(h.app, { method: 'GET', url: `/api/v1/cms/forms/${id}`, headers: ed.headers }),
      404,
    );
    expectStatus(
      await call(h.app, { method: 'POST', url: `/api/v1/cms/forms/${id}/archive`, headers: ed.headers }),
      404,
    );
    expectStatus(
      await call(h.app, {
        method: 'GET',
        url: `/api/v1/cms/forms/${id}`,
        headers: { ...ed.headers, 'x-tenant': 'raayland' },
      }),
      401,
    );
    expectStatus(
      await call(h.app, {
        method: 'GET',
        url: `/api/v1/public/forms/${token}`,
        headers: { 'x-tenant': 'demo' },
      }),
      404,
    );
    // A render token of raayland's form does not carry over to demo's contact form.
    setClock(NOW);
    const rendered = (
      await call(h.app, {
        method: 'GET',
        url: `/api/v1/public/forms/${token}`,
        headers: { 'x-tenant': 'raayland' },
      })
    ).json().data.attributes.render_token;
    setClock(at(10));
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: '/api/v1/public/forms/contact/submissions',
        headers: { 'x-tenant': 'demo' },
        remoteAddress: nextAddress(),
        payload: {
          data: { type: 'form_submission', attributes: { answers: { name: 'x' }, render_token: rendered } },
        },
      }),
      422,
      'form_expired',
    );
  });

  it('RLS: the application role sees and writes only the current tenant’s forms, versions and submissions', async () => {
    const app = h.platform.app;
    for (const table of ['forms', 'form_versions', 'form_submissions']) {
      const seen = await app.transaction().execute(async (trx) => {
        await setTenant(trx, 'demo');
        return (
          await sql<{
            tenant_id: string;
          }>`select distinct tenant_id from ${sql.table(`content.${table}`)}`.execute(trx)
        ).rows;
      });
      expect(
        seen.map((r) => r.tenant_id),
        table,
      ).toEqual(['demo']);
      expect(
        (await sql`select 1 from ${sql.table(`content.${table}`)} limit 1`.execute(app)).rows,
        table,
      ).toEqual([]);
    }
    await expect(
      app.transaction().execute(async (trx) => {
        await setTenant(trx, 'demo');
        await sql`insert into content.forms (tenant_id, purpose, status, definition, definition_updated_at, created_at, updated_at)
          values ('raayland', 'general', 'draft', '{}', now(), now(), now())`.execute(trx);
      }),
    ).rejects.toThrow(/row-level security/);
  });
});
