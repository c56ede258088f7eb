import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { DEMO_PASSWORD } from '@stageplein/identity';
import { folderMailsTo, type TFolderMail } from '@stageplein/identity/mail/mail-folder';
import { parseConfig } from '@stageplein/kit/config/config';
import { EMBEDDED_CONFIG, mailLines, watchMailFolder } from '@stageplein/stack/embedded';
import { eventually } from '@stageplein/testing/eventually';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';

/**
 * Finding 2 of issue #12: the dev mailbox held every tenant's reset, confirmation and sign-in tokens
 * and answered anonymous callers. Now only a signed-in platform operator of the tenant reads it, only
 * the embedded profile serves it, and a newcomer reads mail in the terminal or the mail folder.
 */
const FAST = { PASSWORD_SCRYPT_COST: '10', RATE_LIMIT_SIGN_IN: '1000', RATE_LIMIT_PASSWORD: '1000' };
const MAILBOX = '/api/v1/dev/mailbox';
const VICTIM = 'student@demo.test';

let product: TTestProduct;
let app: FastifyInstance;
let mailDir: string;

async function signIn(email: string): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': 'demo' },
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    'x-tenant': 'demo',
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
  };
}

async function resetMail(): Promise<TFolderMail> {
  const before = (await folderMailsTo(mailDir, 'demo', VICTIM)).length;
  const ask = await app.inject({
    method: 'POST',
    url: '/auth/password',
    headers: { 'x-tenant': 'demo' },
    payload: { email: VICTIM },
  });
  expect(ask.statusCode, ask.body).toBe(200);
  // The mail arrives through notifications' queue and the SMTP catcher: polled, the newest once it is new.
  let mails: TFolderMail[] = [];
  await eventually(async () => {
    mails = await folderMailsTo(mailDir, 'demo', VICTIM);
    expect(mails.length).toBeGreaterThan(before);
  }, 30_000);
  expect(mails[0]?.kind).toBe('password_reset');
  return mails[0]!;
}

beforeAll(async () => {
  mailDir = mkdtempSync(path.join(tmpdir(), 'stageplein-mail-'));
  product = await testProduct({ env: { ...FAST, DEV_MAILBOX: 'true', MAIL_DIR: mailDir } });
  app = product.app;
});
afterAll(async () => {
  await product?.close();
  rmSync(mailDir, { recursive: true, force: true });
});

