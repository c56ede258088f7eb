import type { FastifyInstance } from 'fastify';
import { seedOrganizationId, type TSeedOrganizationKind } from '@stageplein/contracts/domain/seed-ids';
import { DEMO_PASSWORD, demo, type TDemo } from './stack.ts';

/** Calls the API through the gateway as a demo user (set-up and checks beside the browser). */
export interface TApi {
  get<T = Record<string, unknown>>(path: string): Promise<{ status: number; body: T }>;
  send<T = Record<string, unknown>>(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
}

export async function apiAs(
  app: FastifyInstance,
  tenant: string,
  who: TDemo | null,
  organization?: TSeedOrganizationKind,
): Promise<TApi> {
  const host = `${tenant}.localhost`;
  const headers: Record<string, string> = {
    host,
    accept: 'application/vnd.api+json',
    'accept-language': 'nl',
  };
  if (who) {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { host, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: demo(who, tenant), password: DEMO_PASSWORD }),
    });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${who} answered ${res.statusCode}`);
    for (const name of ['access-token', 'client', 'uid']) headers[name] = String(res.headers[name]);
  }
  if (organization) headers['x-current-organization-id'] = seedOrganizationId(tenant, organization);
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
  };
  return { get: (path) => call('GET', path), send: (method, path, body) => call(method, path, body) };
}

/** The id of a demo user, as the school's admin sees it. */
export async function userId(api: TApi, tenant: string, who: TDemo): Promise<string> {
  const { body } = await api.get<{ data: { id: string; attributes: { email: string } }[] }>(
    `/api/v1/users?page[size]=1000&filter[search]=${encodeURIComponent(demo(who, tenant))}`,
  );
  const found = body.data.find((u) => u.attributes.email === demo(who, tenant));
  if (!found) throw new Error(`${who} not found`);
  return found.id;
}
