import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { apiErrorText } from '@stageplein/contracts/errors/error-catalogue';
import { getTenant, TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import { setTenant } from '@stageplein/kit/db/rls';
import {
  adminOf,
  asOwner,
  auditOf,
  call,
  expectStatus,
  harness,
  internshipParties,
  NOW,
  outboxEvents,
  type THarness,
  type TInternshipParties,
  type TUser,
} from '../../test/harness.ts';
import type { TPlacementsDb } from '../database.ts';
import { SYSTEM } from '../shared/request.ts';
import { ensureInternshipContract } from './index.ts';

/**
 * Contract templates and contracts through placements' HTTP app on a real PostgreSQL (RLS): a school
 * admin's template (variables checked on save, the switches, publishing, immutability, the preview),
 * generating, releasing, the company's fields, voiding; who is refused (another school's admin, another
 * tenant, an hours tenant); bad input a localized 422 with nothing changed; the seeds.
 */
let h: THarness;
let demo: TInternshipParties; // companySignsFirst, company fields, school representatives
let hours: TInternshipParties; // oldebroek: no contracts
let raayland: TInternshipParties;

beforeAll(async () => {
  h = await harness();
  [demo, hours, raayland] = await Promise.all([
    internshipParties(h, 'demo'),
    internshipParties(h, 'oldebroek'),
    internshipParties(h, 'raayland'),
  ]);
}, 120_000);
afterAll(async () => h?.close());

const T = '/api/v1/contract_templates';
const V = '/api/v1/contract_template_versions';
const C = '/api/v1/contracts';
const as = (user: TUser, lang = 'nl') => ({ ...user.headers, 'accept-language': lang });
const doc = (...texts: string[]) => ({
  type: 'doc',
  content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});
const FIELDS = [
  { key: 'uren', label: { nl: 'Uren per week', en: 'Hours a week' }, kind: 'number', required: true },
];
const COMPANY_FIRST = [
  { role: 'company', order: 1 },
  { role: 'student', order: 2 },
  { role: 'parent_guardian', order: 2 },
];

const createTemplate = (user: TUser, name = `Sjabloon ${randomUUID().slice(0, 6)}`, lang = 'nl') =>
  call(h.app, {
    method: 'POST',
    url: T,
    headers: as(user, lang),
    payload: { data: { type: 'contract_template', attributes: { name } } },
  });
const patchVersion = (user: TUser, id: string, attributes: object, lang = 'nl') =>
  call(h.app, {
    method: 'PATCH',
    url: `${V}/${id}`,
    headers: as(user, lang),
    payload: { data: { type: 'contract_template_version', id, attributes } },
  });
const publish = (user: TUser, id: string, lang = 'nl') =>
  call(h.app, { method: 'POST', url: `${V}/${id}/publish`, headers: as(user, lang) });

/** A published template of the party's school: body with variables, company fields, the given signers. */
async function publishedTemplate(w: TInternshipParties, signers = COMPANY_FIRST, fields: object[] = FIELDS) {
  const res = await createTemplate(w.school);
  expectStatus(res, 201);
  const draftId = res.json().data.attributes.draft_version_id as string;
  const body = doc(
    'Stage van {{student.name}} bij {{organization.name}} vanaf {{internship.start_date}}.',
    fields.length ? '{{company.uren}} uur per week.' : '',
  );
  expectStatus(
    await patchVersion(w.school, draftId, { body_nl: body, company_fields: fields, signers }),
    200,
  );
  expectStatus(await publish(w.school, draftId), 200);
  return { templateId: res.json().data.id as string, versionId: draftId };
}

/** An internship of the party's school at its company, with dates (the owner writes it). */
async function internshipOf(
  w: TInternshipParties,
  extra: { status?: string; contact?: string | null; period?: string } = {},
) {
  const id = randomUUID();
  await asOwner(h, w.tenant, (trx) =>
    sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id, title,
        contract_type, self_found, updating_hours_allowed, status, start_date, end_date, organization_name,
        contact_person_id, internship_period_id, created_at, updated_at)
      values (${id}, ${w.tenant}, ${w.student.id}, ${w.schoolId}, ${w.companyId}, 'Stage dierenasiel',
        ${w.tenant === 'oldebroek' ? 'hours' : 'contract'}, false, false, ${extra.status ?? 'approved'},
        '2027-02-01', '2027-06-30', 'Dierenasiel', ${extra.contact ?? null}, ${extra.period ?? null}, now(), now())`.execute(
      trx,
    ),
  );
  return id;
}

const generate = (user: TUser, attributes: object, lang = 'nl') =>
  call(h.app, {
    method: 'POST',
    url: C,
    headers: as(user, lang),
    payload: { data: { type: 'contract', attributes } },
  });
const action = (user: TUser, id: string, what: string, attributes?: object, lang = 'nl') =>
  call(h.app, {
    method: 'POST',
    url: `${C}/${id}/${what}`,
    headers: as(user, lang),
    ...(attributes ? { payload: { data: { type: 'contract', attributes } } } : {}),
  });
const contractCount = (tenant: TTenantId, internshipId: string) =>
  asOwner(h, tenant, async (trx) =>
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from placements.contracts where internship_id = ${internshipId}`.execute(trx)
      ).rows[0]!.n,
    ),
  );

