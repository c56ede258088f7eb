import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { freshClientAddress } from '@stageplein/testing/client-address';
import type { TTestProduct } from '@stageplein/testing/product';
import { eventually } from '@stageplein/testing/eventually';

/** Calls of the ownership tests (issue #12) against the whole product, as a client makes them. */
export const DEMO_PASSWORD = 'stageplein-demo';
export type THeaders = Record<string, string>;

let n = 0;
/** A number unique within the test file (fresh addresses, names, postcodes). */
export const next = () => ++n;

export const at = (headers: THeaders, organizationId: string): THeaders => ({
  ...headers,
  'x-current-organization-id': organizationId,
});

export { eventually };

export function ownershipCalls(product: TTestProduct) {
  const app: FastifyInstance = product.app;

  async function withOwner<T>(fn: (owner: Kysely<unknown>) => Promise<T>): Promise<T> {
    const owner = createDb<unknown>(createPool(product.platform.ownerUrl, 1));
    try {
      return await fn(owner);
    } finally {
      await owner.destroy();
    }
  }

  async function signIn(email: string, password = DEMO_PASSWORD, tenant = 'demo'): Promise<THeaders> {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { 'x-tenant': tenant },
      remoteAddress: freshClientAddress(),
      payload: { email, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      'x-tenant': tenant,
      'access-token': String(res.headers['access-token']),
      client: String(res.headers.client),
      uid: String(res.headers.uid),
    };
  }

  async function idOf(headers: THeaders): Promise<string> {
    const res = await app.inject({ url: '/api/v1/current_user', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id;
  }

  /** The newest mail of a kind to an address, read where the embedded profile keeps mail (not over HTTP). */
  async function tokenMail(to: string, kind: string, param: string): Promise<string> {
    let token: string | null = null;
    await eventually(async () => {
      const { rows } = await withOwner((owner) =>
        sql<{ text_body: string }>`select text_body from identity.dev_mails
          where to_address = ${to} and kind = ${kind} order by seq desc limit 1`.execute(owner),
      );
      expect(rows[0], `${kind} mail to ${to}`).toBeDefined();
      token = new URL(/https?:\/\/\S+/.exec(rows[0]!.text_body)![0]).searchParams.get(param);
      expect(token).not.toBeNull();
    }, 15_000);
    return token!;
  }

  async function signUp(adminEmail: string, type = 'Provider'): Promise<LightMyRequestResponse> {
    const i = next();
    return app.inject({
      method: 'POST',
      url: '/api/v1/organizations/signup',
      headers: { 'x-tenant': 'demo', 'x-forwarded-for': `10.9.${Math.floor(i / 200)}.${i % 200}` },
      payload: {
        data: {
          type: 'organization_signup',
          attributes: {
            organization_type: type,
            name: `Aanvaller ${i} BV`,
            city: 'Utrecht',
            address: 'Straat 1',
            postcode: `${3500 + i} AB`,
            admin_email: adminEmail,
            admin_first_name: 'Eve',
            admin_last_name: 'Aanvaller',
          },
        },
      },
    });
  }

  /** Signs up an organization with a new address and confirms it: the admin of a pending organization. */
  async function pendingOrganizationAdmin(
    type = 'Provider',
  ): Promise<{ headers: THeaders; organizationId: string; email: string }> {
    const email = `eve-${next()}@aanvaller.test`;
    const res = await signUp(email, type);
    expect(res.statusCode, res.body).toBe(201);
    const organizationId = res.json().data.id;
    const token = await tokenMail(email, 'invitation', 'confirmation_token');
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/confirm',
      headers: { 'x-tenant': 'demo' },
      payload: {
        confirmation_token: token,
        password: 'eve-wachtwoord',
        password_confirmation: 'eve-wachtwoord',
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const headers = at(await signIn(email, 'eve-wachtwoord'), organizationId);
    return { headers, organizationId, email };
  }

  return { app, withOwner, signIn, idOf, tokenMail, signUp, pendingOrganizationAdmin };
}
