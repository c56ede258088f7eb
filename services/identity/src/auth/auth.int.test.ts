import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService } from '@stageplein/kit/service';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { expectJsonApi } from '@stageplein/testing/jsonapi-conformance';
import { identityService } from '../identity.module.ts';
import {
  as,
  credsOf,
  DEMO_PASSWORD,
  demoCreds,
  demoEmail,
  identityHarness,
  linkParam,
  mailsTo,
  requestedMailsTo,
  signIn,
  type TCreds,
  type TIdentityHarness,
} from '../../test/identity-harness.ts';

const RESET_MESSAGE = 'You must provide either the uid, client and accessToken or the resetPasswordToken';
const DAY = 24 * 60 * 60 * 1000;

let h: TIdentityHarness;
let app: FastifyInstance;
beforeAll(async () => {
  h = await identityHarness();
  app = h.app;
});
afterAll(async () => h?.close());

const me = (creds: Partial<TCreds> | Record<string, string>, tenant = 'demo') =>
  app.inject({ url: '/api/v1/current_user', headers: { 'x-tenant': tenant, ...creds } });

/** A fresh user of the tenant with a known password, made through the owner connection. */
async function makeUser(local: string, tenant = 'demo', status = 'active'): Promise<string> {
  const email = `${local}@${tenant}.test`;
  const owner = createDb(createPool(h.platform.ownerUrl, 1));
  try {
    const hash = (
      await sql<{
        encrypted_password: string;
      }>`select encrypted_password from identity.users where email = ${demoEmail('student', tenant)}`.execute(
        owner,
      )
    ).rows[0]!.encrypted_password;
    await sql`insert into identity.users (tenant_id, email, first_name, last_name, status, encrypted_password, created_at, updated_at)
      values (${tenant}, ${email}, 'Test', ${local}, ${status}, ${hash}, now(), now())`.execute(owner);
  } finally {
    await owner.destroy();
  }
  return email;
}

describe('sign in (devise_token_auth headers)', () => {
  it('returns the user and access-token, client, uid, expiry and token-type: Bearer', async () => {
    const { res } = await signIn(app, demoEmail('admin', 'demo'));
    expect(res.statusCode).toBe(200);
    expectJsonApi(res.json());
    expect(res.json().data).toMatchObject({
      type: 'user',
      attributes: { email: 'admin@demo.test', uid: 'admin@demo.test' },
    });
    expect(res.headers['access-token']).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.headers.client).toMatch(/^[\w-]{16,}$/);
    expect(res.headers.uid).toBe('admin@demo.test');
    expect(res.headers['token-type']).toBe('Bearer');
    // Two weeks from now, in seconds like devise_token_auth.
    const expiry = Number(res.headers.expiry) * 1000;
    expect(Math.abs(expiry - (h.clock.now.getTime() + 14 * DAY))).toBeLessThan(5000);
  });

  it('authenticates every request with the headers, or with the cookies of the same names', async () => {
    const creds = await demoCreds(app, 'student');
    expect((await me(creds)).json().data.attributes.email).toBe('student@demo.test');
    const cookie = Object.entries(creds)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('; ');
    const viaCookie = await app.inject({
      url: '/api/v1/current_user',
      headers: { 'x-tenant': 'demo', cookie: `tenant=demo; ${cookie}` },
    });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.json().data.attributes.email).toBe('student@demo.test');
  });

  it('is 401 with no, partial, tampered or mismatched credentials', async () => {
    const creds = await demoCreds(app, 'student');
    const other = await demoCreds(app, 'mentor');
    expect((await me({})).statusCode).toBe(401);
    expect((await me({ 'access-token': creds['access-token'], client: creds.client })).statusCode).toBe(401);
    const [head, body, sig] = creds['access-token'].split('.');
    const forged = JSON.parse(Buffer.from(body!, 'base64url').toString());
    forged.sub = JSON.parse(Buffer.from(other['access-token'].split('.')[1]!, 'base64url').toString()).sub;
    expect(
      (
        await me({
          ...creds,
          'access-token': `${head}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${sig}`,
        })
      ).statusCode,
    ).toBe(401);
    expect((await me({ ...creds, client: other.client })).statusCode).toBe(401);
    expect((await me({ ...creds, uid: other.uid })).statusCode).toBe(401);
    const res = await me({ ...creds, 'access-token': 'x.y.z' });
    expect(res.statusCode).toBe(401);
    expectJsonApi(res.json());
    expect(res.json().errors[0]).toMatchObject({
      status: '401',
      code: 'unauthorized',
      title: 'Niet geautoriseerd',
    });
    // Control: the untouched credentials work.
    expect((await me(creds)).statusCode).toBe(200);
  });

  it('expires after two weeks', async () => {
    const creds = await demoCreds(app, 'mentor');
    const start = h.clock.now;
    try {
      h.clock.now = new Date(start.getTime() + 14 * DAY - 60_000);
      expect((await me(creds)).statusCode).toBe(200);
      h.clock.now = new Date(start.getTime() + 14 * DAY + 1000);
      expect((await me(creds)).statusCode).toBe(401);
    } finally {
      h.clock.now = start;
    }
  });

  it('keeps at most 10 clients per user: the 11th sign-in evicts the oldest', async () => {
    const email = await makeUser('many-clients');
    const clients: TCreds[] = [];
    for (let i = 0; i < 11; i++) clients.push((await signIn(app, email)).creds);
    expect((await me(clients[0]!)).statusCode).toBe(401);
    for (const c of clients.slice(1)) expect((await me(c)).statusCode).toBe(200);
    const owner = createDb(createPool(h.platform.ownerUrl, 1));
    try {
      const sessions = await sql<{
        n: number;
      }>`select count(*)::int as n from identity.sessions s join identity.users u on u.id = s.user_id where u.email = ${email}`.execute(
        owner,
      );
      expect(sessions.rows[0]!.n).toBe(10);
      const revoked = await sql<{ envelope: { data: { reason: string; clients: { client: string }[] } } }>`
        select envelope from identity.outbox where type = 'identity.session.revoked' and envelope->'data'->>'reason' = 'evicted'`.execute(
        owner,
      );
      expect(revoked.rows.flatMap((r) => r.envelope.data.clients.map((c) => c.client))).toContain(
        clients[0]!.client,
      );
    } finally {
      await owner.destroy();
    }
  });
});

