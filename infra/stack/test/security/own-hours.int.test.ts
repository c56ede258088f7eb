import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { freshClientAddress } from '@stageplein/testing/client-address';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';
import { at, eventually, next, ownershipCalls, type THeaders } from './ownership-helpers.ts';

/**
 * Issue #31 item 1 and the supervisor link of item 6, against the whole product: a student never
 * confirms their own hours nor acts as their own workplace, and nobody mails supervisor links at will.
 * Each case is the reproduction of the issue; before the fix every refusal here was a 2xx.
 */
let product: TTestProduct;
let app: FastifyInstance;
let calls: ReturnType<typeof ownershipCalls>;
const TENANT = 'oldebroek';
const SCHOOL = seedOrganizationId(TENANT, 'school');

beforeAll(async () => {
  product = await testProduct({ seed: true });
  app = product.app;
  calls = ownershipCalls(product);
});
afterAll(async () => product?.close());

const signIn = (email: string, tenant = TENANT, password?: string) => calls.signIn(email, password, tenant);
const send = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: THeaders, payload?: unknown) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
const codeOf = (res: { json(): unknown }) =>
  (res.json() as { errors?: { code: string }[] }).errors?.[0]?.code;
const patch = (headers: THeaders, id: string, attributes: Record<string, unknown>) =>
  send('PATCH', `/api/v1/internships/${id}`, headers, { data: { type: 'internship', attributes } });
const logHours = (headers: THeaders, id: string, date: string) =>
  send('POST', `/api/v1/hours/${id}/entries`, headers, {
    data: { type: 'hours_entry', attributes: { date, hours: 8, description: 'Gewerkt' } },
  });
