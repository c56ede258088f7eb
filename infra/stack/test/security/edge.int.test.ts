import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { createDb, createPool } from '@stageplein/kit/db/database';
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
let owner: Kysely<unknown>;

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
  owner = createDb(createPool(product.platform.ownerUrl, 1));
});
afterAll(async () => {
  await owner?.destroy();
  await product?.close();
});

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

describe('year 0 in the dates of bodies (issue #31.4, beside the filters)', () => {
  it.each(['0000-01-01', '2201-01-01'])('a news article and a vacancy with %s: 422', async (date) => {
    const news = await send(
      'POST',
      '/api/v1/cms/news',
      JSON.stringify({
        data: { type: 'news_article', attributes: { slug: `y${date}`, title: 'T', date } },
      }),
      admin,
    );
    expectRefused(news, 'validation_failed', '/data/attributes/date');
    const vacancy = await send(
      'POST',
      '/api/v1/vacancies',
      JSON.stringify({ data: { type: 'vacancy', attributes: { title: 'T', starts_on: date } } }),
      admin,
    );
    expectRefused(vacancy, 'validation_failed', '/data/attributes/starts_on');
  });
});

/** An hours entry (added here) of one of the demo School's seeded internships. */
async function seededEntry() {
  const { rows } = await sql<{ id: string }>`
    select id from placements.internships where tenant_id = 'demo' and school_id = ${SCHOOL}
    order by id limit 1`.execute(owner);
  const internship_id = rows[0]!.id;
  const entry = await sql<{ id: string }>`
    insert into placements.hours_entries
      (tenant_id, internship_id, date, quarters, description, status, created_at, updated_at)
    values ('demo', ${internship_id}, '2026-11-02', 8, 'Kassa', 'pending', now(), now())
    returning id`.execute(owner);
  return { id: entry.rows[0]!.id, internship_id };
}

describe('no 500 from bad input (issue #31.4)', () => {
  const anonymous = { 'x-tenant': 'demo' };
  const nested = (depth: number) => [
    '['.repeat(depth) + ']'.repeat(depth),
    '{"data":'.repeat(depth) + '{}' + '}'.repeat(depth),
  ];

  it.each([200, 5_000, 10_000, 100_000])(
    'JSON nested %i levels deep: 422 json_too_deep on anonymous and signed-in routes',
    async (depth) => {
      for (const [url, headers] of [
        ['/auth/sign_in', anonymous],
        ['/api/v1/client_errors', anonymous],
        ['/api/v1/public/forms/contact/submissions', anonymous],
        ['/api/v1/levels', admin],
      ] as const) {
        for (const payload of nested(depth)) {
          const res = await send('POST', url, payload, headers);
          // The error reports take small bodies: past their limit they are a 413 before parsing.
          if (url === '/api/v1/client_errors' && payload.length > 32 * 1024) {
            expect(res.json()).toMatchObject({ errors: [{ status: '413', code: 'payload_too_large' }] });
            continue;
          }
          expect(res.statusCode, `${url} ${res.body.slice(0, 300)}`).toBe(422);
          expectRefused(res, 'json_too_deep');
        }
      }
    },
  );

  it.each([
    ['filter[starts_on_gteq]', '2026-02-30'],
    ['filter[starts_on_gteq]', '0000-01-01'],
    ['filter[ends_on_lteq]', '2026-04-31'],
    ['filter[published_at_gteq]', '0000-01-01T00:00:00Z'],
    ['filter[published_at_lteq]', '2026-02-30T10:00:00Z'],
    ['filter[published_at_lteq]', '2026-01-01T24:30:00Z'],
  ])('anonymous vacancies and markers with %s=%s: 400 naming the parameter', async (key, value) => {
    for (const path of ['/api/v1/vacancies', '/api/v1/vacancies/markers']) {
      const res = await product.app.inject({
        url: `${path}?${new URLSearchParams({ [key]: value })}`,
        headers: anonymous,
      });
      expect(res.statusCode, `${path} ${res.body.slice(0, 300)}`).toBe(400);
      expectJsonApi(res.json());
      expect(res.json().errors[0]).toMatchObject({ code: 'bad_request', source: { parameter: key } });
    }
  });

  it('a real date still filters', async () => {
    const res = await product.app.inject({
      url: '/api/v1/vacancies/markers?filter[starts_on_gteq]=2024-02-29&filter[published_at_gteq]=2020-01-01T00:00:00Z',
      headers: anonymous,
    });
    expect(res.statusCode).toBe(200);
  });

  it.each(['[]', '"x"', '1', '{}', '{"data":{"type":"hours_sign_off","attributes":{"note":5}}}'])(
    'POST /api/v1/hours/{id}/sign_off with the body %s: 422 validation_failed, nothing signed off',
    async (payload) => {
      const { internship_id } = await seededEntry();
      const res = await send('POST', `/api/v1/hours/${internship_id}/sign_off`, payload, admin);
      expectRefused(res, 'validation_failed');
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from placements.hours_sheets
        where internship_id = ${internship_id} and signed_off_at is not null`.execute(owner);
      expect(rows[0]!.n).toBe(0);
    },
  );

  it('half a surrogate pair in a bulk message subject or a correction reason: 422 control_characters', async () => {
    const { id, internship_id } = await seededEntry();
    for (const lone of ['\\ud800', '\\udfff', 'a\\ud83d']) {
      const bulk = await send(
        'POST',
        '/api/v1/internships/bulk_messages',
        `{"data":{"type":"bulk_message","attributes":{"subject":"S${lone}","body":"B","internship_ids":["${internship_id}"]}}}`,
        admin,
      );
      expectRefused(bulk, 'control_characters', '/data/attributes/subject');
      const correction = await send(
        'POST',
        `/api/v1/hours/${internship_id}/entries/${id}/correct`,
        `{"data":{"type":"hours_correction","attributes":{"hours":2,"reason":"R${lone}"}}}`,
        admin,
      );
      expectRefused(correction, 'control_characters', '/data/attributes/reason');
    }
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from placements.bulk_messages where tenant_id = 'demo'`.execute(owner);
    expect(rows[0]!.n).toBe(0);
  });
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

  it.each([
    ['/api/v1/organizations?page[size]=1', 'organizations'],
    ['/api/v1/internships?page[size]=1', 'placements'],
    ['/api/v1/vacancies?page[number]=1&page[size]=1', 'placements (search)'],
    ['/api/v1/vacancies/markers', 'placements (markers)'],
    ['/api/v1/cms/pages?page[size]=1', 'content'],
    ['/api/v1/users?page[size]=1', 'identity'],
  ])("%s (%s): a Host that is not the product's own is never echoed in links (#31.6)", async (path) => {
    const res = await request({ host: 'demo.evil.test:3000', ...admin }, path);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.text).not.toContain('evil.test');
    const links = (JSON.parse(res.text) as { links: Record<string, string | null> }).links;
    expect(links.self).toMatch(/^http:\/\/demo\.localhost(:\d+)?\//);
  });
});