describe('sign out', () => {
  it('ends only the calling client; an unknown client gets 404', async () => {
    const a = await demoCreds(app, 'bedrijf');
    const b = await demoCreds(app, 'bedrijf');
    const out = await app.inject({ method: 'DELETE', url: '/auth/sign_out', headers: as(a) });
    expect(out.statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(200);
    const again = await app.inject({ method: 'DELETE', url: '/auth/sign_out', headers: as(a) });
    expect(again.statusCode).toBe(404);
    expect(again.json().errors[0].code).toBe('session_not_found');
    const none = await app.inject({
      method: 'DELETE',
      url: '/auth/sign_out',
      headers: { 'x-tenant': 'demo' },
    });
    expect(none.statusCode).toBe(404);
    const unknownClient = await app.inject({
      method: 'DELETE',
      url: '/auth/sign_out',
      headers: as({ ...b, client: 'nope' }),
    });
    expect(unknownClient.statusCode).toBe(404);
    expect((await me(b)).statusCode).toBe(200);
  });
});

const resetRequest = (
  email: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/auth/password',
    headers: { 'x-tenant': 'demo', ...headers },
    payload: { email, ...extra },
  });
const putPassword = (payload: Record<string, string>, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'PUT',
    url: '/auth/password',
    headers: { 'x-tenant': 'demo', ...headers },
    payload,
  });

