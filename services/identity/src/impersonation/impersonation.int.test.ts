import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expectJsonApi } from '@stageplein/testing/jsonapi-conformance';
import {
  as,
  createUser,
  credsOf,
  demoCreds,
  identityHarness,
  org,
  withOwner,
  type TCreds,
  type TIdentityHarness,
} from '../../test/identity-harness.ts';

let h: TIdentityHarness;
let app: FastifyInstance;
let admin: TCreds;
const SCHOOL = org('demo', 'school');
beforeAll(async () => {
  h = await identityHarness();
  app = h.app;
  admin = await demoCreds(app, 'admin');
});
afterAll(async () => h?.close());

const impersonate = (
  creds: TCreds,
  userId: string,
  organizationId: string | null = SCHOOL,
  tenant = 'demo',
) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/sign_in_as_user',
    headers: as(creds, tenant, organizationId ?? undefined),
    payload: { data: { type: 'user', attributes: { user_id: userId } } },
  });
const me = (creds: TCreds) => app.inject({ url: '/api/v1/current_user', headers: as(creds) });

describe('sign in as user', () => {
  it('gives an admin short-lived credentials of a student, naming the admin, audit-logged', async () => {
    const studentId = await createUser(h, {
      email: 'imp-student@demo.test',
      roles: [['student', 'School', SCHOOL]],
    });
    const res = await impersonate(admin, studentId);
    expect(res.statusCode, res.body).toBe(200);
    expectJsonApi(res.json());
    const creds = credsOf(res);
    expect(res.headers['token-type']).toBe('Bearer');
    expect(Number(res.headers.expiry) * 1000 - h.clock.now.getTime()).toBeLessThanOrEqual(60 * 60 * 1000);
    const whoami = await me(creds);
    expect(whoami.json().data.attributes.email).toBe('imp-student@demo.test');
    const adminId = (await me(admin)).json().data.id;
    expect(whoami.json().meta.impersonator_id).toBe(adminId);
    const audit = await withOwner(
      h,
      async (owner) =>
        (
          await sql<{
            action: string;
            actor_id: string;
            subject_id: string;
          }>`select action, actor_id, subject_id from identity.audit_log where subject_id = ${studentId}`.execute(
            owner,
          )
        ).rows,
    );
    expect(audit).toEqual([{ action: 'impersonation.started', actor_id: adminId, subject_id: studentId }]);

    // Short-lived: gone after an hour while the admin's own session lives on.
    const start = h.clock.now;
    try {
      h.clock.now = new Date(start.getTime() + 61 * 60 * 1000);
      expect((await me(creds)).statusCode).toBe(401);
      expect((await me(admin)).statusCode).toBe(200);
    } finally {
      h.clock.now = start;
    }
  });

  it('cannot change password or email, nor impersonate again; other changes work', async () => {
    const studentId = await createUser(h, {
      email: 'imp-limits@demo.test',
      roles: [['student', 'School', SCHOOL]],
    });
    const otherId = await createUser(h, {
      email: 'imp-other@demo.test',
      roles: [['student', 'School', SCHOOL]],
    });
    const creds = credsOf(await impersonate(admin, studentId));
    const password = await app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: as(creds),
      payload: { password: 'hijacked-password', password_confirmation: 'hijacked-password' },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().errors[0].code).toBe('impersonation_restricted');
    const email = await app.inject({
      method: 'PATCH',
      url: '/api/v1/current_user',
      headers: as(creds),
      payload: { user: { email: 'hijacked@demo.test', current_password: 'test-password-1' } },
    });
    expect(email.statusCode).toBe(403);
    const name = await app.inject({
      method: 'PATCH',
      url: '/api/v1/current_user',
      headers: as(creds),
      payload: { user: { first_name: 'Helped' } },
    });
    expect(name.statusCode).toBe(200);
    expect((await impersonate(creds, otherId)).statusCode).toBe(403);
    // Control: the admin's own credentials may.
    expect((await impersonate(admin, otherId)).statusCode).toBe(200);
  });

  it('never of a user with an equal or higher role, wherever that role is', async () => {
    const coAdmin = await createUser(h, {
      email: 'co-admin@demo.test',
      roles: [['admin', 'School', SCHOOL]],
    });
    const adminElsewhere = await createUser(h, {
      email: 'admin-elsewhere@demo.test',
      roles: [
        ['student', 'School', SCHOOL],
        ['admin', 'Provider', org('demo', 'provider')],
      ],
    });
    const mentor = await createUser(h, {
      email: 'imp-mentor@demo.test',
      roles: [['mentor', 'School', SCHOOL]],
    });
    expect((await impersonate(admin, coAdmin)).statusCode).toBe(403);
    expect((await impersonate(admin, adminElsewhere)).statusCode).toBe(403);
    expect((await impersonate(admin, mentor)).statusCode).toBe(200);
    // Oneself: no.
    expect((await impersonate(admin, (await me(admin)).json().data.id)).statusCode).toBe(403);
  });

  it('admins only, for users of the current organization, not inactive ones', async () => {
    const student = await createUser(h, {
      email: 'imp-target@demo.test',
      roles: [['student', 'School', SCHOOL]],
    });
    const inactive = await createUser(h, {
      email: 'imp-inactive@demo.test',
      status: 'inactive',
      roles: [['student', 'School', SCHOOL]],
    });
    const mentorCreds = await demoCreds(app, 'mentor');
    expect((await impersonate(mentorCreds, student)).statusCode).toBe(403);
    expect((await impersonate(admin, student, null)).statusCode).toBe(403);
    expect((await impersonate(admin, student, org('demo', 'volunteer-center'))).statusCode).toBe(403);
    expect((await impersonate(admin, inactive)).statusCode).toBe(403);
    expect((await impersonate(admin, student)).statusCode).toBe(200);
    const noAuth = await app.inject({
      method: 'POST',
      url: '/api/v1/sign_in_as_user',
      headers: { 'x-tenant': 'demo' },
      payload: { data: { type: 'user', attributes: { user_id: student } } },
    });
    expect(noAuth.statusCode).toBe(401);
  });

  it('same tenant only: another tenant’s user does not exist here', async () => {
    const raayland = await createUser(h, {
      email: 'imp-raayland@raayland.test',
      tenant: 'raayland',
      roles: [['student', 'School', SCHOOL]],
    });
    expect((await impersonate(admin, raayland)).statusCode).toBe(404);
  });

  it('logs the end of an impersonation at sign-out', async () => {
    const student = await createUser(h, {
      email: 'imp-end@demo.test',
      roles: [['student', 'School', SCHOOL]],
    });
    const creds = credsOf(await impersonate(admin, student));
    expect(
      (await app.inject({ method: 'DELETE', url: '/auth/sign_out', headers: as(creds) })).statusCode,
    ).toBe(200);
    const actions = await withOwner(h, async (owner) =>
      (
        await sql<{
          action: string;
        }>`select action from identity.audit_log where subject_id = ${student} order by id`.execute(owner)
      ).rows.map((r) => r.action),
    );
    expect(actions).toEqual(['impersonation.started', 'impersonation.ended']);
  });
});
