import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService, type TServiceDeps, type TServiceModule } from '@stageplein/kit/service';
import type { TPlatform } from '@stageplein/kit/runtime/platform';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { sql, type Kysely } from 'kysely';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { testPlatform } from '@stageplein/testing/harness';
import { DEMO_PASSWORD, demoEmail } from '../src/seeds/seed.ts';
import { identityService } from '../src/identity.module.ts';
import { notificationsService } from '@stageplein/notifications';
import { folderMailsTo } from '../src/mail/mail-folder.ts';
import type { TStackConfig } from '@stageplein/stack/services';
import { eventually } from '@stageplein/testing/eventually';

export { DEMO_PASSWORD, demoEmail };

export interface TClock {
  now: Date;
}

export interface TIdentityHarness {
  app: FastifyInstance;
  platform: TPlatform<TStackConfig> & { ownerUrl: string };
  clock: TClock;
  deps: TServiceDeps<TStackConfig>;
  close(): Promise<void>;
}

/** Fast and generous defaults so the protocol tests are not throttled unless they mean to be. */
export const TEST_ENV = {
  PASSWORD_SCRYPT_COST: '10',
  RATE_LIMIT_SIGN_IN: '1000',
  RATE_LIMIT_PASSWORD: '1000',
  RATE_LIMIT_CONFIRM: '1000',
};

/**
 * A fresh seeded database, the platform (relay delivering to in-process consumers) and an HTTP app
 * with the given services mounted, on a clock the test can move.
 */
export async function identityHarness(
  options: { env?: Record<string, string>; services?: readonly TServiceModule<TStackConfig>[] } = {},
): Promise<TIdentityHarness> {
  // Identity's mails are rendered and sent by notifications (its queue, the suite's SMTP catcher).
  const services = options.services ?? [identityService, notificationsService];
  // Mail is read where a person without an operator account reads it: the mail folder.
  const mailDir = mkdtempSync(path.join(tmpdir(), 'stageplein-mail-'));
  const platform = await testPlatform(services, {
    seed: true,
    env: { ...TEST_ENV, MAIL_DIR: mailDir, ...options.env },
  });
  const clock: TClock = { now: new Date() };
  const deps: TServiceDeps<TStackConfig> = { ...platform.deps, now: () => clock.now };
  const app = await createHttpApp({ name: 'identity-test', logger: false });
  for (const service of services) await registerService(app, service, deps);
  MAIL_DIRS.set(app, mailDir);
  return {
    app,
    platform,
    clock,
    deps,
    async close() {
      await app.close();
      await platform.close();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

const MAIL_DIRS = new WeakMap<FastifyInstance, string>();

export type TCreds = { 'access-token': string; client: string; uid: string };

export const credsOf = (res: LightMyRequestResponse): TCreds => ({
  'access-token': String(res.headers['access-token']),
  client: String(res.headers.client),
  uid: String(res.headers.uid),
});

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
  tenant = 'demo',
  ip = '10.0.0.1',
) {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': tenant },
    remoteAddress: ip,
    payload: { email, password },
  });
  return { res, creds: credsOf(res) };
}

/** Signs in a demo account and returns its credentials (the call must succeed). */
export async function demoCreds(app: FastifyInstance, local: string, tenant = 'demo'): Promise<TCreds> {
  const { res, creds } = await signIn(app, demoEmail(local, tenant), DEMO_PASSWORD, tenant);
  expect(res.statusCode, res.body).toBe(200);
  return creds;
}

export const org = (tenant: string, kind: 'school' | 'volunteer-center' | 'provider' | 'nonprofit') =>
  seedOrganizationId(tenant, kind);

/** Request headers for a signed-in call on a tenant, optionally with a current organization. */
export function as(creds: TCreds, tenant = 'demo', organizationId?: string): Record<string, string> {
  return {
    'x-tenant': tenant,
    ...creds,
    ...(organizationId ? { 'x-current-organization-id': organizationId } : {}),
  };
}

