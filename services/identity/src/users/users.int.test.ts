import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { expectJsonApi } from '@stageplein/testing/jsonapi-conformance';
import { DEMO_CLASSMATES } from '@stageplein/contracts/domain/seed-ids';
import {
  as,
  demoCreds,
  identityHarness,
  linkParam,
  mailsTo,
  org,
  signIn,
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

async function outboxTypes(): Promise<string[]> {
  const owner = createDb(createPool(h.platform.ownerUrl, 1));
  try {
    return (
      await sql<{ type: string }>`select type from identity.outbox order by seq`.execute(owner)
    ).rows.map((r) => r.type);
  } finally {
    await owner.destroy();
  }
}

async function invite(attributes: Record<string, unknown>, creds = admin, organizationId = SCHOOL) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/users',
    headers: as(creds, 'demo', organizationId),
    payload: { data: { type: 'user', attributes } },
  });
}

describe('current user', () => {
  it('GET /api/v1/current_user?include=roles gives the user with all roles included', async () => {
    const res = await app.inject({ url: '/api/v1/current_user?include=roles', headers: as(admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectJsonApi(body);
    expect(body.data.relationships.roles.data).toHaveLength(2);
    expect(
      body.included
        .map(
          (r: { attributes: { name: string; resource_type: string } }) =>
            `${r.attributes.name}@${r.attributes.resource_type}`,
        )
        .sort(),
    ).toEqual(['admin@School', 'admin@VolunteerCenter']);
    expect(body.meta).toEqual({ impersonator_id: null });
    const bad = await app.inject({ url: '/api/v1/current_user?include=secrets', headers: as(admin) });
    expect(bad.statusCode).toBe(400);
  });

  it('PATCH /api/v1/current_user changes profile, settings and periodic mail, and emits user.updated', async () => {
    const creds = await demoCreds(app, 'student');
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/current_user',
      headers: as(creds),
      payload: {
        user: {
          first_name: 'Sammy',
          gender: 'other',
          locale: 'en',
          settings: { email_notifications: false },
          periodic_mail_frequency: 'monthly',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      first_name: 'Sammy',
      gender: 'other',
      locale: 'en',
      settings: { email_notifications: false },
      periodic_mail_frequency: 'monthly',
    });
    expect(await outboxTypes()).toContain('identity.user.updated');
    const invalid = await app.inject({
      method: 'PATCH',
      url: '/api/v1/current_user',
      headers: as(creds),
      payload: { user: { gender: 'robot' } },
    });
    expect(invalid.statusCode).toBe(422);
    const sneaky = await app.inject({
      method: 'PATCH',
      url: '/api/v1/current_user',
      headers: as(creds),
      payload: { user: { status: 'active' } },
    });
    expect(sneaky.statusCode).toBe(422);
  });

  it('changes the email only with the current password', async () => {
    const creds = await demoCreds(app, 'mentor', 'axia');
    const without = await app.inject({
      method: 'PATCH',
      url: '/api/v1/current_user',
      headers: as(creds, 'axia'),
      payload: { user: { email: 'new-mentor@axia.test' } },
    });
    expect(without.statusCode).toBe(422);
    const taken = await app.inject({
      method: 'PATCH',
      url: '/api/v1/current_user',
      headers: as(creds, 'axia'),
      payload: { user: { email: 'admin@demo.test', current_password: 'stageplein-demo' } },
    });
    expect(taken.statusCode).toBe(409);
    const ok = await app.inject({
      method: 'PATCH',
      url: '/api/v1/current_user',
      headers: as(creds, 'axia'),
      payload: { user: { email: 'New-Mentor@axia.test', current_password: 'stageplein-demo' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // Issue #12: the new address counts only once it is confirmed; the old one gets a notice.
    expect(ok.json().data.attributes.email).toBe('mentor@axia.test');
    expect((await signIn(app, 'new-mentor@axia.test', 'stageplein-demo', 'axia')).res.statusCode).toBe(401);
    expect((await mailsTo(app, 'mentor@axia.test', 'axia'))[0]!.attributes.kind).toBe('email_change_notice');
    const [confirmation] = await mailsTo(app, 'new-mentor@axia.test', 'axia');
    expect(confirmation!.attributes.kind).toBe('email_change');
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/confirm',
      headers: { 'x-tenant': 'axia' },
      payload: { confirmation_token: linkParam(confirmation!, 'confirmation_token') },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.attributes.email).toBe('new-mentor@axia.test');
    expect(confirmed.json().meta).toBeUndefined();
    expect((await signIn(app, 'new-mentor@axia.test', 'stageplein-demo', 'axia')).res.statusCode).toBe(200);
    expect((await signIn(app, 'mentor@axia.test', 'stageplein-demo', 'axia')).res.statusCode).toBe(401);
  });
});

describe('user list', () => {
  it('lists the current organization’s users with filters, search, include and page size up to 1000', async () => {
    const headers = as(admin, 'demo', SCHOOL);
    const all = await app.inject({ url: '/api/v1/users?include=organizations&page[size]=5000', headers });
    expect(all.statusCode, all.body).toBe(200);
    expectJsonApi(all.json());
    const emails = all
      .json()
      .data.map((u: { attributes: { email: string } }) => u.attributes.email)
      .sort();
    // The School's seeded people: the demo accounts and the demo student's classmates.
    expect(emails).toEqual(
      [
        'admin@demo.test',
        'mentor@demo.test',
        'student@demo.test',
        ...DEMO_CLASSMATES.map((c) => `${c.local}@demo.test`),
      ].sort(),
    );
    expect(all.json().links.self).toContain('page%5Bsize%5D=1000');
    // Included organizations carry their organization type as JSON:API type, as organizations serializes them.
    const types = new Set(all.json().included.map((o: { type: string }) => o.type));
    expect([...types].sort()).toEqual(['School', 'VolunteerCenter']);

    const admins = await app.inject({
      url: `/api/v1/users?filter[organization_id_eq]=${SCHOOL}&filter[with_role]=admin&page[size]=1000`,
      headers,
    });
    expect(admins.json().data.map((u: { attributes: { email: string } }) => u.attributes.email)).toEqual([
      'admin@demo.test',
    ]);
    expect(admins.json().meta.total).toBe(1);

    const search = await app.inject({ url: '/api/v1/users?filter[search]=ment', headers });
    expect(search.json().data.map((u: { attributes: { email: string } }) => u.attributes.email)).toEqual([
      'mentor@demo.test',
    ]);
    const byName = await app.inject({ url: '/api/v1/users?filter[search]=Anna%20Ad', headers });
    expect(byName.json().meta.total).toBe(1);

    const paged = await app.inject({ url: '/api/v1/users?page[size]=2&page[number]=2&sort=email', headers });
    // By e-mail: admin, daan, lotte, mentor, noor, student — the second page of two.
    expect(paged.json().data.map((u: { attributes: { email: string } }) => u.attributes.email)).toEqual([
      'lotte@demo.test',
      'mentor@demo.test',
    ]);
    expect(paged.json().meta.total).toBe(6);

    const otherOrg = await app.inject({
      url: `/api/v1/users?filter[organization_id_eq]=${org('demo', 'provider')}`,
      headers,
    });
    expect(otherOrg.statusCode).toBe(403);
    const badFilter = await app.inject({ url: '/api/v1/users?filter[password_eq]=x', headers });
    expect(badFilter.statusCode).toBe(400);
  });

  it('shows a user with include=roles,organizations, roles limited to the current organization', async () => {
    const list = await app.inject({
      url: '/api/v1/users?filter[with_role]=student',
      headers: as(admin, 'demo', SCHOOL),
    });
    const student = list.json().data[0];
    const res = await app.inject({
      url: `/api/v1/users/${student.id}?include=roles,organizations`,
      headers: as(admin, 'demo', SCHOOL),
    });
    expect(res.statusCode).toBe(200);
    expectJsonApi(res.json());
    expect(
      res
        .json()
        .included.map((r: { type: string }) => r.type)
        .sort(),
    ).toEqual(['School', 'role']);
  });
});

describe('invitation and confirmation', () => {
  it('invites with status invited and a mail whose link confirms the account and sets the password', async () => {
    const res = await invite({ email: 'New.Pupil@demo.test', first_name: 'Nina', last_name: 'Nieuw' });
    expect(res.statusCode, res.body).toBe(201);
    expectJsonApi(res.json());
    expect(res.json().data.attributes).toMatchObject({
      email: 'new.pupil@demo.test',
      status: 'invited',
      confirmed_at: null,
    });
    expect(res.json().included[0].attributes).toMatchObject({
      name: 'student',
      resource_type: 'School',
      resource_id: SCHOOL,
    });
    const [mail] = await mailsTo(app, 'new.pupil@demo.test');
    expect(mail!.attributes.kind).toBe('invitation');
    expect(mail!.attributes.text_body).toContain('http://demo.localhost:');
    const token = linkParam(mail!, 'confirmation_token');

    // Not active yet: no password, cannot sign in.
    expect((await signIn(app, 'new.pupil@demo.test', 'anything')).res.statusCode).toBe(401);
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/v1/confirm',
      headers: { 'x-tenant': 'demo' },
      payload: {
        confirmation_token: token,
        password: 'my-own-password',
        password_confirmation: 'my-own-password',
      },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().data.attributes.status).toBe('active');
    expect(confirm.json().data.attributes.confirmed_at).not.toBeNull();
    expect((await signIn(app, 'new.pupil@demo.test', 'my-own-password')).res.statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/confirm',
      headers: { 'x-tenant': 'demo' },
      payload: { confirmation_token: token },
    });
    expect(again.statusCode).toBe(422);
    expect(await outboxTypes()).toEqual(
      expect.arrayContaining(['identity.user.created', 'identity.role.added', 'identity.user.confirmed']),
    );
  });

  it('confirms with the token only (spec §7); the password is set next with the token in the answer', async () => {
    expect((await invite({ email: 'token.only@demo.test' })).statusCode).toBe(201);
    const token = linkParam((await mailsTo(app, 'token.only@demo.test'))[0]!, 'confirmation_token');
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/v1/confirm',
      headers: { 'x-tenant': 'demo' },
      payload: { confirmation_token: token },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().data.attributes).toMatchObject({ status: 'active' });
    const passwordToken = confirm.json().meta.reset_password_token;
    expect(passwordToken).toEqual(expect.any(String));
    const set = await app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: { 'x-tenant': 'demo' },
      payload: {
        password: 'chosen-later',
        password_confirmation: 'chosen-later',
        reset_password_token: passwordToken,
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await signIn(app, 'token.only@demo.test', 'chosen-later')).res.statusCode).toBe(200);
    // Both tokens were single-use.
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/confirm',
      headers: { 'x-tenant': 'demo' },
      payload: { confirmation_token: token },
    });
    expect(again.statusCode).toBe(422);
  });

  it('refuses an email that is already taken, in this or another tenant', async () => {
    expect((await invite({ email: 'student@demo.test' })).statusCode).toBe(409);
    const foreign = await invite({ email: 'student@raayland.test' });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().errors[0].code).toBe('email_taken');
  });

  it('resends confirmation instructions with a new link (the old one stops working)', async () => {
    const created = await invite({ email: 'resend@demo.test', role: 'mentor' });
    const id = created.json().data.id;
    const first = linkParam((await mailsTo(app, 'resend@demo.test'))[0]!, 'confirmation_token');
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/users/${id}/resend_confirmation_instructions`,
      headers: as(admin, 'demo', SCHOOL),
    });
    expect(res.statusCode).toBe(200);
    const mails = await mailsTo(app, 'resend@demo.test', 'demo', 2);
    expect(mails).toHaveLength(2);
    const second = linkParam(mails[0]!, 'confirmation_token');
    expect(second).not.toBe(first);
    const old = await app.inject({
      method: 'POST',
      url: '/api/v1/confirm',
      headers: { 'x-tenant': 'demo' },
      payload: { confirmation_token: first, password: 'pw-123456', password_confirmation: 'pw-123456' },
    });
    expect(old.statusCode).toBe(422);
  });

  it('does not let nuborgh invite school representatives (spec §1 switch), students yes', async () => {
    const nuborghAdmin = await demoCreds(app, 'admin', 'nuborgh');
    const post = (role: string, email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: as(nuborghAdmin, 'nuborgh', org('nuborgh', 'school')),
        payload: { data: { type: 'user', attributes: { email, role } } },
      });
    expect((await post('mentor', 'rep@nuborgh.test')).statusCode).toBe(403);
    expect((await post('student', 'kid@nuborgh.test')).statusCode).toBe(201);
  });
});

describe('changing and deleting users, roles', () => {
  it('PATCH changes a user and deactivation ends their sessions', async () => {
    const created = await invite({ email: 'patchme@demo.test' });
    const id = created.json().data.id;
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${id}`,
      headers: as(admin, 'demo', SCHOOL),
      payload: { data: { type: 'user', id, attributes: { first_name: 'Patched', status: 'inactive' } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ first_name: 'Patched', status: 'inactive' });
    const bare = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${id}`,
      headers: as(admin, 'demo', SCHOOL),
      payload: { attributes: { last_name: 'Bare' } },
    });
    expect(bare.json().data.attributes.last_name).toBe('Bare');
  });

  it('adds and removes roles on the current organization, with events', async () => {
    const created = await invite({ email: 'roles@demo.test' });
    const id = created.json().data.id;
    const add = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${id}/add_role`,
      headers: as(admin, 'demo', SCHOOL),
      payload: { role: { name: 'mentor' } },
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(
      add
        .json()
        .included.map((r: { attributes: { name: string } }) => r.attributes.name)
        .sort(),
    ).toEqual(['mentor', 'student']);
    const wrongType = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${id}/add_role`,
      headers: as(admin, 'demo', SCHOOL),
      payload: { role: { name: 'admin', resource_type: 'Provider' } },
    });
    expect(wrongType.statusCode).toBe(422);
    const remove = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${id}/remove_role`,
      headers: as(admin, 'demo', SCHOOL),
      payload: { data: { type: 'role', attributes: { name: 'student', resource_id: SCHOOL } } },
    });
    expect(remove.statusCode, remove.body).toBe(200);
    expect(remove.json().included.map((r: { attributes: { name: string } }) => r.attributes.name)).toEqual([
      'mentor',
    ]);
    const missing = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${id}/remove_role`,
      headers: as(admin, 'demo', SCHOOL),
      payload: { name: 'student' },
    });
    expect(missing.statusCode).toBe(404);
    const types = await outboxTypes();
    expect(types).toEqual(expect.arrayContaining(['identity.role.added', 'identity.role.removed']));
  });

  it('DELETE removes the account, its roles and sessions, and emits user.deleted', async () => {
    const created = await invite({ email: 'deleteme@demo.test' });
    const id = created.json().data.id;
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${id}`,
      headers: as(admin, 'demo', SCHOOL),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await app.inject({ url: `/api/v1/users/${id}`, headers: as(admin, 'demo', SCHOOL) })).statusCode,
    ).toBe(404);
    expect(await outboxTypes()).toContain('identity.user.deleted');
  });
});

