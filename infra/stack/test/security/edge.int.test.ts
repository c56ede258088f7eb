import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { DEMO_PASSWORD, demoEmail } from '@stageplein/identity';
import { expectJsonApi } from '@stageplein/testing/jsonapi-conformance';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';

/**
 * The edge of the whole product (issue #12, findings 7 and 10; docs/security.md "Edge: proxies, hosts,
 * input"): bad input is a 422 catalogue error before any route or the database sees it, and a client
 * that is no trusted proxy cannot choose its tenant, host or address by header. This product has no
 * DEFAULT_TENANT (as the distributed profile), so a Host must name a tenant.
 */
const NOW = new Date('2026-11-21T12:00:00Z');
const SCHOOL = seedOrganizationId('demo', 'school');
let product: TTestProduct;
let port: number;
let admin: Record<string, string>;

beforeAll(async () => {
  product = await testProduct({ now: NOW, env: { DEFAULT_TENANT: '', PASSWORD_SCRYPT_COST: '10' } });
  await product.app.listen({ port: 0, host: '127.0.0.1' });
  port = (product.app.server.address() as AddressInfo).port;
  const res = await product.app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': 'demo' },
    payload: { email: demoEmail('admin', 'demo'), password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  admin = {
    'x-tenant': 'demo',
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
    'x-current-organization-id': SCHOOL,
  };
});
afterAll(async () => product?.close());

const send = (method: 'POST' | 'PATCH', url: string, payload: string, headers: Record<string, string>) =>
  product.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload });

function expectRefused(res: { statusCode: number; json(): unknown }, code: string, pointer?: string) {
  expect(res.statusCode).toBe(422);
  const body = res.json() as { errors: { code: string; source?: { pointer?: string } }[] };
  expectJsonApi(body);
  expect(body.errors[0]).toMatchObject({ status: '422', code, ...(pointer ? { source: { pointer } } : {}) });
}

describe('control characters in JSON strings (finding 7)', () => {
  it('POST /auth/sign_in (anonymous): 422 control_characters, not 500', async () => {
    const res = await send('POST', '/auth/sign_in', '{"email":"admin@demo.test\\u0000","password":"x"}', {
      'x-tenant': 'demo',
    });
    expectRefused(res, 'control_characters', '/email');
  });

  it('POST /api/v1/levels: 422', async () => {
    const res = await send(
      'POST',
      '/api/v1/levels',
      '{"data":{"type":"level","attributes":{"name":"vm\\u0000bo"}}}',
      { ...admin, 'content-type': 'application/vnd.api+json' },
    );
    expectRefused(res, 'control_characters', '/data/attributes/name');
  });

  it('PATCH /api/v1/current_user: 422, also for other control characters and in keys', async () => {
    for (const bad of ['\\u0000', '\\u0007', '\\u001b', '\\u007f', '\\u0085']) {
      const res = await send('PATCH', '/api/v1/current_user', `{"user":{"first_name":"A${bad}B"}}`, admin);
      expectRefused(res, 'control_characters', '/user/first_name');
    }
    const key = await send('PATCH', '/api/v1/current_user', '{"user":{"first\\u0000name":"A"}}', admin);
    expectRefused(key, 'control_characters');
  });

  it('keeps tab, CR and LF, and ordinary text', async () => {
    const res = await send(
      'PATCH',
      '/api/v1/current_user',
      '{"user":{"first_name":"Zoë\\tvan\\r\\nDijk"}}',
      admin,
    );
    expect(res.statusCode).not.toBe(422);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('dates outside a sane range (finding 7)', () => {
  it.each(['0000-01-01', '1899-12-31', '2201-01-01'])(
    'POST /api/v1/internship_periods with start_date %s: 422 validation_failed',
    async (date) => {
      const res = await send(
        'POST',
        '/api/v1/internship_periods',
        JSON.stringify({
          data: {
            type: 'internship_period',
            attributes: { name: 'P', start_date: date, end_date: '2027-01-31' },
          },
        }),
        admin,
      );
      expectRefused(res, 'validation_failed', '/data/attributes/start_date');
    },
  );
});

/** A request over a real socket from this machine, which is no trusted proxy of this product. */
function request(headers: Record<string, string>, path = '/api/v1/school_years') {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

const ids = (text: string) => (JSON.parse(text) as { data: { id: string }[] }).data.map((d) => d.id).sort();

describe('hosts and proxies (findings 6 and 10)', () => {
  it('an unknown Host is 421 unknown_host, never the default tenant, never echoed', async () => {
    const res = await request({ host: 'evil.test' });
    expect(res.status).toBe(421);
    expect(JSON.parse(res.text)).toMatchObject({ errors: [{ code: 'unknown_host' }] });
    expect(res.text).not.toContain('evil.test');
  });

  it('x-tenant and X-Forwarded-Host from a client are ignored: the Host decides', async () => {
    const demo = await request({ host: 'demo.localhost:3000' });
    const raayland = await request({ host: 'raayland.localhost:3000' });
    expect(demo.status).toBe(200);
    expect(ids(demo.text)).not.toEqual(ids(raayland.text));
    const forged = await request({
      host: 'demo.localhost:3000',
      'x-tenant': 'raayland',
      'x-forwarded-host': 'raayland.localhost:3000',
    });
    expect(ids(forged.text)).toEqual(ids(demo.text));
    expect((await request({ host: '127.0.0.1', 'x-tenant': 'demo' })).status).toBe(421);
  });

  it('JSON:API links use the Host that named the tenant, not a forwarded one', async () => {
    const res = await request(
      {
        host: 'demo.localhost:3000',
        'x-forwarded-host': 'evil.test',
        'x-forwarded-proto': 'https',
        ...admin,
      },
      '/api/v1/organizations?page[size]=1',
    );
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('evil.test');
    expect(res.text).toContain('http://demo.localhost:3000/api/v1/organizations');
  });
});
