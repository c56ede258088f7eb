import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';

/**
 * Issue #12 findings 3, 4 and 5 and the identity calls of spec §7, against the whole product (every
 * service behind the gateway): authorization by ownership, signup that invites an existing account
 * instead of granting it a role, `organization_id` on POST /users, token-only confirm, the moderators'
 * admin list and e-mail changes that wait for the new address.
 */
let product: TTestProduct;
let app: FastifyInstance;
const PASSWORD = 'stageplein-demo';
const SCHOOL = seedOrganizationId('demo', 'school');
const CENTER = seedOrganizationId('demo', 'volunteer-center');
const PROVIDER = seedOrganizationId('demo', 'provider');

type THeaders = Record<string, string>;
let n = 0;

beforeAll(async () => {
  product = await testProduct({ seed: true });
  app = product.app;
});
afterAll(async () => product?.close());

async function signIn(email: string, password = PASSWORD): Promise<THeaders> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': 'demo' },
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    'x-tenant': 'demo',
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
  };
}

const at = (headers: THeaders, organizationId: string): THeaders => ({
  ...headers,
  'x-current-organization-id': organizationId,
});

async function idOf(headers: THeaders): Promise<string> {
  const res = await app.inject({ url: '/api/v1/current_user', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** The mails to an address, newest first, read where the embedded profile keeps them (not over HTTP). */
async function mailsTo(to: string): Promise<{ kind: string; text_body: string }[]> {
  const owner = createDb<unknown>(createPool(product.platform.ownerUrl, 1));
  try {
    const { rows } = await sql<{
      kind: string;
      text_body: string;
    }>`select kind, text_body from identity.dev_mails where to_address = ${to} order by seq desc`.execute(
      owner,
    );
    return rows;
  } finally {
    await owner.destroy();
  }
}

async function tokenMail(to: string, kind: string, param: string): Promise<string> {
  let token: string | undefined;
  await eventually(async () => {
    const mail = (await mailsTo(to)).find((m) => m.kind === kind);
    expect(mail, `${kind} mail to ${to}`).toBeDefined();
    const url = /https?:\/\/\S+/.exec(mail!.text_body)![0];
    token = new URL(url).searchParams.get(param) ?? undefined;
    expect(token).toBeDefined();
  });
  return token!;
}

async function eventually(check: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const addRole = (headers: THeaders, id: string, name = 'volunteer') =>
  app.inject({ method: 'PUT', url: `/api/v1/users/${id}/add_role`, headers, payload: { role: { name } } });
const impersonate = (headers: THeaders, id: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/sign_in_as_user',
    headers,
    payload: { data: { type: 'user', attributes: { user_id: id } } },
  });
const patchUser = (headers: THeaders, id: string, attributes: Record<string, unknown>) =>
  app.inject({
    method: 'PATCH',
    url: `/api/v1/users/${id}`,
    headers,
    payload: { data: { type: 'user', attributes } },
  });

async function signUp(adminEmail: string, type = 'Provider'): Promise<LightMyRequestResponse> {
  n += 1;
  return app.inject({
    method: 'POST',
    url: '/api/v1/organizations/signup',
    headers: { 'x-tenant': 'demo', 'x-forwarded-for': `10.9.0.${n}` },
    payload: {
      data: {
        type: 'organization_signup',
        attributes: {
          organization_type: type,
          name: `Aanvaller ${n} BV`,
          city: 'Utrecht',
          address: 'Straat 1',
          postcode: `35${String(10 + n).padStart(2, '0')} AB`,
          admin_email: adminEmail,
          admin_first_name: 'Eve',
          admin_last_name: 'Aanvaller',
        },
      },
    },
  });
}

/** Signs up an organization with a new address and confirms it: the admin of a pending organization. */
async function pendingOrganizationAdmin(): Promise<{
  headers: THeaders;
  organizationId: string;
  email: string;
}> {
  const email = `eve-${++n}@aanvaller.test`;
  const res = await signUp(email);
  expect(res.statusCode, res.body).toBe(201);
  const organizationId = res.json().data.id;
  const token = await tokenMail(email, 'invitation', 'confirmation_token');
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v1/confirm',
    headers: { 'x-tenant': 'demo' },
    payload: {
      confirmation_token: token,
      password: 'eve-wachtwoord',
      password_confirmation: 'eve-wachtwoord',
    },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const headers = at(await signIn(email, 'eve-wachtwoord'), organizationId);
  return { headers, organizationId, email };
}

describe('finding 3: an admin acts only on users of an organization they administer', () => {
  it('a Provider admin cannot take over a School student (add_role, show, edit, impersonate)', async () => {
    const bedrijf = at(await signIn('bedrijf@demo.test'), PROVIDER);
    const student = await idOf(await signIn('student@demo.test'));
    expect((await addRole(bedrijf, student)).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/v1/users/${student}`, headers: bedrijf })).statusCode).toBe(403);
    expect((await patchUser(bedrijf, student, { first_name: 'Overgenomen' })).statusCode).toBe(403);
    expect((await impersonate(bedrijf, student)).statusCode).toBe(403);
    // Control: the student's own School admin may.
    const schoolAdmin = at(await signIn('admin@demo.test'), SCHOOL);
    expect((await addRole(schoolAdmin, student, 'mentor')).statusCode).toBe(200);
    expect((await patchUser(schoolAdmin, student, { first_name: 'Sam' })).statusCode).toBe(200);
  });

  it('from nothing: signup → confirm → admin of a pending organization has no rights over others', async () => {
    const eve = await pendingOrganizationAdmin();
    const student = await idOf(await signIn('student@demo.test'));
    expect((await addRole(eve.headers, student)).statusCode).toBe(403);
    expect((await impersonate(eve.headers, student)).statusCode).toBe(403);
    expect((await patchUser(eve.headers, student, { status: 'inactive' })).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/users/${student}`, headers: eve.headers }))
        .statusCode,
    ).toBe(403);
    // Nor may it invite people into the pending organization.
    const invite = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: eve.headers,
      payload: { data: { type: 'user', attributes: { email: `mallory-${++n}@aanvaller.test` } } },
    });
    expect(invite.statusCode).toBe(403);
    // It still manages itself.
    const self = await idOf(eve.headers);
    expect((await app.inject({ url: `/api/v1/users/${self}`, headers: eve.headers })).statusCode).toBe(200);
  });
});

