import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { authReadModelConsumer } from '@stageplein/kit/auth/auth-read-model.consumer';
import { authReadModelMigrationV1 } from '@stageplein/kit/migrations/auth-read-model.v1';
import { authReadModelMigrationV2 } from '@stageplein/kit/migrations/auth-read-model.v2';
import { requireAuth } from '@stageplein/kit/auth/policy';
import { outboxMigrationV1 } from '@stageplein/kit/migrations/outbox.v1';
import { outboxMigrationV2 } from '@stageplein/kit/migrations/outbox.v2';
import type { TServiceDeps, TServiceModule } from '@stageplein/kit/service';
import { organizationsService } from '@stageplein/organizations';
import { notificationsService } from '@stageplein/notifications';
import { identityService } from '../src/identity.module.ts';
import {
  as,
  createUser,
  demoCreds,
  eventually,
  identityHarness,
  linkParam,
  mailsTo,
  org,
  signIn,
  TEST_PASSWORD,
  type TCreds,
  type TIdentityHarness,
} from './identity-harness.ts';

/**
 * Another service checks credentials itself (kit auth plugin + its own read model fed by identity's
 * events), never by asking identity: sign-out, reset, eviction, role changes and deletion reach it.
 */
const probeRoutes: FastifyPluginAsync<TServiceDeps> = async (app) => {
  app.get('/api/v1/probe/whoami', async (req) => {
    const auth = requireAuth(req);
    return {
      user_id: auth.userId,
      impersonator_id: auth.impersonatorId,
      roles: auth.roles,
      permissions: auth.permissions,
    };
  });
};
const probeService: TServiceModule = {
  name: 'probe',
  schema: 'probe',
  prefixes: ['/api/v1/probe'],
  migrations: {
    '0001-outbox': outboxMigrationV1('probe'),
    '0001-outbox-v2': outboxMigrationV2('probe'),
    '0002-auth': authReadModelMigrationV1('probe'),
    '0003-auth-sessions': authReadModelMigrationV2('probe'),
  },
  routes: probeRoutes,
  consumers: (deps) => [authReadModelConsumer(deps, 'probe')],
};

let h: TIdentityHarness;
let app: FastifyInstance;
const SCHOOL = org('demo', 'school');

beforeAll(async () => {
  h = await identityHarness({
    services: [identityService, organizationsService, notificationsService, probeService],
  });
  app = h.app;
});
afterAll(async () => h?.close());

const probe = (creds: TCreds, organizationId = SCHOOL) =>
  app.inject({ url: '/api/v1/probe/whoami', headers: as(creds, 'demo', organizationId) });
const statusOf = async (creds: TCreds) => (await probe(creds)).statusCode;