describe('password reset', () => {
  it('answers known and unknown emails identically', async () => {
    const email = await makeUser('reset-identical');
    const known = await resetRequest(email);
    const unknown = await resetRequest('nobody-here@demo.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const strip = (hs: Record<string, unknown>) =>
      Object.keys(hs)
        .filter((k) => !['date', 'content-length'].includes(k))
        .sort();
    expect(strip(unknown.headers)).toEqual(strip(known.headers));
    expect(await mailsTo(app, email)).toHaveLength(1);
    expect(await requestedMailsTo(h, 'nobody-here@demo.test')).toEqual([]);
    // A redirect outside the allow-list is refused for both alike.
    const evil = { redirect_url: 'https://evil.example/steal' };
    const [a, b] = [await resetRequest(email, evil), await resetRequest('nobody-here@demo.test', evil)];
    expect(a.statusCode).toBe(422);
    expect(a.json().errors[0].code).toBe('redirect_not_allowed');
    expect(b.body).toBe(a.body);
  });

  it('resets with the mailed single-use token and ends every client', async () => {
    const email = await makeUser('reset-token');
    const before = (await signIn(app, email)).creds;
    const redirect = 'http://demo.localhost:3000/auth/reset';
    expect((await resetRequest(email, { redirect_url: redirect })).statusCode).toBe(200);
    const [mail] = await mailsTo(app, email);
    expect(mail!.attributes.kind).toBe('password_reset');
    expect(mail!.attributes.text_body).toContain(`${redirect}?reset_password_token=`);
    const token = linkParam(mail!, 'reset_password_token');

    const res = await putPassword({
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
      reset_password_token: token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(before)).statusCode).toBe(401);
    expect((await signIn(app, email, DEMO_PASSWORD)).res.statusCode).toBe(401);
    expect((await signIn(app, email, 'a-new-password')).res.statusCode).toBe(200);

    const reuse = await putPassword({
      password: 'third-password',
      password_confirmation: 'third-password',
      reset_password_token: token,
    });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors[0]).toMatchObject({
      code: 'token_invalid',
      source: { pointer: '/reset_password_token' },
    });
  });

  it('expires the reset token after 6 hours', async () => {
    const email = await makeUser('reset-expiry');
    await resetRequest(email);
    const token = linkParam((await mailsTo(app, email))[0]!, 'reset_password_token');
    const start = h.clock.now;
    try {
      h.clock.now = new Date(start.getTime() + 6 * 60 * 60 * 1000 + 1000);
      const late = await putPassword({
        password: 'late-password',
        password_confirmation: 'late-password',
        reset_password_token: token,
      });
      expect(late.statusCode).toBe(422);
      h.clock.now = new Date(start.getTime() + 5 * 60 * 60 * 1000);
      const inTime = await putPassword({
        password: 'good-password',
        password_confirmation: 'good-password',
        reset_password_token: token,
      });
      expect(inTime.statusCode).toBe(200);
    } finally {
      h.clock.now = start;
    }
  });

  it('resets with the uid/client/access-token headers, keeping only the calling client', async () => {
    const email = await makeUser('reset-headers');
    const caller = (await signIn(app, email)).creds;
    const other = (await signIn(app, email)).creds;
    const res = await putPassword(
      { password: 'header-password', password_confirmation: 'header-password' },
      caller,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(caller)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signIn(app, email, 'header-password')).res.statusCode).toBe(200);
  });

  it('fails with exactly the spec message without credentials or token', async () => {
    for (const lang of ['en', 'nl']) {
      const res = await putPassword(
        { password: 'whatever-123', password_confirmation: 'whatever-123' },
        { 'accept-language': lang },
      );
      expect(res.statusCode).toBe(401);
      expectJsonApi(res.json());
      expect(res.json().errors[0].detail).toBe(RESET_MESSAGE);
    }
    // Invalid credentials are no credentials either.
    const bad = await putPassword(
      { password: 'whatever-123', password_confirmation: 'whatever-123' },
      { 'access-token': 'x', client: 'y', uid: 'z' },
    );
    expect(bad.json().errors[0].detail).toBe(RESET_MESSAGE);
  });

  it('requires a matching confirmation', async () => {
    const creds = await demoCreds(app, 'mentor', 'axia');
    const res = await app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: as(creds, 'axia'),
      payload: { password: 'new-password-1', password_confirmation: 'new-password-2' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source).toEqual({ pointer: '/password_confirmation' });
  });
});

