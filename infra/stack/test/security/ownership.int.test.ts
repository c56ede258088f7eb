import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';
import { at, next, ownershipCalls, type THeaders } from './ownership-helpers.ts';

/**
 * Issue #12 findings 3, 4 and 5 and the identity calls of spec §7, against the whole product (every
 * service behind the gateway): authorization by ownership, signup that invites an existing account
 * instead of granting it a role, `organization_id` on POST /users and the moderators' admin list
 * (token-only confirm and e-mail changes: services/identity/src/users/users.int.test.ts; every
 * endpoint × role × organization × tenant: authorization-matrix.int.test.ts).
 */
let product: TTestProduct;
let app: FastifyInstance;
let calls: ReturnType<typeof ownershipCalls>;
const SCHOOL = seedOrganizationId('demo', 'school');
const CENTER = seedOrganizationId('demo', 'volunteer-center');
const PROVIDER = seedOrganizationId('demo', 'provider');

beforeAll(async () => {
  product = await testProduct({ seed: true });
  app = product.app;
  calls = ownershipCalls(product);
});
afterAll(async () => product?.close());

const signIn = (email: string, password?: string) => calls.signIn(email, password);
const idOf = (headers: THeaders) => calls.idOf(headers);
const tokenMail = (to: string, kind: string, param: string) => calls.tokenMail(to, kind, param);
const signUp = (email: string, type?: string) => calls.signUp(email, type);
const pendingOrganizationAdmin = () => calls.pendingOrganizationAdmin();
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
      payload: { data: { type: 'user', attributes: { email: `mallory-${next()}@aanvaller.test` } } },
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
      email: `stiekem-${next()}@demo.test`,
      role: 'admin',
      organization_id: eve.organizationId,
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().errors[0]).toMatchObject({
      source: { pointer: '/data/attributes/organization_id' },
    });
    const provider = at(await signIn('bedrijf@demo.test'), PROVIDER);
    expect(
      (await invite(provider, { email: `stiekem-${next()}@demo.test`, organization_id: SCHOOL })).statusCode,
    ).toBe(403);
  });

  it('is honoured for an organization the caller administers', async () => {
    const center = at(await signIn('admin@demo.test'), CENTER);
    const res = await invite(center, {
      email: `docent-${next()}@demo.test`,
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

describe('spec §7: GET /api/v1/users/?filter[organization_id_eq]=X&filter[with_role]=admin', () => {
  const adminsOf = (headers: THeaders, organizationId: string, role = 'admin') =>
    app.inject({
      url: `/api/v1/users/?filter[organization_id_eq]=${organizationId}&filter[with_role]=${role}&page[size]=50`,
      headers,
    });
  const emails = (res: LightMyRequestResponse) =>
    res.json().data.map((u: { attributes: { email: string } }) => u.attributes.email);

  it('answers a moderator of X with X’s admins, and refuses everyone else', async () => {
    const eve = await pendingOrganizationAdmin();
    const operator = at(await signIn('admin@demo.test'), CENTER);
    const pending = await adminsOf(operator, eve.organizationId);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(emails(pending)).toEqual([eve.email]);
    // A School admin moderates Providers and NonProfits.
    const schoolAdmin = at(await signIn('admin@demo.test'), SCHOOL);
    const provider = await adminsOf(schoolAdmin, PROVIDER);
    expect(provider.statusCode, provider.body).toBe(200);
    expect(emails(provider)).toEqual(['bedrijf@demo.test']);

    expect((await adminsOf(schoolAdmin, eve.organizationId)).statusCode).toBe(200); // a pending Provider
    const pendingSchool = await signUp(`rector-${next()}@aanvaller.test`, 'School');
    expect(pendingSchool.statusCode).toBe(201);
    expect((await adminsOf(schoolAdmin, pendingSchool.json().data.id)).statusCode).toBe(403);
    expect((await adminsOf(operator, eve.organizationId, 'student')).statusCode).toBe(403);
    expect((await adminsOf(at(await signIn('bedrijf@demo.test'), PROVIDER), SCHOOL)).statusCode).toBe(403);
    expect((await adminsOf(at(await signIn('mentor@demo.test'), SCHOOL), PROVIDER)).statusCode).toBe(403);
    expect((await adminsOf(at(await signIn('student@demo.test'), SCHOOL), PROVIDER)).statusCode).toBe(403);
    expect((await adminsOf(eve.headers, PROVIDER)).statusCode).toBe(403);
    expect((await adminsOf({ 'x-tenant': 'demo' }, PROVIDER)).statusCode).toBe(401);
  });
});
