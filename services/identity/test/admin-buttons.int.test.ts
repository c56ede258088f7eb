import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { readResourceDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import { userRules, userTargetOfRecord, type TUserActor } from '@stageplein/contracts/identity/users-policy';
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
 * The admin's user buttons ask contracts/identity/users-policy.ts, the server's policies use the same
 * rules: for every user action the admin shows, each representative caller × user pair gets the same
 * answer from the rule (fed with the user as the API shows it to that caller) as from the real server.
 */
const SCHOOL = org('demo', 'school');
const PROVIDER = org('demo', 'provider');
const CENTER = org('demo', 'volunteer-center');

type TRoles = [string, string, string][];

const ACTORS: Record<string, TRoles> = {
  'school admin': [['admin', 'School', SCHOOL]],
  'school mentor': [['mentor', 'School', SCHOOL]],
  'school student': [['student', 'School', SCHOOL]],
  'provider admin (not admin here)': [['admin', 'Provider', PROVIDER]],
  'school admin, also a provider admin': [
    ['admin', 'School', SCHOOL],
    ['admin', 'Provider', PROVIDER],
  ],
};

const TARGETS: Record<string, { status?: string; roles: TRoles } | 'self'> = {
  'student here': { roles: [['student', 'School', SCHOOL]] },
  'student here, admin elsewhere': {
    roles: [
      ['student', 'School', SCHOOL],
      ['admin', 'Provider', PROVIDER],
    ],
  },
  'student here, volunteer elsewhere': {
    roles: [
      ['student', 'School', SCHOOL],
      ['volunteer', 'VolunteerCenter', CENTER],
    ],
  },
  'mentor here': { roles: [['mentor', 'School', SCHOOL]] },
  'admin here': { roles: [['admin', 'School', SCHOOL]] },
  'invited student here': { status: 'invited', roles: [['student', 'School', SCHOOL]] },
  'inactive student here': { status: 'inactive', roles: [['student', 'School', SCHOOL]] },
  'provider user only': { roles: [['mentor', 'Provider', PROVIDER]] },
  self: 'self',
};

interface TAction {
  /**
   * The contracts rule's answer for the caller and the user as the API showed it (undefined: not
   * shown, so the admin has no record to offer the action on). Giving a role needs the user to belong
   * to the organization already (issue #12: before, any user of the tenant could be given one).
   */
  rule(actor: TUserActor, record: Record<string, unknown> | undefined, roleHere: string, id: string): boolean;
  call(headers: Record<string, string>, id: string, roleHere: string): Promise<LightMyRequestResponse>;
}

let h: TIdentityHarness;
let app: FastifyInstance;
let n = 0;
const actors = new Map<string, { id: string; creds: TCreds; actor: TUserActor }>();

const target = (actor: TUserActor, record: Record<string, unknown> | undefined) =>
  record ? userTargetOfRecord(actor.organizationId, record) : undefined;

const ACTIONS: Record<string, TAction> = {
  show: {
    rule: (a, r) => !!r && userRules.show(a, target(a, r)!),
    call: (headers, id) => app.inject({ url: `/api/v1/users/${id}`, headers }),
  },
  edit: {
    rule: (a, r) => !!r && userRules.update(a, target(a, r)!),
    call: (headers, id) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${id}`,
        headers,
        payload: { data: { type: 'user', attributes: { first_name: 'Changed' } } },
      }),
  },
  delete: {
    rule: (a, r) => !!r && userRules.destroy(a, target(a, r)!),
    call: (headers, id) => app.inject({ method: 'DELETE', url: `/api/v1/users/${id}`, headers }),
  },
  impersonate: {
    rule: (a, r) => !!r && userRules.impersonate(a, target(a, r)!),
    call: (headers, id) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/sign_in_as_user',
        headers,
        payload: { data: { type: 'user', attributes: { user_id: id } } },
      }),
  },
  resendConfirmation: {
    rule: (a, r) => !!r && userRules.resendConfirmation(a, target(a, r)!),
    call: (headers, id) =>
      app.inject({ method: 'POST', url: `/api/v1/users/${id}/resend_confirmation_instructions`, headers }),
  },
  addRole: {
    rule: (a, r) => !!r && userRules.addRole(a, target(a, r)!, { resourceId: SCHOOL }),
    call: (headers, id) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/users/${id}/add_role`,
        headers,
        payload: { role: { name: 'volunteer' } },
      }),
  },
  removeRole: {
    rule: (a, _r, roleHere, id) =>
      userRules.removeRole(a, { targetId: id, name: roleHere, resourceId: SCHOOL }),
    call: (headers, id, roleHere) =>
      app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${id}/remove_role`,
        headers,
        payload: { role: { name: roleHere } },
      }),
  },
};

beforeAll(async () => {
  h = await identityHarness();
  app = h.app;
  for (const [name, roles] of Object.entries(ACTORS)) {
    const email = `actor-${++n}@demo.test`;
    const id = await createUser(h, { email, roles });
    const { res, creds } = await signIn(app, email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const refs = roles.map(([role, type, resourceId]) => ({ name: role, resourceType: type, resourceId }));
    actors.set(name, {
      id,
      creds,
      actor: {
        userId: id,
        organizationId: SCHOOL,
        permissions: derivePermissions(refs, { id: SCHOOL, type: 'School' }),
        impersonating: false,
        organizationStatus: 'approved',
      },
    });
  }
});
afterAll(async () => h?.close());

describe.each(Object.keys(ACTIONS))('%s', (actionName) => {
  it('the rule the admin asks answers as the server does, for every caller and user', async () => {
    const action = ACTIONS[actionName]!;
    const rule: Record<string, boolean> = {};
    const server: Record<string, boolean> = {};
    for (const [actorName, { id: actorId, creds, actor }] of actors) {
      const headers = as(creds, 'demo', SCHOOL);
      for (const [targetName, spec] of Object.entries(TARGETS)) {
        // A fresh user per case: the action may change or delete it.
        const id =
          spec === 'self'
            ? actorId
            : await createUser(h, {
                email: `target-${++n}@demo.test`,
                status: spec.status,
                roles: spec.roles,
              });
        const roles = spec === 'self' ? ACTORS[actorName]! : spec.roles;
        const roleHere = roles.find(([, , resourceId]) => resourceId === SCHOOL)?.[0] ?? 'student';
        // What the admin holds: the user as the API shows it to this caller (nothing when it may not look).
        const shown = await app.inject({ url: `/api/v1/users/${id}?include=roles`, headers });
        const record =
          shown.statusCode === 200
            ? (readResourceDocument(shown.json() as TRawDocument).data ?? undefined)
            : undefined;
        const key = `${actorName} → ${targetName}`;
        rule[key] = action.rule(actor, record, roleHere, id);
        const res = await action.call(headers, id, roleHere);
        expect([200, 201, 403, 404, 409], `${key}: ${res.body}`).toContain(res.statusCode);
        server[key] = res.statusCode !== 403;
      }
    }
    expect(rule).toEqual(server);
    // Not vacuous: each action is both allowed and refused somewhere.
    expect(Object.values(server)).toContain(true);
    expect(Object.values(server)).toContain(false);
  });
});

it('a school admin gets no edit, delete or impersonate on a student who is an admin elsewhere', async () => {
  const { creds, actor } = actors.get('school admin')!;
  const id = await createUser(h, {
    email: `target-${++n}@demo.test`,
    roles: (TARGETS['student here, admin elsewhere'] as { roles: TRoles }).roles,
  });
  const shown = await app.inject({
    url: `/api/v1/users/${id}?include=roles`,
    headers: as(creds, 'demo', SCHOOL),
  });
  const record = readResourceDocument(shown.json() as TRawDocument).data!;
  // The API shows only the role here, and the facts that rule the buttons out.
  expect((record.roles as unknown[]).length).toBe(1);
  expect(record).toMatchObject({ highestRoleRank: 3, organizationCount: 2 });
  const t = userTargetOfRecord(SCHOOL, record);
  expect([userRules.update(actor, t), userRules.destroy(actor, t), userRules.impersonate(actor, t)]).toEqual([
    false,
    false,
    false,
  ]);
});