export interface TMail {
  id: string;
  attributes: { kind: string; to: string; subject: string; text_body: string };
}

/**
 * The newest mails to an address, as a person reads them in the mail folder (MAIL_DIR), once at least
 * `count` have arrived: mail reaches the folder through notifications' queue and SMTP, so this polls
 * (never sleeps). That no mail was requested is `requestedMailsTo`'s to say.
 */
export async function mailsTo(
  app: FastifyInstance,
  to: string,
  tenant = 'demo',
  count = 1,
): Promise<TMail[]> {
  const dir = MAIL_DIRS.get(app);
  if (!dir) throw new Error('mailsTo: not an app of identityHarness (it knows no mail folder)');
  const read = async () =>
    (await folderMailsTo(dir, tenant, to)).map((m) => ({
      id: path.basename(m.file),
      attributes: { kind: m.kind, to: m.to, subject: m.subject, text_body: m.text },
    }));
  await eventually(async () => expect((await read()).length).toBeGreaterThanOrEqual(count), 30_000);
  return read();
}

/**
 * The account mails identity requested for an address (its `identity.mail_deliveries`, in the use case's
 * transaction): none here means none was sent, whatever the queue still holds.
 */
export async function requestedMailsTo(
  h: TIdentityHarness,
  to: string,
  tenant = 'demo',
): Promise<{ template: string }[]> {
  return withOwner(h, async (owner) => {
    const { rows } = await sql<{ template: string }>`select template from identity.mail_deliveries
      where tenant_id = ${tenant} and recipient_email = ${to.trim().toLowerCase()}
      order by requested_at`.execute(owner);
    return rows;
  });
}

/** The value of a query parameter in the first link of a mail. */
export function linkParam(mail: TMail, name: string): string {
  const url = /https?:\/\/\S+/.exec(mail.attributes.text_body)?.[0];
  if (!url) throw new Error(`no link in mail: ${mail.attributes.text_body}`);
  const value = new URL(url).searchParams.get(name);
  if (!value) throw new Error(`no ${name} in ${url}`);
  return value;
}

export { eventually };

let fastHash: Promise<string> | undefined;

/** The password of users made by `createUser`. */
export const TEST_PASSWORD = 'test-password-1';

/**
 * Makes a user straight in the database (owner connection), with roles on the given organizations:
 * test fixtures, not the code under test.
 */
export async function createUser(
  h: TIdentityHarness,
  input: { email: string; tenant?: string; status?: string; roles?: [string, string, string][] },
): Promise<string> {
  const { hashPassword } = await import('../src/shared/passwords.ts');
  fastHash ??= hashPassword(TEST_PASSWORD, 10);
  const tenant = input.tenant ?? 'demo';
  const owner = createDb(createPool(h.platform.ownerUrl, 1));
  try {
    const { rows } = await sql<{
      id: string;
    }>`insert into identity.users (tenant_id, email, first_name, last_name, status, encrypted_password, created_at, updated_at)
      values (${tenant}, ${input.email}, 'Test', 'User', ${input.status ?? 'active'}, ${await fastHash}, now(), now()) returning id`.execute(
      owner,
    );
    const id = rows[0]!.id;
    for (const [name, type, resourceId] of input.roles ?? []) {
      await sql`insert into identity.roles (tenant_id, user_id, name, resource_type, resource_id, created_at)
        values (${tenant}, ${id}, ${name}, ${type}, ${resourceId}, now())`.execute(owner);
    }
    return id;
  } finally {
    await owner.destroy();
  }
}

/** Runs `fn` with an owner (RLS-exempt) connection, for checks behind the API's back. */
export async function withOwner<T>(
  h: TIdentityHarness,
  fn: (owner: Kysely<unknown>) => Promise<T>,
): Promise<T> {
  const owner = createDb<unknown>(createPool(h.platform.ownerUrl, 1));
  try {
    return await fn(owner);
  } finally {
    await owner.destroy();
  }
}
