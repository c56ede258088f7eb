import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { expectJsonApi } from '@stageplein/testing/jsonapi-conformance';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';

// 2026-11-21: school year 2026-2027 is current, 2027-2028 next.
const NOW = new Date('2026-11-21T12:00:00Z');

let platform: TTestProduct['platform'];
let app: FastifyInstance;

beforeAll(async () => {
  ({ platform, app } = await testProduct({ now: NOW }));
});
afterAll(async () => {
  await app?.close();
  await platform?.close();
});

describe('GET /api/v1/school_years', () => {
  it('returns the tenant’s school years as JSON:API with is_current / is_next from the date', async () => {
    const res = await app.inject({ url: '/api/v1/school_years', headers: { 'x-tenant': 'demo' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.api+json');
    const body = res.json();
    expectJsonApi(body);
    expect(body.meta.total).toBe(3);
    const byName = Object.fromEntries(
      body.data.map((r: { attributes: { name: string } }) => [r.attributes.name, r.attributes]),
    );
    expect(byName['2026-2027']).toMatchObject({
      is_current: true,
      is_next: false,
      start_date: '2026-08-01',
      end_date: '2027-07-31',
    });
    expect(byName['2027-2028']).toMatchObject({ is_current: false, is_next: true });
    expect(byName['2025-2026']).toMatchObject({ is_current: false, is_next: false });
    expect(body.data.every((r: { type: string }) => r.type === 'school_year')).toBe(true);
  });

  it('takes the tenant from the host name when no header is sent', async () => {
    const a = await app.inject({ url: '/api/v1/school_years', headers: { host: 'raayland.localhost:3000' } });
    const b = await app.inject({ url: '/api/v1/school_years', headers: { 'x-tenant': 'demo' } });
    const ids = (r: typeof a) => r.json().data.map((d: { id: string }) => d.id);
    expect(a.statusCode).toBe(200);
    expect(ids(a)).toHaveLength(3);
    expect(ids(a).some((id: string) => ids(b).includes(id))).toBe(false);
  });

  it('falls back to the tenant cookie, then to the default tenant', async () => {
    const viaCookie = await app.inject({ url: '/api/v1/school_years', headers: { cookie: 'tenant=axia' } });
    const viaDefault = await app.inject({ url: '/api/v1/school_years' });
    const axia = await app.inject({ url: '/api/v1/school_years', headers: { 'x-tenant': 'axia' } });
    const stageplein = await app.inject({
      url: '/api/v1/school_years',
      headers: { 'x-tenant': 'stageplein' },
    });
    expect(viaCookie.json().data).toEqual(axia.json().data);
    expect(viaDefault.json().data).toEqual(stageplein.json().data);
  });
});

describe('errors', () => {
  it('an unknown tenant header is a localized JSON:API error (nl default, en on request)', async () => {
    const nl = await app.inject({ url: '/api/v1/school_years', headers: { 'x-tenant': 'atlantis' } });
    const en = await app.inject({
      url: '/api/v1/school_years',
      headers: { 'x-tenant': 'atlantis', 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(nl.statusCode).toBe(400);
    expectJsonApi(nl.json());
    expectJsonApi(en.json());
    expect(nl.json().errors[0]).toMatchObject({
      status: '400',
      code: 'unknown_tenant',
      source: { parameter: 'x-tenant' },
    });
    expect(en.json().errors[0].detail).toContain('atlantis');
    expect(nl.json().errors[0].title).not.toEqual(en.json().errors[0].title);
  });

  it('an unknown API path is a JSON:API 404', async () => {
    const res = await app.inject({ url: '/api/v1/nothing_here', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expectJsonApi(res.json());
    expect(res.json().errors[0]).toMatchObject({ status: '404', code: 'not_found' });
  });
});

describe('operations', () => {
  it('serves health, readiness and an OpenAPI document generated from the route schemas', async () => {
    expect((await app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks['organizations-db']).toBe('ok');
    const openapi = (await app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(openapi.openapi).toMatch(/^3\./);
    const op = openapi.paths['/api/v1/school_years'].get;
    expect(op.responses['200'].content['application/vnd.api+json'].schema.properties.data.type).toBe('array');
  });

  it('sends security headers', async () => {
    const res = await app.inject({ url: '/api/v1/school_years', headers: { 'x-tenant': 'demo' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
