import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  as,
  credsOf,
  createUser,
  identityHarness,
  linkParam,
  mailsTo,
  type TIdentityHarness,
} from '../../test/identity-harness.ts';

let h: TIdentityHarness;
let app: FastifyInstance;
beforeAll(async () => {
  h = await identityHarness();
  app = h.app;
});
afterAll(async () => h?.close());

const ask = (email: string, tenant = 'nuborgh') =>
  app.inject({
    method: 'POST',
    url: '/auth/passwordless',
    headers: { 'x-tenant': tenant },
    payload: { email },
  });
const use = (payload: object, tenant = 'nuborgh') =>
  app.inject({ method: 'POST', url: '/auth/passwordless/sign_in', headers: { 'x-tenant': tenant }, payload });
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

describe('passwordless login (nuborgh only)', () => {
  it('is unavailable where the tenant switch is off', async () => {
    const res = await ask('student@demo.test', 'demo');
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('passwordless_unavailable');
    expect((await use({ token: 'x' }, 'demo')).statusCode).toBe(403);
    expect(
      (await app.inject({ url: '/api/v1/sign_in_options', headers: { 'x-tenant': 'nuborgh' } })).json().data
        .attributes.passwordless,
    ).toBe(true);
    expect(
      (await app.inject({ url: '/api/v1/sign_in_options', headers: { 'x-tenant': 'demo' } })).json().data
        .attributes.passwordless,
    ).toBe(false);
  });

  it('mails a single-use link that signs in (same answer for unknown emails)', async () => {
    const known = await ask('student@nuborgh.test');
    const unknown = await ask('nobody@nuborgh.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const [mail] = await mailsTo(app, 'student@nuborgh.test', 'nuborgh');
    expect(mail!.attributes.kind).toBe('passwordless');
    const token = linkParam(mail!, 'token');
    const res = await use({ token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['token-type']).toBe('Bearer');
    const me = await app.inject({ url: '/api/v1/current_user', headers: as(credsOf(res), 'nuborgh') });
    expect(me.json().data.attributes.email).toBe('student@nuborgh.test');
    expect((await use({ token })).statusCode).toBe(422);
  });

  it('signs in with email and the mailed code, which stops working after 5 wrong tries', async () => {
    await createUser(h, { email: 'coder@nuborgh.test', tenant: 'nuborgh' });
    await ask('coder@nuborgh.test');
    const code = codeOf((await mailsTo(app, 'coder@nuborgh.test', 'nuborgh'))[0]!.attributes.text_body);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await use({ email: 'coder@nuborgh.test', code: wrong })).statusCode).toBe(422);
    expect((await use({ email: 'coder@nuborgh.test', code })).statusCode).toBe(200);

    await ask('coder@nuborgh.test');
    const second = codeOf((await mailsTo(app, 'coder@nuborgh.test', 'nuborgh', 2))[0]!.attributes.text_body);
    const bad = second === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await use({ email: 'coder@nuborgh.test', code: bad })).statusCode).toBe(422);
    expect((await use({ email: 'coder@nuborgh.test', code: second })).statusCode).toBe(422);
  });

  it('expires after 15 minutes', async () => {
    await createUser(h, { email: 'late@nuborgh.test', tenant: 'nuborgh' });
    await ask('late@nuborgh.test');
    const token = linkParam((await mailsTo(app, 'late@nuborgh.test', 'nuborgh'))[0]!, 'token');
    const start = h.clock.now;
    try {
      h.clock.now = new Date(start.getTime() + 16 * 60 * 1000);
      expect((await use({ token })).statusCode).toBe(422);
      h.clock.now = new Date(start.getTime() + 14 * 60 * 1000);
      expect((await use({ token })).statusCode).toBe(200);
    } finally {
      h.clock.now = start;
    }
  });
});