/** Links issued for the internship: a mail goes with every one (counted where it is written). */
const linksOf = async (id: string) =>
  calls.withOwner(async (owner) =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from placements.external_links
          where subject_id = ${id} and action = 'confirm_hours'`.execute(owner)
      ).rows[0]!.n,
    ),
  );
const selfFound = (headers: THeaders, contactEmail: string) =>
  send('POST', '/api/v1/internships/self_found', headers, {
    data: {
      type: 'self_found_internship',
      attributes: {
        title: 'Stage bij mijn eigen bedrijf',
        description: 'Ik bevestig mijn eigen uren.',
        start_date: new Date().toISOString().slice(0, 10),
        end_date: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
        organization_name: `Eigen Bedrijf ${next()}`,
        organization_address: 'Dorpsstraat 1',
        organization_postcode: `${8090 + next()} AB`,
        organization_city: 'Wezep',
        organization_website: '',
        contact_name: 'Mijn Baas',
        contact_email: contactEmail,
        contact_phone: '',
      },
    },
  });
const step = (headers: THeaders, id: string, action: string) =>
  send('POST', `/api/v1/internships/${id}/${action}`, headers);
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });

describe('a student never confirms their own hours or acts as their own workplace (#31.1)', () => {
  it('refuses the student’s own address as a self-found internship’s contact, also as a sub-address', async () => {
    const student = at(await signIn(`student@${TENANT}.test`), SCHOOL);
    for (const own of [`student@${TENANT}.test`, `Student+baas@${TENANT.toUpperCase()}.test`]) {
      const res = await selfFound(student, own);
      expect(res.statusCode, res.body).toBe(422);
      expect(codeOf(res)).toBe('own_supervisor');
      expect(res.json().errors[0].source.pointer).toBe('/data/attributes/contact_email');
    }
  });

  it('a pending organization the self-found internship created has no rights over it; links wait for the school', async () => {
    // What remains possible: a private alias the platform cannot recognise as the student's.
    const student = at(await signIn(`student@${TENANT}.test`), SCHOOL);
    const school = at(await signIn(`admin@${TENANT}.test`), SCHOOL);
    const alias = `sanne.prive-${next()}@alias.test`;
    const submitted = await selfFound(student, alias);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = submitted.json().data.attributes.internship_id as string;
    expect((await step(school, id, 'approve')).statusCode).toBe(200);
    expect((await step(school, id, 'activate')).statusCode).toBe(200);
    // The platform signs the workplace up as pending and invites the contact as its admin.
    const token = await calls.tokenMail(alias, 'invitation', 'confirmation_token');
    const confirmed = await send(
      'POST',
      '/api/v1/confirm',
      { 'x-tenant': TENANT },
      {
        confirmation_token: token,
        password: 'eigen-wachtwoord',
        password_confirmation: 'eigen-wachtwoord',
      },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    let organizationId = '';
    await eventually(async () => {
      const res = await send('GET', `/api/v1/internships/${id}`, school);
      organizationId = res.json().data.relationships.organization.data?.id;
      expect(organizationId).toEqual(expect.any(String));
    }, 15_000);
    const pending = at(await signIn(alias, TENANT, 'eigen-wachtwoord'), organizationId);
    const me = await calls.idOf(pending);
    // Acting for the pending organization: the internship does not exist for it.
    await eventually(async () => {
      expect((await send('GET', '/api/v1/internships', pending)).json().meta.total).toBe(0);
    });
    expect((await patch(pending, id, { supervisor_id: me, hours_supervisor: 999 })).statusCode).toBe(404);
    expect((await send('GET', `/api/v1/hours/${id}`, pending)).statusCode).toBe(404);
    // The student logs hours; no link goes out before the school approved the supervisor…
    expect((await logHours(student, id, today())).statusCode).toBe(201);
    const link = await send('POST', `/api/v1/hours/${id}/supervisor_link`, student);
    expect(link.statusCode, link.body).toBe(409);
    expect(codeOf(link)).toBe('supervisor_not_approved');
    expect(await linksOf(id)).toBe(0);
    // …and the school sees whom it would approve (how a school notices an alias).
    const sheet = (await send('GET', `/api/v1/hours/${id}`, school)).json().data.attributes;
    expect(sheet).toMatchObject({ supervisor_email: alias, supervisor_approved: false });
    expect(sheet.actions).toContain('approve_supervisor');
  });

  it('refuses the student as supervisor or contact, by person or address, whoever sets it', async () => {
    const student = at(await signIn(`student@${TENANT}.test`), SCHOOL);
    const school = at(await signIn(`admin@${TENANT}.test`), SCHOOL);
    const studentId = await calls.idOf(student);
    const list = await send('GET', '/api/v1/internships?filter[status_eq]=active', student);
    const id = list.json().data[0].id as string;
    for (const attributes of [
      { supervisor_id: studentId },
      { contact_email: `student@${TENANT}.test` },
      { supervisor_email: `student+stage@${TENANT}.test`, supervisor_name: 'Ik' },
    ]) {
      const res = await patch(school, id, attributes);
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422);
      expect(codeOf(res)).toBe('own_supervisor');
    }
  });

  it('never mails a link to the student’s own address, even where the internship names it', async () => {
    const student = at(await signIn(`student@${TENANT}.test`), SCHOOL);
    const school = at(await signIn(`admin@${TENANT}.test`), SCHOOL);
    const list = await send('GET', '/api/v1/internships?filter[status_eq]=active', student);
    const id = list.json().data[0].id as string;
    // Data from before the rule: the student's address as contact, even marked approved.
    await calls.withOwner((owner) =>
      sql`update placements.internships set supervisor_id = null, supervisor_email = null,
        contact_email = ${`student@${TENANT}.test`}, supervisor_approved_email = ${`student@${TENANT}.test`}
        where id = ${id}`.execute(owner),
    );
    await logHours(student, id, today());
    const before = await linksOf(id);
    const res = await send('POST', `/api/v1/hours/${id}/supervisor_link`, student);
    expect(res.statusCode, res.body).toBe(409);
    expect(codeOf(res)).toBe('supervisor_not_approved');
    const approve = await send('POST', `/api/v1/internships/${id}/supervisor_approval`, school);
    expect(approve.statusCode, approve.body).toBe(422);
    expect(codeOf(approve)).toBe('own_supervisor');
    expect(await linksOf(id)).toBe(before);
  });
});

describe('supervisor links are not sent at will (#31.6)', () => {
  it('a student cannot re-send the link without limit', async () => {
    const student = at(
      await signIn('student@stageplein.test', 'stageplein'),
      seedOrganizationId('stageplein', 'school'),
    );
    const list = await send('GET', '/api/v1/internships?filter[status_eq]=active', student);
    const id = list.json().data[0].id as string;
    expect((await send('POST', `/api/v1/hours/${id}/supervisor_link`, student)).statusCode).toBe(200);
    const again = await send('POST', `/api/v1/hours/${id}/supervisor_link`, student);
    expect(again.statusCode, again.body).toBe(429);
    expect(codeOf(again)).toBe('hours_link_too_often');
    expect(await linksOf(id)).toBe(1);
  });

  it('an anonymous caller with a predictable id triggers a link only when hours wait for the supervisor', async () => {
    const student = at(
      await signIn('student@stageplein.test', 'stageplein'),
      seedOrganizationId('stageplein', 'school'),
    );
    const list = await send('GET', '/api/v1/internships?filter[status_eq]=active', student);
    const id = list.json().data[0].id as string;
    const anonymous = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/hours/${id}/supervisor_link/request`,
        headers: { 'x-tenant': 'stageplein' },
        remoteAddress: freshClientAddress(),
      });
    // Nothing waits for the supervisor: nothing to act on, no mail.
    await calls.withOwner((owner) =>
      sql`update placements.hours_entries set status = 'confirmed', decided_at = now() where internship_id = ${id}`.execute(
        owner,
      ),
    );
    await calls.withOwner((owner) =>
      sql`update placements.external_links set created_at = created_at - interval '1 day' where subject_id = ${id}`.execute(
        owner,
      ),
    );
    const before = await linksOf(id);
    expect((await anonymous()).statusCode).toBe(202);
    expect(await linksOf(id)).toBe(before);
  });
});