describe('the dev mailbox (embedded profile)', () => {
  it('answers no anonymous caller, from any address or host', async () => {
    const mail = await resetMail();
    const id = (await app.inject({ url: MAILBOX, headers: await signIn('admin@demo.test') })).statusCode;
    expect(id).toBe(403); // an admin without a current VolunteerCenter is no operator either
    for (const remoteAddress of ['127.0.0.1', '::1', '10.0.0.7', '203.0.113.9']) {
      for (const headers of [
        { 'x-tenant': 'demo' },
        { host: 'demo.localhost:3000' },
        { host: 'localhost:3000' },
        { 'x-tenant': 'demo', 'x-forwarded-for': '127.0.0.1' },
      ]) {
        for (const url of [MAILBOX, `${MAILBOX}?to=${VICTIM}`]) {
          const res = await app.inject({ url, headers, remoteAddress });
          expect(res.statusCode, `${url} ${JSON.stringify(headers)} from ${remoteAddress}`).toBe(401);
          expect(res.body).not.toContain('reset_password_token');
          expect(res.body).not.toContain(mail.subject);
        }
      }
    }
  });

  it('refuses signed-in users who are not a platform operator of the tenant', async () => {
    const student = await signIn(VICTIM);
    const school = {
      ...(await signIn('admin@demo.test')),
      'x-current-organization-id': seedOrganizationId('demo', 'school'),
    };
    for (const headers of [student, school]) {
      const res = await app.inject({ url: MAILBOX, headers });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).not.toContain('reset_password_token');
    }
  });

  it('lets a platform operator (admin acting for the approved VolunteerCenter) read it', async () => {
    await resetMail();
    const operator = {
      ...(await signIn('admin@demo.test')),
      'x-current-organization-id': seedOrganizationId('demo', 'volunteer-center'),
    };
    // The catcher keeps the message in the mailbox just after its file: polled.
    let mail: { attributes: { text_body: string; html_url: string } } | undefined;
    await eventually(async () => {
      const res = await app.inject({ url: `${MAILBOX}?to=${VICTIM}`, headers: operator });
      expect(res.statusCode, res.body).toBe(200);
      [mail] = res.json().data;
      expect(mail?.attributes).toMatchObject({ kind: 'password_reset', to: VICTIM });
    });
    if (!mail) throw new Error('no mail');
    expect(mail.attributes.text_body).toContain('reset_password_token=');
    const html = await app.inject({ url: mail.attributes.html_url, headers: operator });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(
      (await app.inject({ url: mail.attributes.html_url, headers: { 'x-tenant': 'demo' } })).statusCode,
    ).toBe(401);
    // Another tenant's operator sees none of demo's mail.
    const raayland = await app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { 'x-tenant': 'raayland' },
      payload: { email: 'admin@raayland.test', password: DEMO_PASSWORD },
    });
    const theirs = await app.inject({
      url: MAILBOX,
      headers: {
        'x-tenant': 'raayland',
        'access-token': String(raayland.headers['access-token']),
        client: String(raayland.headers.client),
        uid: String(raayland.headers.uid),
        'x-current-organization-id': seedOrganizationId('raayland', 'volunteer-center'),
      },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.body).not.toContain('demo.test');
  });

  it('writes each mail to <MAIL_DIR>/<tenant>/<time>-<seq>-<subject>.eml, which the terminal shows', async () => {
    const lines: string[] = [];
    const stop = watchMailFolder(mailDir, (m) => lines.push(mailLines(m)), 50);
    try {
      const mail = await resetMail();
      expect(path.relative(mailDir, mail.file)).toMatch(/^demo\/\d{4}-\d\d-\d\dT[\d-]+Z-\d{6}-[\w-]+\.eml$/);
      expect(mail.subject).toMatch(/wachtwoord|password/i);
      await expect.poll(() => lines.join('\n'), { timeout: 5000 }).toContain(mail.subject);
      const shown = lines.join('\n');
      expect(shown).toContain(VICTIM);
      expect(shown).toMatch(/http:\/\/demo\.localhost:\d+\/\S*reset_password_token=/);
    } finally {
      stop();
    }
  });

  it('is what npm start configures: loopback, the mailbox on, mail in .data/mail; HOST overrides', () => {
    // npm start hands the installation's secret in; any secret will do for the defaults checked here.
    const base = { AUTH_TOKEN_SECRET: 'x'.repeat(40) };
    const embedded = parseConfig(base, EMBEDDED_CONFIG);
    expect(embedded.HOST).toBe('127.0.0.1');
    expect(embedded.DEV_MAILBOX).toBe(true);
    expect(embedded.MAIL_DIR).toMatch(/[/\\]\.data[/\\]mail$/);
    expect(parseConfig({ ...base, HOST: '0.0.0.0' }, EMBEDDED_CONFIG).HOST).toBe('0.0.0.0');
    expect(parseConfig({ ...base, DEV_MAILBOX: 'false' }, EMBEDDED_CONFIG).DEV_MAILBOX).toBe(false);
    // The staging flag (spec §1) is on, so the gallery `/dev*`, `/test/*` is open; STAGING=false closes it.
    expect(embedded.STAGING).toBe(true);
    expect(parseConfig({ ...base, STAGING: 'false' }, EMBEDDED_CONFIG).STAGING).toBe(false);
    expect(parseConfig(base).STAGING).toBe(false);
  });
});

describe('outside the embedded profile', () => {
  for (const [name, env] of [
    ['distributed (no DEV_MAILBOX)', {}],
    [
      'production, even when asked',
      { DEV_MAILBOX: 'true', NODE_ENV: 'production', AUTH_TOKEN_SECRET: 'x'.repeat(40) },
    ],
  ] as const) {
    it(`has no mailbox route at all: ${name}`, async () => {
      const other = await testProduct({ seed: false, env: { ...FAST, ...env } });
      try {
        const res = await other.app.inject({ url: MAILBOX, headers: { 'x-tenant': 'demo' } });
        expect(res.statusCode).toBe(404);
        const openapi = (await other.app.inject({ url: '/api/v1/openapi.json' })).json();
        expect(Object.keys(openapi.paths).filter((p) => p.includes('/dev/'))).toEqual([]);
      } finally {
        await other.close();
      }
    });
  }
});
