import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { requireAuth } from '@stageplein/kit/auth/policy';
import { authReadModelMigrationV1 } from '@stageplein/kit/migrations/auth-read-model.v1';
import { authReadModelMigrationV2 } from '@stageplein/kit/migrations/auth-read-model.v2';
import { outboxMigrationV1 } from '@stageplein/kit/migrations/outbox.v1';
import { outboxMigrationV2 } from '@stageplein/kit/migrations/outbox.v2';
import { registerService, type TServiceModule } from '@stageplein/kit/service';
import { SERVICES } from '@stageplein/stack/services';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { signAccessToken } from '@stageplein/kit/auth/access-token';
import { buildGateway } from '@stageplein/gateway/gateway.app';
import { UI_DIRS } from '@stageplein/gateway/ui-dirs';
import { freshClientAddress } from '@stageplein/testing/client-address';
import { testPlatform } from '@stageplein/testing/harness';
import type { TTestProduct } from '@stageplein/testing/product';

/**
 * Issue #12, findings 1 and 8: every service accepts a token only for a client identity issued and
 * has not ended (an allow-list), so the signing secret alone forges nothing; and sign-out, reset and
 * deactivation count in every service by the time identity answers (no waiting, no retries).
 */
let product: TTestProduct;
let app: FastifyInstance;
/** A service in its own process, as in the distributed profile, whose read model has seen nothing yet. */
let lagging: FastifyInstance;
const SCHOOL = seedOrganizationId('demo', 'school');
const CENTER = seedOrganizationId('demo', 'volunteer-center');
const PASSWORD = 'stageplein-demo';

type TCreds = { 'access-token': string; client: string; uid: string };

const probeRoutes: FastifyPluginAsync = async (scope) => {
  scope.get('/api/v1/probe/whoami', async (req) => ({ user_id: requireAuth(req).userId }));
};
/** Keeps the kit read model but consumes nothing: every client is "not seen yet" there. */
const laggingService: TServiceModule = {
  name: 'lagging',
  schema: 'lagging',
  prefixes: ['/api/v1/probe'],
  migrations: {
    '0001-outbox': outboxMigrationV1('lagging'),
    '0001-outbox-v2': outboxMigrationV2('lagging'),
    '0002-auth': authReadModelMigrationV1('lagging'),
    '0003-auth-sessions': authReadModelMigrationV2('lagging'),
  },
  routes: probeRoutes,
};

beforeAll(async () => {
  const services = [...SERVICES, laggingService];
  // The lagging service calls identity from loopback, standing for a peer inside the cluster: trusted
  // like docker-compose's services trust their private network (its x-tenant counts; docs/security.md).
  const platform = await testPlatform(services, {
    env: { PASSWORD_SCRYPT_COST: '10', TRUSTED_PROXIES: 'loopback' },
  });
  app = await buildGateway({
    config: platform.deps.config,
    deps: platform.deps,
    services,
    ui: UI_DIRS,
    logger: false,
  });
  product = { platform, app, close: async () => (await app.close(), await platform.close()) };
  // Identity over HTTP, and the lagging service told where it is (IDENTITY_URL), as in docker-compose.yml.
  const identityUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  lagging = await createHttpApp({ name: 'lagging', logger: false });
  const deps = product.platform.deps;
  await registerService(lagging, laggingService, {
    ...deps,
    config: { ...deps.config, IDENTITY_URL: identityUrl },
  });
});
afterAll(async () => {
  await lagging?.close();
  await product?.close();
});

const as = (creds: TCreds, organizationId = SCHOOL) => ({
  'x-tenant': 'demo',
  'x-current-organization-id': organizationId,
  ...creds,
});

async function signIn(email: string, password = PASSWORD): Promise<TCreds> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': 'demo' },
    remoteAddress: freshClientAddress(),
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
  };
}

const userId = async (creds: TCreds) =>
  (await app.inject({ url: '/api/v1/current_user', headers: as(creds) })).json().data.id as string;
const levels = async (creds: TCreds) =>
  (await app.inject({ url: '/api/v1/levels', headers: as(creds) })).statusCode;