describe('sign-in failures', () => {
  it('answers a wrong password and an unknown email alike, localized', async () => {
    const wrong = await signIn(app, demoEmail('admin', 'demo'), 'wrong-password');
    const unknown = await signIn(app, 'nobody@demo.test', 'wrong-password');
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.body).toBe(wrong.res.body);
    expect(wrong.res.json().errors[0]).toMatchObject({
      code: 'invalid_credentials',
      title: 'Ongeldige inloggegevens',
    });
    expect(wrong.res.headers['access-token']).toBeUndefined();
  });

  it('says "wrong center" for an account of another tenant, only with its right password', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { 'x-tenant': 'raayland', 'accept-language': 'en' },
      payload: { email: demoEmail('admin', 'demo'), password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expectJsonApi(res.json());
    expect(res.json().errors[0].code).toBe('wrong_center');
    expect(res.json().errors[0].detail).toContain('wrong center');
    expect(res.headers['access-token']).toBeUndefined();
    const guess = await signIn(app, demoEmail('admin', 'demo'), 'a-guess', 'raayland');
    expect(guess.res.json().errors[0].code).toBe('invalid_credentials');
    // Control: the same credentials on the account's own tenant sign in.
    expect((await signIn(app, demoEmail('admin', 'demo'), DEMO_PASSWORD, 'demo')).res.statusCode).toBe(200);
  });

  it('rejects an unknown tenant', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { 'x-tenant': 'atlantis' },
      payload: { email: 'a@b.test', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('unknown_tenant');
  });

  it('after 10 wrong passwords delays only that address for that account, until the delay passed or a reset', async () => {
    // Issue #12 finding 6: this used to lock the account for everyone for an hour (`account_locked`).
    const email = await makeUser('locked-out');
    const attacker = '10.66.0.1';
    for (let i = 0; i < 10; i++)
      expect((await signIn(app, email, 'wrong', 'demo', attacker)).res.statusCode).toBe(401);
    const delayed = await signIn(app, email, DEMO_PASSWORD, 'demo', attacker);
    expect(delayed.res.statusCode).toBe(429);
    expect(delayed.res.json().errors[0].code).toBe('sign_in_delayed');
    expect(Number(delayed.res.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from another address, signs in as ever.
    expect((await signIn(app, email, DEMO_PASSWORD, 'demo', '10.66.0.2')).res.statusCode).toBe(200);
    const start = h.clock.now;
    try {
      h.clock.now = new Date(start.getTime() + 31 * 1000);
      // One more wrong try doubles the wait; after it, the right password works again.
      expect((await signIn(app, email, 'wrong', 'demo', attacker)).res.statusCode).toBe(401);
      expect((await signIn(app, email, DEMO_PASSWORD, 'demo', attacker)).res.statusCode).toBe(429);
      h.clock.now = new Date(start.getTime() + 31 * 1000 + 61 * 1000);
      expect((await signIn(app, email, DEMO_PASSWORD, 'demo', attacker)).res.statusCode).toBe(200);
    } finally {
      h.clock.now = start;
    }
  });

  it('lifts every delay of an account when its password is reset by the mailed link', async () => {
    const email = await makeUser('reset-unlocks');
    for (let i = 0; i < 10; i++) await signIn(app, email, 'wrong', 'demo', '10.67.0.1');
    expect((await signIn(app, email, DEMO_PASSWORD, 'demo', '10.67.0.1')).res.statusCode).toBe(429);
    await resetRequest(email);
    const token = linkParam((await mailsTo(app, email))[0]!, 'reset_password_token');
    const reset = await putPassword({
      password: 'unlocked-password',
      password_confirmation: 'unlocked-password',
      reset_password_token: token,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(app, email, 'unlocked-password', 'demo', '10.67.0.1')).res.statusCode).toBe(200);
  });

  it('delays an unknown email exactly like a known one', async () => {
    const known = await makeUser('known-delay');
    const answers = async (email: string, ip: string) => {
      for (let i = 0; i < 10; i++) await signIn(app, email, 'wrong', 'demo', ip);
      return (await signIn(app, email, 'wrong', 'demo', ip)).res.body;
    };
    expect(await answers('nobody-delay@demo.test', '10.68.0.1')).toBe(await answers(known, '10.68.0.2'));
  });

  it('refuses inactive accounts unless the deployment flag allows them', async () => {
    const email = await makeUser('sleeping', 'demo', 'inactive');
    const refused = await signIn(app, email);
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.json().errors[0].code).toBe('account_inactive');
    const lenient = await createHttpApp({ name: 'lenient', logger: false });
    await registerService(lenient, identityService, {
      ...h.deps,
      config: { ...h.deps.config, ALLOW_INACTIVE_USERS: true },
    });
    try {
      expect((await signIn(lenient, email)).res.statusCode).toBe(200);
      const archived = await makeUser('archived', 'demo', 'archived');
      expect((await signIn(lenient, archived)).res.json().errors[0].code).toBe('account_inactive');
    } finally {
      await lenient.close();
    }
  });
});