/** A 422 (or other) error in both languages, with the catalogue's texts. */
async function expectLocalized(
  send: (lang: string) => ReturnType<typeof call>,
  status: number,
  code: Parameters<typeof apiErrorText>[1],
  vars: Record<string, string> = {},
) {
  for (const lang of ['nl', 'en'] as const) {
    const res = await send(lang);
    expectStatus(res, status, code);
    expect(res.json().errors[0].title).toBe(apiErrorText(lang, code, vars).title);
    expect(res.json().errors[0].detail).toBe(apiErrorText(lang, code, vars).detail);
  }
}

describe('contract templates', () => {
  it('a school admin creates one, saves a body with variables, publishes, and a published version never changes', async () => {
    const res = await createTemplate(demo.school, 'Praktijkovereenkomst BBL');
    expectStatus(res, 201);
    const { id } = res.json().data;
    const draft = res.json().included[0];
    expect(draft.attributes).toMatchObject({ state: 'draft', version: 1, company_fields: [] });
    // demo: the company signs first (the tenant's default order).
    expect(draft.attributes.signers[0]).toEqual({ role: 'company', order: 1 });

    const saved = await patchVersion(demo.school, draft.id, {
      body_nl: doc('{{student.name}} en {{company.uren}}'),
      company_fields: FIELDS,
      signers: COMPANY_FIRST,
    });
    expectStatus(saved, 200);
    expect(saved.json().data.attributes.company_fields[0]).toMatchObject({ key: 'uren', required: true });

    const published = await publish(demo.school, draft.id);
    expectStatus(published, 200);
    expect(published.json().data.attributes.state).toBe('published');
    expect((await outboxEvents(h, 'placements.contract_template.published', id)).at(-1)?.data).toMatchObject({
      template_id: id,
      version_id: draft.id,
      version: 1,
    });
    expect((await auditOf(h, id)).map((a) => a.action)).toContain('contract_template.published');

    await expectLocalized(
      (lang) => patchVersion(demo.school, draft.id, { body_nl: doc('x') }, lang),
      409,
      'contract_template_version_published',
    );
    // The database refuses it too (the trigger), whatever the route does.
    await expect(
      asOwner(h, 'demo', (trx) =>
        sql`update placements.contract_template_versions set signers = '[]' where id = ${draft.id}`.execute(
          trx,
        ),
      ),
    ).rejects.toThrow(/published and cannot change/);

    const next = await call(h.app, {
      method: 'POST',
      url: `${T}/${id}/drafts`,
      headers: demo.school.headers,
    });
    expectStatus(next, 201);
    expect(next.json().data.attributes).toMatchObject({ version: 2, state: 'draft', company_fields: FIELDS });
    expectStatus(
      await call(h.app, { method: 'POST', url: `${T}/${id}/drafts`, headers: demo.school.headers }),
      409,
      'contract_template_draft_exists',
    );

    const list = await call(h.app, { url: T, headers: demo.school.headers });
    expectStatus(list, 200);
    expect(list.json().data.find((t: { id: string }) => t.id === id).attributes).toMatchObject({
      published_version: 1,
      draft_version: 2,
    });
  });

  it('an unknown variable is a localized 422 pointing at its text node; nothing changes', async () => {
    const res = await createTemplate(demo.school);
    const draftId = res.json().data.attributes.draft_version_id as string;
    const before = await call(h.app, { url: `${V}/${draftId}`, headers: demo.school.headers });
    await expectLocalized(
      (lang) =>
        patchVersion(demo.school, draftId, { body_nl: doc('Hallo', 'Beste {{student.shoe_size}}') }, lang),
      422,
      'contract_variable_unknown',
      { variable: 'student.shoe_size' },
    );
    const bad = await patchVersion(demo.school, draftId, { body_en: doc('{{nope}}') });
    expect(bad.json().errors[0].source.pointer).toBe('/data/attributes/body_en/content/0/content/0/text');
    const after = await call(h.app, { url: `${V}/${draftId}`, headers: demo.school.headers });
    expect(after.json().data.attributes).toEqual(before.json().data.attributes);
    // Malformed input: zod's 422, localized, nothing changed.
    const wrong = await patchVersion(
      demo.school,
      draftId,
      { signers: [{ role: 'janitor', order: 1 }] },
      'en',
    );
    expectStatus(wrong, 422, 'validation_failed');
    expect(wrong.json().errors[0].source.pointer).toMatch(/^\/data\/attributes\/signers\/0\/role/);
  });

  it('the switches per tenant: company first (demo, raayland), no company fields (match2gether), no school representative (nuborgh)', async () => {
    const [match, nuborgh] = await Promise.all([
      internshipParties(h, 'match2gether'),
      internshipParties(h, 'nuborgh'),
    ]);
    const draftOf = async (w: TInternshipParties) =>
      (await createTemplate(w.school)).json().data.attributes.draft_version_id as string;
    const studentFirst = [
      { role: 'student', order: 1 },
      { role: 'company', order: 2 },
    ];
    for (const w of [demo, raayland]) {
      const id = await draftOf(w);
      await expectLocalized(
        (lang) => patchVersion(w.school, id, { signers: studentFirst }, lang),
        422,
        'contract_company_first',
      );
      // Parallel with the company is not first either.
      const parallel = [
        { role: 'company', order: 1 },
        { role: 'student', order: 1 },
      ];
      expectStatus(await patchVersion(w.school, id, { signers: parallel }), 422, 'contract_company_first');
    }
    // Not a company-first tenant: any order; parallel allowed.
    const m = await draftOf(match);
    expectStatus(await patchVersion(match.school, m, { signers: studentFirst }), 200);
    await expectLocalized(
      (lang) => patchVersion(match.school, m, { company_fields: FIELDS }, lang),
      422,
      'contract_company_fields_unavailable',
    );
    const n = await draftOf(nuborgh);
    const rep = [...studentFirst, { role: 'school_representative', order: 3 }];
    const refused = await patchVersion(nuborgh.school, n, { signers: rep });
    expectStatus(refused, 422, 'contract_signer_role_unavailable');
    expect(refused.json().errors[0].source.pointer).toBe('/data/attributes/signers/2/role');
    expectStatus(
      await patchVersion(demo.school, await draftOf(demo), {
        signers: [...COMPANY_FIRST, { role: 'school_representative', order: 3 }],
      }),
      200,
    );
    // Publishing needs the student and the company, and a Dutch text.
    const empty = await draftOf(match);
    expectStatus(await patchVersion(match.school, empty, { signers: [{ role: 'student', order: 1 }] }), 200);
    const pub = await publish(match.school, empty, 'en');
    expectStatus(pub, 422);
    expect(pub.json().errors.map((e: { code: string }) => e.code)).toEqual([
      'contract_body_empty',
      'contract_signers_missing',
    ]);
  });

  it('the preview fills a sample internship into sanitized HTML', async () => {
    const { versionId } = await publishedTemplate(demo);
    const res = await call(h.app, { url: `${V}/${versionId}/preview`, headers: demo.school.headers });
    expectStatus(res, 200);
    expect(res.json().data.attributes.html_nl).toBe(
      '<p>Stage van Sanne de Vries bij Bakkerij Het Zoete Brood vanaf 01-02-2027.</p><p>40 uur per week.</p>',
    );
    // No English body: the Dutch text, with English date formatting.
    expect(res.json().data.attributes.html_en).toContain('vanaf 2027-02-01');
  });

  it('who may: only admins of that school; another school’s 404, other roles 403, anonymous 401', async () => {
    const { templateId, versionId } = await publishedTemplate(demo);
    for (const user of [demo.student, demo.mentor, demo.company]) {
      expectStatus(await call(h.app, { url: T, headers: user.headers }), 403, 'forbidden');
      expectStatus(await createTemplate(user), 403, 'forbidden');
      expectStatus(await patchVersion(user, versionId, { body_nl: doc('x') }), 403, 'forbidden');
    }
    expectStatus(await call(h.app, { url: T, headers: { 'x-tenant': 'demo' } }), 401, 'unauthorized');
    for (const url of [`${T}/${templateId}`, `${V}/${versionId}`, `${V}/${versionId}/preview`])
      expectStatus(await call(h.app, { url, headers: demo.otherSchool.headers }), 404, 'not_found');
    expectStatus(await publish(demo.otherSchool, versionId), 404, 'not_found');
    expect(
      (await call(h.app, { url: T, headers: demo.otherSchool.headers }))
        .json()
        .data.map((t: { id: string }) => t.id),
    ).not.toContain(templateId);
    // Another tenant's admin: RLS hides it.
    expectStatus(
      await call(h.app, { url: `${T}/${templateId}`, headers: raayland.school.headers }),
      404,
      'not_found',
    );
  });

  it('an hours tenant: every contract endpoint refuses, localized', async () => {
    const id = randomUUID();
    const calls = [
      (lang: string) => call(h.app, { url: T, headers: as(hours.school, lang) }),
      (lang: string) => createTemplate(hours.school, 'x', lang),
      (lang: string) => call(h.app, { url: `${V}/${id}`, headers: as(hours.school, lang) }),
      (lang: string) => patchVersion(hours.school, id, {}, lang),
      (lang: string) => publish(hours.school, id, lang),
      (lang: string) => call(h.app, { url: C, headers: as(hours.student, lang) }),
      (lang: string) => call(h.app, { url: `${C}/${id}`, headers: as(hours.school, lang) }),
      (lang: string) => generate(hours.school, { internship_id: id }, lang),
      (lang: string) => action(hours.school, id, 'release', undefined, lang),
      (lang: string) => action(hours.school, id, 'void', { reason: 'x' }, lang),
      (lang: string) => action(hours.company, id, 'company_fields', { company_values: {} }, lang),
    ];
    for (const send of calls) await expectLocalized(send, 404, 'contracts_unavailable');
  });
});

