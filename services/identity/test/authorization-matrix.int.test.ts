import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ROLE_NAMES, type TOrganizationType, type TRoleName } from '@stageplein/contracts/identity/roles';
import {
  as,
  createUser,
  identityHarness,
  org,
  signIn,
  TEST_PASSWORD,
  type TCreds,
  type TIdentityHarness,
} from './identity-harness.ts';

/**
 * Role × endpoint: every identity endpoint, called by each role on each organization type (current
 * organization = that organization) and anonymously. Every endpoint has allowed and denied callers,
 * so each denied case has an allowed control on the same endpoint and organization.
 */
const KINDS: Record<TOrganizationType, 'school' | 'volunteer-center' | 'nonprofit' | 'provider'> = {
  School: 'school',
  VolunteerCenter: 'volunteer-center',
  NonProfit: 'nonprofit',
  Provider: 'provider',
};

type TActor = TRoleName | 'anonymous';
const ACTORS: TActor[] = [...ROLE_NAMES, 'anonymous'];

interface TCase {
  name: string;
  allowed: readonly TActor[];
  /** Makes the request; `subject` makes a fresh user with a low role on the organization. */
  call(ctx: {
    headers: Record<string, string>;
    subject: (status?: string) => Promise<string>;
    fresh: () => string;
  }): Promise<LightMyRequestResponse>;
}

let h: TIdentityHarness;
let app: FastifyInstance;
let n = 0;

const CASES: TCase[] = [
  {
    name: 'GET /api/v1/current_user',
    allowed: ROLE_NAMES,
    call: ({ headers }) => app.inject({ url: '/api/v1/current_user', headers }),
  },
  {
    name: 'GET /api/v1/users',
    allowed: ['admin', 'mentor'],
    call: ({ headers }) => app.inject({ url: '/api/v1/users', headers }),
  },
  {
    name: 'GET /api/v1/users/{id}',
    allowed: ['admin', 'mentor'],
    call: async ({ headers, subject }) =>
      app.inject({ url: `/api/v1/users/${await subject()}?include=roles,organizations`, headers }),
  },
  {
    name: 'POST /api/v1/users',
    allowed: ['admin'],
    call: ({ headers, fresh }) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers,
        payload: { data: { type: 'user', attributes: { email: fresh() } } },
      }),
  },
  {
    name: 'PATCH /api/v1/users/{id}',
    allowed: ['admin'],
    call: async ({ headers, subject }) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${await subject()}`,
        headers,
        payload: { data: { type: 'user', attributes: { first_name: 'Changed' } } },
      }),
  },
  {
    name: 'DELETE /api/v1/users/{id}',
    allowed: ['admin'],
    call: async ({ headers, subject }) =>
      app.inject({ method: 'DELETE', url: `/api/v1/users/${await subject()}`, headers }),
  },
  {
    name: 'PUT /api/v1/users/{id}/add_role',
    allowed: ['admin'],
    call: async ({ headers, subject }) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/users/${await subject()}/add_role`,
        headers,
        payload: { role: { name: 'volunteer' } },
      }),
  },
  {
    name: 'DELETE /api/v1/users/{id}/remove_role',
    allowed: ['admin'],
    call: async ({ headers, subject }) =>
      app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${await subject()}/remove_role`,
        headers,
        payload: { role: { name: 'student' } },
      }),
  },
  {
    name: 'POST /api/v1/users/{id}/resend_confirmation_instructions',
    allowed: ['admin'],
    call: async ({ headers, subject }) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/users/${await subject('invited')}/resend_confirmation_instructions`,
        headers,
      }),
  },
  {
    name: 'POST /api/v1/sign_in_as_user',
    allowed: ['admin'],
    call: async ({ headers, subject }) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/sign_in_as_user',
        headers,
        payload: { data: { type: 'user', attributes: { user_id: await subject() } } },
      }),
  },
];

const actorCreds = new Map<string, TCreds>();

