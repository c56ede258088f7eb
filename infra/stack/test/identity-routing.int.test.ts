import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SERVICES } from '../src/services.ts';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';

let platform: TTestProduct['platform'];
let app: FastifyInstance;

beforeAll(async () => {
  ({ platform, app } = await testProduct());
});
afterAll(async () => {
  await app?.close();
  await platform?.close();
});

describe('identity behind the gateway', () => {
  it('routes the sign-in protocol and /api/v1 identity paths to identity, with the credential headers intact', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { host: 'demo.localhost:3000' },
      payload: { email: 'admin@demo.test', password: 'stageplein-demo' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['token-type']).toBe('Bearer');
    const creds = {
      'access-token': String(res.headers['access-token']),
      client: String(res.headers.client),
      uid: String(res.headers.uid),
    };
    const me = await app.inject({
      url: '/api/v1/current_user?include=roles',
      headers: { host: 'demo.localhost:3000', ...creds },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.attributes.email).toBe('admin@demo.test');
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: '/auth/sign_out',
          headers: { host: 'demo.localhost:3000', ...creds },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('keeps GET /auth/* page paths with the UI', async () => {
    for (const path of [
      '/auth/login-1',
      '/auth/recover',
      '/auth/reset',
      '/auth/token',
      '/confirm',
      '/account/verwijderen',
    ]) {
      const res = await app.inject({ url: path, headers: { host: 'demo.localhost:3000' } });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type'], path).toContain('text/html');
    }
    const api = await app.inject({ url: '/auth/sign_in' });
    expect(api.headers['content-type']).toContain('application/vnd.api+json');
  });

  it('lists identity’s routes in the OpenAPI document', async () => {
    const paths = Object.keys((await app.inject({ url: '/api/v1/openapi.json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/auth/sign_in',
        '/auth/sign_out',
        '/auth/password',
        '/api/v1/current_user',
        '/api/v1/users',
        '/api/v1/users/{id}',
        '/api/v1/sign_in_as_user',
        '/api/v1/confirm',
      ]),
    );
  });

  it('every identity prefix is an API path, never a page of the route manifest', async () => {
    const identity = SERVICES.find((s) => s.name === 'identity')!;
    const { matchRoute } = await import('@stageplein/contracts/routes/route-manifest');
    for (const prefix of identity.prefixes) {
      const match = matchRoute(prefix);
      expect(!match || match.route.cmsPage, prefix).toBeTruthy();
    }
  });
});