describe('contracts', () => {
  it('generated by a school admin: frozen text, variables and signers (the parent for a minor), the event', async () => {
    const { templateId } = await publishedTemplate(demo);
    const internshipId = await internshipOf(demo, { contact: demo.company.id });
    const res = await generate(demo.school, {
      internship_id: internshipId,
      template_id: templateId,
      student_birth_date: '2010-05-14',
    });
    expectStatus(res, 201);
    const c = res.json().data;
    expect(c.attributes).toMatchObject({
      status: 'draft',
      internship_id: internshipId,
      student_birth_date: '2010-05-14',
      next_actors: ['school'],
      student_name: 'Sanne de Vries',
    });
    // The organization's name from organizations' events (the read model), the values not known yet as dots.
    expect(c.attributes.html_nl).toMatch(
      /^<p>Stage van Sanne de Vries bij NonProfit \S+ vanaf 01-02-2027\.<\/p><p>………… uur per week\.<\/p>$/,
    );
    expect(c.attributes.signers.map((s: { role: string }) => s.role)).toEqual([
      'company',
      'student',
      'parent_guardian',
    ]);
    expect(c.meta).toEqual({
      actions: ['change', 'release', 'void'],
      may_fill_company_fields: false,
      sign_as: [],
      may_download: false,
      set_address: [],
    });
    const [event] = await outboxEvents(h, 'placements.contract.generated', c.id);
    expect(event?.data).toMatchObject({ contract_id: c.id, internship_id: internshipId, source: 'manual' });
    expect(event?.data.signers).toHaveLength(3);

    // One open contract per internship.
    await expectLocalized(
      (lang) => generate(demo.school, { internship_id: internshipId }, lang),
      409,
      'contract_exists',
    );

    // An adult on the start date: no parent. The draft's birth date changes its signers.
    const adult = await call(h.app, {
      method: 'PATCH',
      url: `${C}/${c.id}`,
      headers: demo.school.headers,
      payload: { data: { type: 'contract', attributes: { student_birth_date: '2009-02-01' } } },
    });
    expectStatus(adult, 200);
    expect(adult.json().data.attributes.signers.map((s: { role: string }) => s.role)).toEqual([
      'company',
      'student',
    ]);
  });

  it('released to the company fields; the organization fills them (checked), then out for signing', async () => {
    const { templateId } = await publishedTemplate(demo);
    const internshipId = await internshipOf(demo);
    const c = (await generate(demo.school, { internship_id: internshipId, template_id: templateId })).json()
      .data;
    // A parent might sign: the birth date is needed first.
    await expectLocalized(
      (lang) => action(demo.school, c.id, 'release', undefined, lang),
      422,
      'contract_birth_date_missing',
    );
    await call(h.app, {
      method: 'PATCH',
      url: `${C}/${c.id}`,
      headers: demo.school.headers,
      payload: { data: { type: 'contract', attributes: { student_birth_date: '2011-01-01' } } },
    });
    const released = await action(demo.school, c.id, 'release');
    expectStatus(released, 200);
    expect(released.json().data.attributes).toMatchObject({
      status: 'company_fields',
      next_actors: ['company'],
    });
    expectStatus(await action(demo.school, c.id, 'release'), 409, 'invalid_contract_action');

    // Not the organization: the student 403, an admin of another organization 404.
    const stranger = await adminOf(h, 'NonProfit', 'approved', 'demo');
    expectStatus(
      await action(demo.student, c.id, 'company_fields', { company_values: { uren: '32' } }),
      403,
      'forbidden',
    );
    expectStatus(
      await action(stranger, c.id, 'company_fields', { company_values: { uren: '32' } }),
      404,
      'not_found',
    );
    const read = await call(h.app, { url: `${C}/${c.id}`, headers: demo.company.headers });
    expect(read.json().data.meta.may_fill_company_fields).toBe(true);

    await expectLocalized(
      (lang) => action(demo.company, c.id, 'company_fields', { company_values: { uren: 'veel' } }, lang),
      422,
      'contract_company_value_invalid',
      { field: 'Uren per week' },
    );
    const bad = await action(demo.company, c.id, 'company_fields', { company_values: {} });
    expect(bad.json().errors[0].source.pointer).toBe('/data/attributes/company_values/uren');
    expect(
      (await call(h.app, { url: `${C}/${c.id}`, headers: demo.company.headers })).json().data.attributes
        .status,
    ).toBe('company_fields');

    const filled = await action(demo.company, c.id, 'company_fields', { company_values: { uren: '32' } });
    expectStatus(filled, 200);
    const a = filled.json().data.attributes;
    expect(a).toMatchObject({ status: 'signing', company_values: { uren: '32' }, next_actors: ['company'] });
    expect(a.html_nl).toContain('<p>32 uur per week.</p>');
    expect(
      a.signers.filter((s: { to_act: boolean }) => s.to_act).map((s: { role: string }) => s.role),
    ).toEqual(['company']);
    const [ready] = await outboxEvents(h, 'placements.contract.ready_for_signing', c.id);
    const readySigners = (ready?.data as { signers: { role: string; order: number }[] }).signers;
    expect(readySigners.map((s) => [s.role, s.order])).toEqual([
      ['company', 1],
      ['student', 2],
      ['parent_guardian', 2],
    ]);
    expect(await outboxEvents(h, 'placements.contract.company_fields_filled', c.id)).toHaveLength(1);
  });

  it('voided by an admin with a reason; a reason is required; final', async () => {
    await publishedTemplate(demo);
    const internshipId = await internshipOf(demo);
    const c = (await generate(demo.school, { internship_id: internshipId })).json().data;
    const empty = await action(demo.school, c.id, 'void', { reason: '  ' }, 'en');
    expectStatus(empty, 422, 'validation_failed');
    expect(empty.json().errors[0].source.pointer).toBe('/data/attributes/reason');
    expectStatus(await action(demo.student, c.id, 'void', { reason: 'x' }), 403, 'forbidden');
    expectStatus(await action(demo.otherSchool, c.id, 'void', { reason: 'x' }), 404, 'not_found');
    const voided = await action(demo.school, c.id, 'void', { reason: 'Verkeerde stage' });
    expectStatus(voided, 200);
    expect(voided.json().data.attributes).toMatchObject({
      status: 'voided',
      void_reason: 'Verkeerde stage',
      next_actors: [],
    });
    expect(voided.json().data.meta.actions).toEqual([]);
    expect((await outboxEvents(h, 'placements.contract.voided', c.id))[0]?.data).toMatchObject({
      from: 'draft',
      reason: 'Verkeerde stage',
    });
    await expectLocalized(
      (lang) => action(demo.school, c.id, 'void', { reason: 'x' }, lang),
      409,
      'invalid_contract_action',
    );
    // A new one may be generated after a voided one.
    expectStatus(await generate(demo.school, { internship_id: internshipId }), 201);
  });

  it('generating: who may, bad input (nothing made), internships not ready, no template', async () => {
    await publishedTemplate(demo);
    const internshipId = await internshipOf(demo);
    for (const user of [demo.student, demo.mentor, demo.company])
      expectStatus(await generate(user, { internship_id: internshipId }), 403, 'forbidden');
    expectStatus(await generate(demo.otherSchool, { internship_id: internshipId }), 404, 'not_found');
    expectStatus(await generate(raayland.school, { internship_id: internshipId }), 404, 'not_found');
    for (const lang of ['nl', 'en']) {
      const res = await generate(
        demo.school,
        { internship_id: internshipId, student_birth_date: '2010-13-45' },
        lang,
      );
      expectStatus(res, 422, 'validation_failed');
      expect(res.json().errors[0].source.pointer).toBe('/data/attributes/student_birth_date');
    }
    expectStatus(await generate(demo.school, { internship: internshipId }), 422, 'validation_failed');
    // Another school's template is not this school's to use.
    const other = await publishedTemplate({ ...demo, school: demo.otherSchool });
    expectStatus(
      await generate(demo.school, { internship_id: internshipId, template_id: other.templateId }),
      404,
    );
    expect(await contractCount('demo', internshipId)).toBe(0);

    const cancelled = await internshipOf(demo, { status: 'cancelled' });
    await expectLocalized(
      (lang) => generate(demo.school, { internship_id: cancelled }, lang),
      422,
      'contract_internship_not_ready',
    );
    // A school without a published template.
    const [fresh] = await Promise.all([internshipParties(h, 'demo')]);
    const freshInternship = await internshipOf(fresh);
    await expectLocalized(
      (lang) => generate(fresh.school, { internship_id: freshInternship }, lang),
      409,
      'contract_template_not_published',
    );
    expect(await contractCount('demo', freshInternship)).toBe(0);
  });

  it('listed per role with who acts next; read by the internship’s parties only', async () => {
    await publishedTemplate(demo);
    const internshipId = await internshipOf(demo);
    const c = (
      await generate(demo.school, { internship_id: internshipId, student_birth_date: '2000-01-01' })
    ).json().data;
    const ids = async (user: TUser, query = '') =>
      (await call(h.app, { url: `${C}${query}`, headers: user.headers }))
        .json()
        .data.map((x: { id: string }) => x.id);
    // A draft: not the student's yet (contracts' studentSeesContract; the test after this one).
    await action(demo.school, c.id, 'release');
    for (const user of [demo.school, demo.student, demo.mentor, demo.company]) {
      expect(await ids(user), 'sees').toContain(c.id);
      expectStatus(await call(h.app, { url: `${C}/${c.id}`, headers: user.headers }), 200);
    }
    for (const user of [demo.otherSchool, demo.strangerMentor, demo.otherStudent, raayland.school]) {
      expect(await ids(user), 'does not see').not.toContain(c.id);
      expectStatus(await call(h.app, { url: `${C}/${c.id}`, headers: user.headers }), 404, 'not_found');
    }
    expect(await ids(demo.school, `?filter[internship_id]=${internshipId}`)).toEqual([c.id]);
    expect(await ids(demo.school, `?filter[status]=draft&filter[internship_id]=${internshipId}`)).toEqual([]);
    expectStatus(await call(h.app, { url: `${C}?filter[status]=nope`, headers: demo.school.headers }), 422);
    // Read-only for the student: no actions; they may sign as themselves once it is out.
    const own = await call(h.app, { url: `${C}/${c.id}`, headers: demo.student.headers });
    expect(own.json().data.meta).toEqual({
      actions: [],
      may_fill_company_fields: false,
      sign_as: [c.attributes.signers.find((x: { role: string }) => x.role === 'student').id],
      may_download: false,
      set_address: [],
    });
  });

  it('a student sees their contracts once sent out: no drafts, a voided one only if it had been sent (with its reason)', async () => {
    await publishedTemplate(demo, COMPANY_FIRST, []);
    const ids = async (user: TUser, internshipId: string) =>
      (await call(h.app, { url: `${C}?filter[internship_id]=${internshipId}`, headers: user.headers }))
        .json()
        .data.map((x: { id: string }) => x.id);
    const readBy = (user: TUser, id: string) => call(h.app, { url: `${C}/${id}`, headers: user.headers });
    // A draft: the school, the mentor and the company see it; the student neither in the list nor by id.
    const sent = await internshipOf(demo);
    const a = (await generate(demo.school, { internship_id: sent, student_birth_date: '2000-01-01' })).json()
      .data;
    for (const user of [demo.school, demo.mentor, demo.company])
      expect(await ids(user, sent)).toEqual([a.id]);
    expect(await ids(demo.student, sent)).toEqual([]);
    expectStatus(await readBy(demo.student, a.id), 404, 'not_found');
    // Sent out: the student sees it.
    expectStatus(await action(demo.school, a.id, 'release'), 200);
    expect(await ids(demo.student, sent)).toEqual([a.id]);
    expectStatus(await readBy(demo.student, a.id), 200);
    // Voided after it was sent: still theirs to see, with the reason.
    expectStatus(await action(demo.school, a.id, 'void', { reason: 'Andere stageplek' }), 200);
    expect(await ids(demo.student, sent)).toEqual([a.id]);
    const voided = await readBy(demo.student, a.id);
    expectStatus(voided, 200);
    expect(voided.json().data.attributes).toMatchObject({
      status: 'voided',
      void_reason: 'Andere stageplek',
    });

    // Voided as a draft (never sent): the student never sees it; the school does.
    const never = await internshipOf(demo);
    const b = (await generate(demo.school, { internship_id: never, student_birth_date: '2000-01-01' })).json()
      .data;
    expectStatus(await action(demo.school, b.id, 'void', { reason: 'Fout sjabloon' }), 200);
    expect(await ids(demo.student, never)).toEqual([]);
    expectStatus(await readBy(demo.student, b.id), 404, 'not_found');
    expect(await ids(demo.school, never)).toEqual([b.id]);
    // The unfiltered list agrees.
    const all = (await call(h.app, { url: C, headers: demo.student.headers }))
      .json()
      .data.map((x: { id: string }) => x.id);
    expect(all).toContain(a.id);
    expect(all).not.toContain(b.id);
  });

  it('the phases’ plug-in generates once (idempotent), as the system', async () => {
    await publishedTemplate(demo);
    const internshipId = await internshipOf(demo);
    const run = () =>
      serviceDb<TPlacementsDb>(h.owner)
        .transaction()
        .execute(async (trx) => {
          await setTenant(trx, 'demo');
          return ensureInternshipContract(
            { db: trx, tenant: getTenant('demo')!, now: NOW },
            SYSTEM,
            internshipId,
          );
        });
    const first = await run();
    const second = await run();
    expect(second.id).toBe(first.id);
    expect(first.status).toBe('draft');
    expect((await outboxEvents(h, 'placements.contract.generated', first.id))[0]?.data.source).toBe('phase');
  });
});