describe('a token for a client identity never issued', () => {
  it('is refused (401) by organizations even when signed with the real secret', async () => {
    const admin = await signIn('admin@demo.test');
    const adminId = await userId(admin);
    const iat = Math.floor(Date.now() / 1000);
    const client = randomUUID();
    const forged: TCreds = {
      'access-token': signAccessToken(
        { sub: adminId, ten: 'demo', cid: client, uid: admin.uid, iat, exp: iat + 10 * 365 * 86400 },
        product.platform.config.AUTH_TOKEN_SECRET,
      ),
      client,
      uid: admin.uid,
    };
    // The real session works on every route the probe hit; the forged one on none of them.
    for (const [creds, ok] of [
      [admin, true],
      [forged, false],
    ] as const) {
      const expected = (status: number) => (ok ? status : 401);
      const get = (url: string, organizationId = SCHOOL) =>
        app.inject({ url, headers: as(creds, organizationId) });
      expect((await get('/api/v1/levels')).statusCode).toBe(expected(200));
      expect((await get('/api/v1/audit_log_entries', CENTER)).statusCode).toBe(expected(200));
      expect((await get('/api/v1/imports')).statusCode).toBe(expected(200));
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/levels',
        headers: as(creds),
        payload: { data: { type: 'level', attributes: { name: `forged-${ok}`, position: 20 } } },
      });
      expect(created.statusCode, created.body).toBe(expected(201));
      expect((await get('/api/v1/current_user')).statusCode).toBe(expected(200));
    }
  });

  it('is refused when the client is real but belongs to another user', async () => {
    const student = await signIn('student@demo.test');
    const admin = await signIn('admin@demo.test');
    const iat = Math.floor(Date.now() / 1000);
    const token = signAccessToken(
      { sub: await userId(admin), ten: 'demo', cid: student.client, uid: student.uid, iat, exp: iat + 3600 },
      product.platform.config.AUTH_TOKEN_SECRET,
    );
    expect(await levels({ ...student, 'access-token': token })).toBe(401);
    expect(await levels(student)).toBe(200);
  });
});

describe('ending a session counts everywhere before identity answers', () => {
  it('sign-out: the same token is refused on /api/v1/levels right after DELETE /auth/sign_out', async () => {
    const creds = await signIn('student@demo.test');
    expect(await levels(creds)).toBe(200);
    const out = await app.inject({ method: 'DELETE', url: '/auth/sign_out', headers: as(creds) });
    expect(out.statusCode).toBe(200);
    expect(await levels(creds)).toBe(401);
  });

  it('password reset: the other clients are refused right after PUT /auth/password', async () => {
    const kept = await signIn('mentor@demo.test');
    const other = await signIn('mentor@demo.test');
    expect(await levels(other)).toBe(200);
    const reset = await app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: as(kept),
      payload: { password: 'a-new-password-1', password_confirmation: 'a-new-password-1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await levels(other)).toBe(401);
    expect(await levels(kept)).toBe(200);
  });

  it('deactivation: the user’s clients are refused right after the admin’s PATCH', async () => {
    const admin = await signIn('admin@demo.test');
    const student = await signIn('student@demo.test');
    expect(await levels(student)).toBe(200);
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${await userId(student)}`,
      headers: as(admin),
      payload: { attributes: { status: 'inactive' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await levels(student)).toBe(401);
  });

  it('sign-in: a fresh client works in every service at once', async () => {
    for (let i = 0; i < 3; i++) expect(await levels(await signIn('admin@demo.test'))).toBe(200);
  });
});

describe('distributed profile: a service whose read model has not seen the client yet', () => {
  const whoami = async (creds: TCreds) =>
    (await lagging.inject({ url: '/api/v1/probe/whoami', headers: as(creds) })).statusCode;

  it('asks identity: a fresh client counts at once, a forged or ended one does not', async () => {
    const creds = await signIn('bedrijf@demo.test');
    expect(await whoami(creds)).toBe(200);
    const iat = Math.floor(Date.now() / 1000);
    const client = randomUUID();
    const forged = signAccessToken(
      { sub: await userId(creds), ten: 'demo', cid: client, uid: creds.uid, iat, exp: iat + 3600 },
      product.platform.config.AUTH_TOKEN_SECRET,
    );
    expect(await whoami({ 'access-token': forged, client, uid: creds.uid })).toBe(401);
    // The right client with another token of it (same key, other jti) is not that session either.
    const other = signAccessToken(
      { sub: await userId(creds), ten: 'demo', cid: creds.client, uid: creds.uid, iat, exp: iat + 3600 },
      product.platform.config.AUTH_TOKEN_SECRET,
    );
    expect(await whoami({ ...creds, 'access-token': other })).toBe(401);
    await app.inject({ method: 'DELETE', url: '/auth/sign_out', headers: as(creds) });
    expect(await whoami(creds)).toBe(401);
  });
});
