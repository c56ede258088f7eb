import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { defaultTexts } from '@stageplein/kit/mail/templates';
import { setTenant } from '@stageplein/kit/db/rls';
import { requestMail } from '@stageplein/kit/mail/mail-requests';
import { demoEmail, identityService } from '@stageplein/identity';
import { placementsService } from '@stageplein/placements';
import { eventually } from '@stageplein/testing/eventually';
import {
  announceOrganization,
  call,
  deliver,
  expectStatus,
  serviceHarness,
  userWith,
  type TServiceHarness,
  type TUser,
} from '@stageplein/testing/service-harness';
import { notificationsService } from '../notifications.module.ts';

/**
 * Mail templates per tenant (issue #35 item 2): a school admin replaces a kind's default; a variable the
 * kind does not have is refused on save (nl and en); the preview renders sample data; the tenant's own
 * template is what the mail worker sends through the real SMTP catcher; other tenants, other roles and
 * anonymous callers cannot read or change it.
 */
let h: TServiceHarness;
let admin: TUser;
let student: TUser;
let companyAdmin: TUser;
let otherTenantAdmin: TUser;

const PATH = '/api/v1/notification_templates';
const JSON_API = { 'content-type': 'application/vnd.api+json' };

beforeAll(async () => {
  h = await serviceHarness(notificationsService, {
    now: new Date(),
    also: [identityService, placementsService],
  });
  // Organizations' events as they would arrive: the two tenants' schools are approved.
  for (const tenant of ['demo', 'raayland'] as const) {
    const id = seedOrganizationId(tenant, 'school');
    await deliver(
      h,
      'organizations.organization.updated',
      id,
      {
        organization_id: id,
        organization_type: 'School',
        name: `School ${tenant}`,
        status: 'approved',
        website: null,
        city: null,
        parent_id: null,
      },
      tenant,
    );
  }
  await eventually(async () => {
    const { rows } = await sql`select 1 from notifications.organizations where status = 'approved'`.execute(
      h.owner,
    );
    expect(rows).toHaveLength(2);
  });
  admin = await userWith(h, 'admin', seedOrganizationId('demo', 'school'), 'School');
  student = await userWith(h, 'student', seedOrganizationId('demo', 'school'), 'School');
  companyAdmin = await userWith(h, 'admin', seedOrganizationId('demo', 'provider'), 'Provider');
  otherTenantAdmin = await userWith(
    h,
    'admin',
    seedOrganizationId('raayland', 'school'),
    'School',
    'raayland',
  );
});
afterAll(() => h?.close());