describe('finding 4: signup never grants a role to an existing account without its consent', () => {
  it('an existing student gets an invitation to accept; only accepting makes them admin', async () => {
    const res = await signUp('student@demo.test', 'NonProfit');
    expect(res.statusCode, res.body).toBe(201);
    const organizationId = res.json().data.id;
    const token = await tokenMail('student@demo.test', 'role_invitation', 'confirmation_token');
    const studentHeaders = await signIn('student@demo.test');
    const student = await idOf(studentHeaders);
    const roles = async () =>
      (await app.inject({ url: '/api/v1/current_user?include=roles', headers: studentHeaders }))
        .json()
        .included.filter((r: { type: string }) => r.type === 'role')
        .map((r: { attributes: { name: string; resource_id: string } }) => r.attributes);
    expect(await roles()).not.toContainEqual(expect.objectContaining({ resource_id: organizationId }));
    // The school can still help its student meanwhile.
    const schoolAdmin = at(await signIn('admin@demo.test'), SCHOOL);
    expect((await patchUser(schoolAdmin, student, { first_name: 'Sam' })).statusCode).toBe(200);

    const accepted = await app.inject({
      method: 'POST',
      url: '/api/v1/confirm',
      headers: { 'x-tenant': 'demo' },
      payload: { confirmation_token: token },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await roles()).toContainEqual(
      expect.objectContaining({ name: 'admin', resource_id: organizationId }),
    );
    // Single use.
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/confirm',
      headers: { 'x-tenant': 'demo' },
      payload: { confirmation_token: token },
    });
    expect(again.statusCode).toBe(422);
  });
});

describe('finding 5: POST /api/v1/users honours and checks organization_id', () => {
  const invite = (headers: THeaders, attributes: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers,
      payload: { data: { type: 'user', attributes } },
    });

  it('a VolunteerCenter admin cannot create an admin of a School they do not administer', async () => {
    const eve = await pendingOrganizationAdmin();
    const center = at(await signIn('admin@demo.test'), CENTER);
    const refused = await invite(center, {
      email: `stiekem-${++n}@demo.test`,
      role: 'admin',
      organization_id: eve.organizationId,
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().errors[0]).toMatchObject({
      source: { pointer: '/data/attributes/organization_id' },
    });
    const provider = at(await signIn('bedrijf@demo.test'), PROVIDER);
    expect(
      (await invite(provider, { email: `stiekem-${++n}@demo.test`, organization_id: SCHOOL })).statusCode,
    ).toBe(403);
  });

  it('is honoured for an organization the caller administers', async () => {
    const center = at(await signIn('admin@demo.test'), CENTER);
    const res = await invite(center, {
      email: `docent-${++n}@demo.test`,
      role: 'mentor',
      organization_id: SCHOOL,
    });
    expect(res.statusCode, res.body).toBe(201);
    const roles = res.json().included.filter((r: { type: string }) => r.type === 'role');
    expect(roles.map((r: { attributes: unknown }) => r.attributes)).toEqual([
      expect.objectContaining({ name: 'mentor', resource_type: 'School', resource_id: SCHOOL }),
    ]);
  });
});