describe('rate limits', () => {
  it('answers 429 past the limit on sign-in, password reset and confirmation, per address', async () => {
    const strict = await createHttpApp({ name: 'strict', logger: false });
    const config = { ...h.deps.config, RATE_LIMIT_SIGN_IN: 3, RATE_LIMIT_PASSWORD: 2, RATE_LIMIT_CONFIRM: 2 };
    await registerService(strict, identityService, { ...h.deps, config });
    try {
      const post = (url: string, payload: object, ip = '10.9.9.9', headers: Record<string, string> = {}) =>
        strict.inject({
          method: 'POST',
          url,
          headers: { 'x-tenant': 'demo', ...headers },
          payload,
          remoteAddress: ip,
        });
      const signIns = [];
      for (let i = 0; i < 4; i++)
        signIns.push(await post('/auth/sign_in', { email: 'x@demo.test', password: 'nope' }));
      expect(signIns.map((r) => r.statusCode)).toEqual([401, 401, 401, 429]);
      expectJsonApi(signIns[3]!.json());
      expect(signIns[3]!.json().errors[0]).toMatchObject({ status: '429', code: 'rate_limited' });
      expect(signIns[3]!.headers['retry-after']).toBeDefined();
      // A new X-Forwarded-For per try does not make a new address (issue #12 finding 6): no proxy is trusted.
      const forged = await post('/auth/sign_in', { email: 'z@demo.test', password: 'nope' }, '10.9.9.9', {
        'x-forwarded-for': '203.0.113.99',
      });
      expect(forged.statusCode).toBe(429);
      // Control: another address is not limited.
      expect(
        (await post('/auth/sign_in', { email: 'x@demo.test', password: 'nope' }, '10.9.9.10')).statusCode,
      ).toBe(401);

      const resets = [];
      for (let i = 0; i < 3; i++)
        resets.push((await post('/auth/password', { email: 'y@demo.test' })).statusCode);
      expect(resets).toEqual([200, 200, 429]);
      const confirms = [];
      for (let i = 0; i < 3; i++)
        confirms.push((await post('/api/v1/confirm', { confirmation_token: 'bogus' })).statusCode);
      expect(confirms).toEqual([422, 422, 429]);
    } finally {
      await strict.close();
    }
  });

  it('limits an account whichever addresses ask, at RATE_LIMIT_ACCOUNT_FACTOR times the address limit', async () => {
    const strict = await createHttpApp({ name: 'per-account', logger: false });
    const config = { ...h.deps.config, RATE_LIMIT_SIGN_IN: 2, RATE_LIMIT_ACCOUNT_FACTOR: 3 };
    await registerService(strict, identityService, { ...h.deps, config });
    try {
      const statuses = [];
      for (let i = 0; i < 7; i++) {
        const res = await strict.inject({
          method: 'POST',
          url: '/auth/sign_in',
          headers: { 'x-tenant': 'demo' },
          payload: { email: 'many@demo.test', password: 'nope' },
          remoteAddress: `10.70.0.${i + 1}`,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('storage', () => {
  it('keeps no access token, reset token or password in plain text', async () => {
    const email = await makeUser('secrets');
    const { res } = await signIn(app, email);
    const creds = credsOf(res);
    await app.inject({
      method: 'POST',
      url: '/auth/password',
      headers: { 'x-tenant': 'demo' },
      payload: { email },
    });
    const resetToken = linkParam((await mailsTo(app, email))[0]!, 'reset_password_token');
    const owner = createDb(createPool(h.platform.ownerUrl, 1));
    try {
      // Identity's and notifications' tables (the mail request crossed both outboxes' consumers); the
      // development mailbox stands in for the recipient's inbox.
      const tables = await sql<{ name: string }>`select table_schema || '.' || table_name as name
        from information_schema.tables where table_schema in ('identity', 'notifications')
        and table_type = 'BASE TABLE' and table_name <> 'dev_mails'`.execute(owner);
      expect(tables.rows.map((t) => t.name)).toEqual(
        expect.arrayContaining([
          'identity.users',
          'identity.sessions',
          'identity.outbox',
          'identity.mail_deliveries',
          'identity.passwordless_tokens',
          'notifications.processed_events',
        ]),
      );
      let dump = '';
      for (const { name } of tables.rows) {
        const rows = await sql<{
          row: string;
        }>`select to_jsonb(t)::text as row from ${sql.table(name)} t`.execute(owner);
        dump += rows.rows.map((r) => r.row).join('\n');
      }
      expect(dump).toContain('identity.mail.requested'); // control: the request is in the outbox
      expect(dump).toContain(creds.client); // control: the dump does hold this session
      for (const secret of [creds['access-token'], resetToken, DEMO_PASSWORD])
        expect(dump).not.toContain(secret);
    } finally {
      await owner.destroy();
    }
  });
});
