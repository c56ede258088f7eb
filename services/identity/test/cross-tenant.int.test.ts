import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  as,
  createUser,
  demoCreds,
  identityHarness,
  linkParam,
  mailsTo,
  requestedMailsTo,
  org,
  withOwner,
  type TCreds,
  type TIdentityHarness,
} from './identity-harness.ts';

/** A demo admin probing raayland: every answer is "not here", and nothing of raayland changes or leaks. */
let h: TIdentityHarness;
let app: FastifyInstance;
let demoAdmin: TCreds;
let raaylandStudent: string;
const DEMO_SCHOOL = org('demo', 'school');
const RAAYLAND_SCHOOL = org('raayland', 'school');

beforeAll(async () => {
  h = await identityHarness();
  app = h.app;
  demoAdmin = await demoCreds(app, 'admin');
  raaylandStudent = await createUser(h, {
    email: 'victim@raayland.test',
    tenant: 'raayland',
    roles: [['student', 'School', RAAYLAND_SCHOOL]],
  });
});
afterAll(async () => h?.close());

const raaylandRow = () =>
  withOwner(
    h,
    async (owner) =>
      (
        await sql`select u.*, (select count(*)::int from identity.roles r where r.user_id = u.id) as roles from identity.users u where u.id = ${raaylandStudent}`.execute(
          owner,
        )
      ).rows[0],
  );

describe('cross-tenant probes', () => {
  it('a token of one tenant is worthless on another', async () => {
    const res = await app.inject({ url: '/api/v1/current_user', headers: as(demoAdmin, 'raayland') });
    expect(res.statusCode).toBe(401);
    expect(JSON.stringify(res.json())).not.toContain('raayland.test');
    expect(
      (await app.inject({ url: '/api/v1/current_user', headers: as(demoAdmin, 'demo') })).statusCode,
    ).toBe(200);
  });

  it('lists no user of another tenant, whatever the filters', async () => {
    for (const url of [
      '/api/v1/users?page[size]=1000',
      '/api/v1/users?filter[search]=raayland',
      '/api/v1/users?filter[email_cont]=raayland',
      `/api/v1/users?filter[organization_id_eq]=${DEMO_SCHOOL}&filter[with_role]=student`,
    ]) {
      const res = await app.inject({ url, headers: as(demoAdmin, 'demo', DEMO_SCHOOL) });
      expect(res.statusCode, url).toBe(200);
      const { data, included = [] } = res.json();
      expect(data.length, url).toBeGreaterThanOrEqual(url.includes('raayland') ? 0 : 1);
      expect(JSON.stringify([data, included]), url).not.toContain('raayland');
    }
    // Another tenant's organization as the current one grants nothing.
    const foreignOrg = await app.inject({
      url: '/api/v1/users',
      headers: as(demoAdmin, 'demo', RAAYLAND_SCHOOL),
    });
    expect(foreignOrg.statusCode).toBe(403);
  });

  it('another tenant’s user id is 404 for every action, and nothing changes', async () => {
    const before = await raaylandRow();
    const headers = as(demoAdmin, 'demo', DEMO_SCHOOL);
    const calls = [
      app.inject({ url: `/api/v1/users/${raaylandStudent}`, headers }),
      app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${raaylandStudent}`,
        headers,
        payload: { attributes: { first_name: 'Hacked' } },
      }),
      app.inject({ method: 'DELETE', url: `/api/v1/users/${raaylandStudent}`, headers }),
      app.inject({
        method: 'PUT',
        url: `/api/v1/users/${raaylandStudent}/add_role`,
        headers,
        payload: { role: { name: 'admin' } },
      }),
      app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${raaylandStudent}/remove_role`,
        headers,
        payload: { role: { name: 'student', resource_id: DEMO_SCHOOL } },
      }),
      app.inject({
        method: 'POST',
        url: `/api/v1/users/${raaylandStudent}/resend_confirmation_instructions`,
        headers,
      }),
      app.inject({
        method: 'POST',
        url: '/api/v1/sign_in_as_user',
        headers,
        payload: { data: { type: 'user', attributes: { user_id: raaylandStudent } } },
      }),
    ];
    for (const res of await Promise.all(calls.map((c) => c))) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('victim');
    }
    expect(await raaylandRow()).toEqual(before);
  });

  it('password reset, confirmation and mailbox stay within the tenant', async () => {
    const ask = await app.inject({
      method: 'POST',
      url: '/auth/password',
      headers: { 'x-tenant': 'demo' },
      payload: { email: 'victim@raayland.test' },
    });
    expect(ask.statusCode).toBe(200);
    expect(await requestedMailsTo(h, 'victim@raayland.test', 'demo')).toEqual([]);
    expect(await requestedMailsTo(h, 'victim@raayland.test', 'raayland')).toEqual([]);

    // A raayland token used on demo finds nothing.
    await app.inject({
      method: 'POST',
      url: '/auth/password',
      headers: { 'x-tenant': 'raayland' },
      payload: { email: 'victim@raayland.test' },
    });
    const [mail] = await mailsTo(app, 'victim@raayland.test', 'raayland');
    const token = linkParam(mail!, 'reset_password_token');
    const onDemo = await app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: { 'x-tenant': 'demo' },
      payload: {
        password: 'taken-over-1',
        password_confirmation: 'taken-over-1',
        reset_password_token: token,
      },
    });
    expect(onDemo.statusCode).toBe(422);
    // The raayland mail went only to raayland's mail (the demo tenant's folder has none of it).
    expect(await mailsTo(app, 'victim@raayland.test', 'demo', 0)).toHaveLength(0);
  });
});