describe('account deletion (public /account/verwijderen flow)', () => {
  it('mails a link for known emails only, answers alike, and the link deletes the account', async () => {
    const email = 'bedrijf@casteleijn.test';
    const creds = await demoCreds(app, 'bedrijf', 'casteleijn');
    const ask = (e: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/account_deletion',
        headers: { 'x-tenant': 'casteleijn' },
        payload: { email: e },
      });
    const known = await ask(email);
    const unknown = await ask('ghost@casteleijn.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const [mail] = await mailsTo(app, email, 'casteleijn');
    expect(mail!.attributes.kind).toBe('account_deletion');
    expect(mail!.attributes.text_body).toContain('/account/verwijderen?token=');
    const token = linkParam(mail!, 'token');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/account_deletion/confirm',
      headers: { 'x-tenant': 'casteleijn' },
      payload: { token: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
    // Still there until confirmed.
    expect(
      (await app.inject({ url: '/api/v1/current_user', headers: as(creds, 'casteleijn') })).statusCode,
    ).toBe(200);
    const done = await app.inject({
      method: 'POST',
      url: '/api/v1/account_deletion/confirm',
      headers: { 'x-tenant': 'casteleijn' },
      payload: { token },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(
      (await app.inject({ url: '/api/v1/current_user', headers: as(creds, 'casteleijn') })).statusCode,
    ).toBe(401);
    expect((await signIn(app, email, 'stageplein-demo', 'casteleijn')).res.statusCode).toBe(401);
  });
});