describe('where the contract shows', () => {
  it('progress’s contract column: the internship’s contract and its status', async () => {
    const { templateId } = await publishedTemplate(demo);
    const periodId = randomUUID();
    await asOwner(h, 'demo', (trx) =>
      sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name,
          start_date, end_date, status, deleted, event_time)
        values (${periodId}, 'demo', ${demo.schoolId}, ${randomUUID()}, 'Voorjaar', '2027-02-01', '2027-06-30',
          'active', false, now())`.execute(trx),
    );
    const internshipId = await internshipOf(demo, { period: periodId });
    const progress = async () =>
      (await call(h.app, { url: `/api/v1/progress/periods/${periodId}`, headers: demo.school.headers }))
        .json()
        .data.find((r: { id: string }) => r.id === internshipId).attributes.contract;
    expect(await progress()).toBeNull();
    const c = (await generate(demo.school, { internship_id: internshipId, template_id: templateId })).json()
      .data;
    expect(await progress()).toEqual({ id: c.id, status: 'draft' });
    await action(demo.school, c.id, 'void', { reason: 'Fout' });
    expect(await progress()).toEqual({ id: c.id, status: 'voided' });
  });
});

describe('tenants apart, seeds', () => {
  it('RLS: another tenant sees none of a tenant’s templates, versions, contracts or signers', async () => {
    const { templateId } = await publishedTemplate(demo);
    const internshipId = await internshipOf(demo);
    const c = (await generate(demo.school, { internship_id: internshipId })).json().data;
    // The app role under RLS.
    const counts = (tenant: TTenantId) =>
      h.deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, tenant);
        const n = async (q: ReturnType<typeof sql<{ n: string }>>) =>
          Number((await q.execute(trx)).rows[0]!.n);
        return [
          await n(sql`select count(*) as n from placements.contract_templates where id = ${templateId}`),
          await n(
            sql`select count(*) as n from placements.contract_template_versions where template_id = ${templateId}`,
          ),
          await n(sql`select count(*) as n from placements.contracts where id = ${c.id}`),
          await n(sql`select count(*) as n from placements.contract_signers where contract_id = ${c.id}`),
        ];
      });
    expect(await counts('demo')).toEqual([1, 1, 1, 3]);
    expect(await counts('raayland')).toEqual([0, 0, 0, 0]);
    // Writing a row of another tenant is refused by the policy's check.
    await expect(
      h.deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, 'raayland');
        await sql`insert into placements.contract_templates (tenant_id, school_id, name, created_at, updated_at)
          values ('demo', ${demo.schoolId}, 'x', now(), now())`.execute(trx);
      }),
    ).rejects.toThrow(/row-level security/);
  });

  it('every traineeship tenant’s School has a published template; hours tenants none', async () => {
    for (const tenant of TENANT_LIST) {
      const rows = await asOwner(h, tenant.id, async (trx) =>
        (
          await sql<{ state: string }>`select v.state from placements.contract_templates t
            join placements.contract_template_versions v on v.template_id = t.id
            where t.school_id = ${seedOrganizationId(tenant.id, 'school')}`.execute(trx)
        ).rows.map((r) => r.state),
      );
      expect(rows, tenant.id).toEqual(tenant.features.traineeship ? ['published'] : []);
    }
  });
});