const patch = (
  user: TUser,
  kind: string,
  attributes: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  call(h.app, {
    method: 'PATCH',
    url: `${PATH}/${kind}`,
    headers: { ...user.headers, ...JSON_API, ...headers },
    payload: { data: { type: 'notification_template', id: kind, attributes } },
  });
const get = (user: TUser | null, url: string, headers: Record<string, string> = {}) =>
  call(h.app, { method: 'GET', url, headers: { ...(user?.headers ?? { 'x-tenant': 'demo' }), ...headers } });
const preview = (user: TUser, kind: string, attributes: Record<string, string>) =>
  call(h.app, {
    method: 'POST',
    url: `${PATH}/${kind}/preview`,
    headers: { ...user.headers, ...JSON_API },
    payload: { data: { type: 'notification_template_preview', attributes } },
  });

describe('reading', () => {
  it('lists every kind with its shipped default and the variables it may use', async () => {
    const res = await get(admin, PATH);
    expectStatus(res, 200);
    const body = res.json();
    expect(body.meta.total).toBe(body.data.length);
    const reset = body.data.find((t: { id: string }) => t.id === 'password_reset');
    expect(reset.attributes).toMatchObject({
      kind: 'password_reset',
      customized: false,
      ...defaultTexts('password_reset'),
    });
    expect(reset.attributes.variables).toEqual(['appName', 'name', 'link', 'validFor']);
    expectStatus(await get(admin, `${PATH}/no_such_kind`), 404);
  });

  it('is for school and centre admins only: a student and a company admin 403, anonymous 401', async () => {
    expectStatus(await get(student, PATH), 403, 'forbidden');
    expectStatus(await get(companyAdmin, `${PATH}/invitation`), 403, 'forbidden');
    expectStatus(await patch(student, 'reminder', { subject_nl: 'Hoi' }), 403, 'forbidden');
    expectStatus(await preview(companyAdmin, 'reminder', {}), 403, 'forbidden');
    expectStatus(await get(null, PATH), 401);
  });

  it("is not for a pending or denied school's admin (contracts' editsMailTemplates, as every admin screen)", async () => {
    for (const status of ['pending', 'denied'] as const) {
      const school = await announceOrganization(h, 'School', status);
      const applicant = await userWith(h, 'admin', school, 'School');
      expectStatus(await get(applicant, PATH), 403, 'forbidden');
      expectStatus(await get(applicant, `${PATH}/invitation`), 403, 'forbidden');
      expectStatus(await patch(applicant, 'reminder', { subject_nl: 'Hoi' }), 403, 'forbidden');
      expectStatus(await preview(applicant, 'reminder', {}), 403, 'forbidden');
    }
    const { rows } = await sql`select 1 from notifications.mail_templates`.execute(h.owner);
    expect(rows).toHaveLength(0);
  });
});

describe('saving', () => {
  it('refuses a variable the kind does not have, in Dutch and in English, and changes nothing', async () => {
    const nl = await patch(admin, 'password_reset', { body_nl: 'Hallo {{name}}, je code is {{code}}.' });
    expectStatus(nl, 422, 'notification_template_unknown_variable');
    expect(nl.json().errors[0].source).toEqual({ pointer: '/data/attributes/body_nl' });
    expect(nl.json().errors[0].detail).toBe(
      'Dit sjabloon kent de variabele ‘code’ niet. Te gebruiken: {{appName}}, {{name}}, {{link}}, {{validFor}}.',
    );
    const en = await patch(
      admin,
      'password_reset',
      { subject_en: 'Reset for {{ user }}' },
      { 'accept-language': 'en' },
    );
    expectStatus(en, 422, 'notification_template_unknown_variable');
    expect(en.json().errors[0].detail).toContain('This template has no variable ‘user’.');
    expect(en.json().errors[0].source).toEqual({ pointer: '/data/attributes/subject_en' });
    // Nothing was saved: still the default.
    const after = (await get(admin, `${PATH}/password_reset`)).json().data.attributes;
    expect(after.customized).toBe(false);
    expect(after.body_nl).toBe(defaultTexts('password_reset').body_nl);
  });

  it('refuses an empty text (422) and an unknown attribute (400 or 422)', async () => {
    expectStatus(await patch(admin, 'reminder', { subject_nl: '   ' }), 422);
    const res = await patch(admin, 'reminder', { button_nl: 'Klik' });
    expect([400, 422]).toContain(res.statusCode);
  });

  it('saves the texts given, keeps the others, previews them with sample data and resets to the default', async () => {
    const saved = await patch(admin, 'invitation', {
      subject_nl: 'Welkom bij {{appName}}, {{name}}',
      body_nl: 'Hoi {{name}},\n\nJe school heeft een account voor je gemaakt. Geldig: {{validFor}}.',
    });
    expectStatus(saved, 200);
    expect(saved.json().data.attributes).toMatchObject({
      customized: true,
      subject_nl: 'Welkom bij {{appName}}, {{name}}',
      subject_en: defaultTexts('invitation').subject_en,
    });
    expect(saved.json().data.attributes.updated_at).toEqual(expect.any(String));

    // The preview: the saved Dutch, a draft English not saved, sample values filled in.
    const shown = await preview(admin, 'invitation', { subject_en: 'Hi {{name}} from {{appName}}' });
    expectStatus(shown, 200);
    const { nl, en } = shown.json().data.attributes;
    expect(nl.subject).toBe('Welkom bij Stageplein Demo, Sanne');
    expect(nl.text).toContain('Je school heeft een account voor je gemaakt. Geldig: 2 dagen.');
    expect(nl.html).toContain('<p>Hoi Sanne,</p>');
    expect(en.subject).toBe('Hi Sanne from Stageplein Demo');
    expect((await get(admin, `${PATH}/invitation`)).json().data.attributes.subject_en).toBe(
      defaultTexts('invitation').subject_en,
    );
    expectStatus(
      await preview(admin, 'invitation', { body_en: 'Hello {{organization}}' }),
      422,
      'notification_template_unknown_variable',
    );

    const reset = await call(h.app, { method: 'DELETE', url: `${PATH}/invitation`, headers: admin.headers });
    expectStatus(reset, 200);
    expect(reset.json().data.attributes).toMatchObject({ customized: false, ...defaultTexts('invitation') });
  });
});

describe('the digest', () => {
  it('keeps {{items}} where the lists go: once, a paragraph of its own, never in a subject; the preview shows sample lists', async () => {
    const inline = await patch(admin, 'digest', { body_nl: 'Hoi {{name}}, dit is nieuw: {{items}}' });
    expectStatus(inline, 422, 'notification_template_block_misplaced');
    expect(inline.json().errors[0].source).toEqual({ pointer: '/data/attributes/body_nl' });
    expect(inline.json().errors[0].detail).toContain('De variabele ‘items’ staat voor de lijsten');
    const missing = await patch(admin, 'digest', { body_en: 'Hello {{name}}' }, { 'accept-language': 'en' });
    expectStatus(missing, 422, 'notification_template_block_misplaced');
    expect(missing.json().errors[0].detail).toContain('The variable ‘items’ stands for the lists');
    expectStatus(await patch(admin, 'digest', { subject_nl: 'Nieuw: {{items}}' }), 422);
    expectStatus(await preview(admin, 'digest', { body_nl: '{{items}}\n\n{{items}}' }), 422);
    const current = (await get(admin, `${PATH}/digest`)).json().data.attributes;
    expect(current).toMatchObject({ customized: false, ...defaultTexts('digest') });
    expect(current.variables).toEqual(['appName', 'name', 'link', 'period', 'unread', 'settings', 'items']);

    const shown = await preview(admin, 'digest', {
      body_nl: 'Beste {{name}},\n\n{{items}}\n\nTot de volgende {{period}} mail.',
    });
    expectStatus(shown, 200);
    const { nl, en } = shown.json().data.attributes;
    expect(nl.subject).toBe('Stageplein Demo: je wekelijkse overzicht');
    expect(nl.text).toMatch(
      /^Beste Sanne,\n\nNieuwe meldingen:\n- Bakkerij Jansen heeft je sollicitatie op ‘Stage bij Bakkerij Jansen’ geaccepteerd\n/,
    );
    expect(nl.text).toContain(
      'Wacht op jou:\n- 12 uur te bevestigen bij de stage ‘Stage bij Bakkerij Jansen’\n\nTot de volgende wekelijkse mail.',
    );
    expect(nl.html).toMatch(/<h2>Wacht op jou<\/h2>\n<ul><li><a href="[^"]+\/internships\/voorbeeld">12 uur/);
    expect(en.subject).toBe('Stageplein Demo: your weekly summary');
    expect(en.text).toContain('Waiting for you:\n- 12 hours to confirm');
  });
});

describe('tenants', () => {
  it("a tenant's template is its own: another tenant's admin sees the default and cannot change it", async () => {
    expectStatus(await patch(admin, 'reminder', { subject_nl: 'Demo: {{subject}}' }), 200);
    const theirs = (await get(otherTenantAdmin, `${PATH}/reminder`)).json().data.attributes;
    expect(theirs).toMatchObject({ customized: false, subject_nl: defaultTexts('reminder').subject_nl });
    // Demo's admin with raayland's address: their session is demo's, so raayland does not know them.
    expectStatus(await get(admin, `${PATH}/reminder`, { 'x-tenant': 'raayland' }), 401);
    expectStatus(await patch(admin, 'reminder', { subject_nl: 'X' }, { 'x-tenant': 'raayland' }), 401);
    // Raayland's own change leaves demo's as it was.
    expectStatus(await patch(otherTenantAdmin, 'reminder', { subject_nl: 'Raayland: {{subject}}' }), 200);
    expect((await get(admin, `${PATH}/reminder`)).json().data.attributes.subject_nl).toBe(
      'Demo: {{subject}}',
    );
    const rows = await sql<{ tenant_id: string; subject_nl: string }>`
      select tenant_id, subject_nl from notifications.mail_templates where kind = 'reminder' order by tenant_id`.execute(
      h.owner,
    );
    expect(rows.rows).toEqual([
      { tenant_id: 'demo', subject_nl: 'Demo: {{subject}}' },
      { tenant_id: 'raayland', subject_nl: 'Raayland: {{subject}}' },
    ]);
  });
});

describe('sending', () => {
  it("the tenant's own template is the mail the worker delivers through SMTP", async () => {
    expectStatus(
      await patch(admin, 'bulk_message', {
        subject_nl: '[{{appName}}] {{subject}}',
        body_nl: 'Beste {{name}},\n\n{{body}}\n\nGroet, {{sender}} (via ons eigen sjabloon)',
      }),
      200,
    );
    const email = demoEmail('mentor', 'demo');
    const { rows } = await sql<{ id: string }>`select id from identity.users where email = ${email}`.execute(
      h.owner,
    );
    const userId = rows[0]!.id;
    const deliveryId = await h.platform.deps.db.transaction().execute(async (trx) => {
      await setTenant(trx, 'demo');
      return requestMail(trx as Kysely<unknown>, 'placements', h.platform.deps.config, {
        tenant: 'demo',
        actor: null,
        now: new Date(),
        recipient: { userId },
        template: 'bulk_message',
        vars: { subject: 'Stagemarkt', body: 'Donderdag in de aula.', sender: 'Het Lyceum' },
      });
    });
    // Through the queue and SMTP: the catcher keeps it in the development mailbox.
    let mail = { subject: '', text_body: '', html_body: '' };
    await eventually(async () => {
      const found = await sql<typeof mail>`
        select subject, text_body, html_body from identity.dev_mails
        where to_address = ${email} and kind = 'bulk_message' order by seq desc limit 1`.execute(h.owner);
      expect(found.rows).toHaveLength(1);
      mail = found.rows[0]!;
    }, 30_000);
    expect(mail.subject).toBe('[Stageplein Demo] Stagemarkt');
    expect(mail.text_body).toMatch(/^Beste /);
    expect(mail.text_body).toContain('Groet, Het Lyceum (via ons eigen sjabloon)');
    expect(mail.html_body).toContain('<p>Donderdag in de aula.</p>');
    // And placements hears it was delivered.
    await eventually(async () => {
      const status = await sql<{ status: string }>`
        select status from placements.mail_deliveries where id = ${deliveryId}`.execute(h.owner);
      expect(status.rows[0]?.status).toBe('delivered');
    }, 30_000);
  });
});