beforeAll(async () => {
  h = await identityHarness();
  app = h.app;
  for (const [type, kind] of Object.entries(KINDS)) {
    for (const role of ROLE_NAMES) {
      const email = `${role}-${kind}@demo.test`;
      await createUser(h, { email, roles: [[role, type, org('demo', kind)]] });
      const { res, creds } = await signIn(app, email, TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      actorCreds.set(`${role}/${type}`, creds);
    }
  }
});
afterAll(async () => h?.close());

describe.each(Object.entries(KINDS))('on a %s', (type, kind) => {
  const organizationId = () => org('demo', kind);
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    expect(c.allowed.length).toBeGreaterThan(0);
    expect(ACTORS.some((a) => !c.allowed.includes(a))).toBe(true);
    const outcome: Record<string, number> = {};
    for (const actor of ACTORS) {
      const headers: Record<string, string> =
        actor === 'anonymous'
          ? { 'x-tenant': 'demo', 'x-current-organization-id': organizationId() }
          : as(actorCreds.get(`${actor}/${type}`)!, 'demo', organizationId());
      const res = await c.call({
        headers,
        subject: (status = 'active') =>
          createUser(h, {
            email: `subject-${++n}@demo.test`,
            status,
            roles: [['student', type, organizationId()]],
          }),
        fresh: () => `invitee-${++n}@demo.test`,
      });
      outcome[actor] = res.statusCode;
    }
    const expected = Object.fromEntries(
      ACTORS.map((a) => [
        a,
        a === 'anonymous' ? 401 : c.allowed.includes(a) ? (c.name === 'POST /api/v1/users' ? 201 : 200) : 403,
      ]),
    );
    expect(outcome).toEqual(expected);
  });
});

describe('only roles on the current organization count', () => {
  it('an admin of one organization is denied on another one of the same tenant, and without a current organization', async () => {
    const schoolAdmin = actorCreds.get('admin/School')!;
    for (const organizationId of [org('demo', 'provider'), undefined]) {
      const res = await app.inject({
        url: '/api/v1/users',
        headers: as(schoolAdmin, 'demo', organizationId),
      });
      expect(res.statusCode).toBe(403);
    }
    // Control: on their own organization.
    expect(
      (await app.inject({ url: '/api/v1/users', headers: as(schoolAdmin, 'demo', org('demo', 'school')) }))
        .statusCode,
    ).toBe(200);
  });

  it('an admin cannot manage a user of the organization who is an admin elsewhere', async () => {
    const schoolAdmin = actorCreds.get('admin/School')!;
    const headers = as(schoolAdmin, 'demo', org('demo', 'school'));
    const strong = await createUser(h, {
      email: 'strong@demo.test',
      roles: [
        ['student', 'School', org('demo', 'school')],
        ['admin', 'Provider', org('demo', 'provider')],
      ],
    });
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/users/${strong}`, headers })).statusCode).toBe(
      403,
    );
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/users/${strong}`,
          headers,
          payload: { attributes: { status: 'inactive' } },
        })
      ).statusCode,
    ).toBe(403);
    const weak = await createUser(h, {
      email: 'weak@demo.test',
      roles: [['student', 'School', org('demo', 'school')]],
    });
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/users/${weak}`,
          headers,
          payload: { attributes: { status: 'inactive' } },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a user always sees themselves; nobody drops their own admin role', async () => {
    const student = actorCreds.get('student/School')!;
    const self = (await app.inject({ url: '/api/v1/current_user', headers: as(student) })).json().data.id;
    expect((await app.inject({ url: `/api/v1/users/${self}`, headers: as(student) })).statusCode).toBe(200);
    const schoolAdmin = actorCreds.get('admin/School')!;
    const adminId = (await app.inject({ url: '/api/v1/current_user', headers: as(schoolAdmin) })).json().data
      .id;
    const drop = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${adminId}/remove_role`,
      headers: as(schoolAdmin, 'demo', org('demo', 'school')),
      payload: { role: { name: 'admin' } },
    });
    expect(drop.statusCode).toBe(403);
  });
});