describe('credentials checked by another service', () => {
  it('knows the user and their roles from the events, with spec §6 permissions for the current organization', async () => {
    const admin = await demoCreds(app, 'admin');
    await eventually(async () => {
      const res = await probe(admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().permissions).toMatchObject({
        isAdmin: true,
        isSchoolAdmin: true,
        isSchoolOrCenterAdmin: true,
        isVolunteerCenterAdmin: false,
      });
    });
    const center = await probe(admin, org('demo', 'volunteer-center'));
    expect(center.json().permissions).toMatchObject({ isVolunteerCenterAdmin: true, isSchoolAdmin: false });
    // The probe verifies the signature itself: a forged token is refused there too.
    const [head, , sig] = admin['access-token'].split('.');
    const forged = Buffer.from(
      JSON.stringify({
        sub: 'x',
        ten: 'demo',
        cid: admin.client,
        uid: admin.uid,
        iat: 1,
        exp: 9e9,
        jti: 'j',
      }),
    ).toString('base64url');
    expect(await statusOf({ ...admin, 'access-token': `${head}.${forged}.${sig}` })).toBe(401);
  });

  it('a signed-out client stops working there too; the other client keeps working', async () => {
    const email = 'probe-signout@demo.test';
    await createUser(h, { email, roles: [['student', 'School', SCHOOL]] });
    const a = (await signIn(app, email, TEST_PASSWORD)).creds;
    const b = (await signIn(app, email, TEST_PASSWORD)).creds;
    expect(await statusOf(a)).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/auth/sign_out', headers: as(a) })).statusCode).toBe(
      200,
    );
    await eventually(async () => expect(await statusOf(a)).toBe(401));
    expect(await statusOf(b)).toBe(200);
  });

  it('a password reset ends the other clients there too', async () => {
    const email = 'probe-reset@demo.test';
    await createUser(h, { email, roles: [['student', 'School', SCHOOL]] });
    const old = (await signIn(app, email, TEST_PASSWORD)).creds;
    expect(await statusOf(old)).toBe(200);
    await app.inject({
      method: 'POST',
      url: '/auth/password',
      headers: { 'x-tenant': 'demo' },
      payload: { email },
    });
    const token = linkParam((await mailsTo(app, email))[0]!, 'reset_password_token');
    const reset = await app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: { 'x-tenant': 'demo' },
      payload: {
        password: 'fresh-password',
        password_confirmation: 'fresh-password',
        reset_password_token: token,
      },
    });
    expect(reset.statusCode).toBe(200);
    await eventually(async () => expect(await statusOf(old)).toBe(401));
    expect(await statusOf((await signIn(app, email, 'fresh-password')).creds)).toBe(200);
  });

  it('an evicted client (over the 10-client cap) stops working there too', async () => {
    const email = 'probe-evict@demo.test';
    await createUser(h, { email, roles: [['student', 'School', SCHOOL]] });
    const first = (await signIn(app, email, TEST_PASSWORD)).creds;
    expect(await statusOf(first)).toBe(200);
    for (let i = 0; i < 10; i++) await signIn(app, email, TEST_PASSWORD);
    await eventually(async () => expect(await statusOf(first)).toBe(401));
  });

  it('role changes and deactivation reach it', async () => {
    const admin = await demoCreds(app, 'admin');
    const email = 'probe-roles@demo.test';
    const id = await createUser(h, { email, roles: [['student', 'School', SCHOOL]] });
    const creds = (await signIn(app, email, TEST_PASSWORD)).creds;
    // Roles made behind the API's back never reached the events: none known yet; add one through the API.
    const added = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${id}/add_role`,
      headers: as(admin, 'demo', SCHOOL),
      payload: { role: { name: 'mentor' } },
    });
    expect(added.statusCode).toBe(200);
    await eventually(async () => expect((await probe(creds)).json().permissions.isMentor).toBe(true));
    await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${id}/remove_role`,
      headers: as(admin, 'demo', SCHOOL),
      payload: { role: { name: 'mentor' } },
    });
    await eventually(async () => expect((await probe(creds)).json().permissions.isMentor).toBe(false));
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${id}`,
      headers: as(admin, 'demo', SCHOOL),
      payload: { attributes: { status: 'inactive' } },
    });
    await eventually(async () => expect(await statusOf(creds)).toBe(401));
  });

  it('a deleted account stops working there too', async () => {
    const admin = await demoCreds(app, 'admin');
    const email = 'probe-delete@demo.test';
    const id = await createUser(h, { email, roles: [['student', 'School', SCHOOL]] });
    const creds = (await signIn(app, email, TEST_PASSWORD)).creds;
    expect(await statusOf(creds)).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/users/${id}`, headers: as(admin, 'demo', SCHOOL) }))
        .statusCode,
    ).toBe(200);
    await eventually(async () => expect(await statusOf(creds)).toBe(401));
  });

  it('impersonation tokens name the impersonator there too', async () => {
    const admin = await demoCreds(app, 'admin');
    const id = await createUser(h, { email: 'probe-imp@demo.test', roles: [['student', 'School', SCHOOL]] });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/sign_in_as_user',
      headers: as(admin, 'demo', SCHOOL),
      payload: { data: { type: 'user', attributes: { user_id: id } } },
    });
    const creds = {
      'access-token': String(res.headers['access-token']),
      client: String(res.headers.client),
      uid: String(res.headers.uid),
    };
    const adminId = (await app.inject({ url: '/api/v1/current_user', headers: as(admin) })).json().data.id;
    expect((await probe(creds)).json()).toMatchObject({ user_id: id, impersonator_id: adminId });
  });
});
