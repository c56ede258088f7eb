import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../http/http-app.ts';
import { requestUrl, tenantPlugin, type TTenantOptions } from './tenant.plugin.ts';

/** A plain HTTP request from this machine, with any Host and forwarding headers (fetch forbids Host). */
function get(port: number, headers: Record<string, string>) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/probe?page=2', headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function probe(options: TTenantOptions, trustedProxies: string[] = []) {
  const app = await createHttpApp({ name: 'tenant-probe', logger: false, trustedProxies });
  await app.register(async (scope) => {
    await scope.register(tenantPlugin, options);
    scope.get('/probe', async (req) => ({ tenant: req.tenant.id, url: requestUrl(req), ip: req.ip }));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

const TEMPLATE = 'https://{tenant}.stageplein.test';
let strict: { app: FastifyInstance; port: number };
let lenient: { app: FastifyInstance; port: number };
let behindProxy: { app: FastifyInstance; port: number };

beforeAll(async () => {
  strict = await probe({ domainMap: {}, publicUrlTemplate: TEMPLATE });
  lenient = await probe({ defaultTenant: 'stageplein', domainMap: {}, publicUrlTemplate: TEMPLATE });
  behindProxy = await probe({ domainMap: {}, publicUrlTemplate: TEMPLATE }, ['127.0.0.1']);
});
afterAll(async () => {
  await Promise.all([strict, lenient, behindProxy].map((p) => p?.app.close()));
});

describe('the tenant of a request from the network (issue #12, findings 6 and 10)', () => {
  it('takes it from a Host that names a tenant', async () => {
    const res = await get(strict.port, { host: 'demo.localhost:3000' });
    expect(res.body).toMatchObject({ tenant: 'demo', url: 'http://demo.localhost:3000/probe?page=2' });
  });

  it('answers a Host that names no tenant with 421 unknown_host, without echoing it', async () => {
    const res = await get(strict.port, { host: 'evil.test' });
    expect(res.status).toBe(421);
    expect(res.body).toMatchObject({ errors: [{ status: '421', code: 'unknown_host' }] });
    expect(JSON.stringify(res.body)).not.toContain('evil.test');
  });

  it('falls back to the default tenant only when one is configured, and then links to its own site', async () => {
    const res = await get(lenient.port, { host: 'evil.test' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tenant: 'stageplein',
      url: 'https://stageplein.stageplein.test/probe?page=2',
    });
    const named = await get(strict.port, { host: 'demo.evil.test' });
    expect(named.body).toMatchObject({ tenant: 'demo', url: 'https://demo.stageplein.test/probe?page=2' });
    const local = await get(lenient.port, { host: 'localhost:3000' });
    expect(local.body).toMatchObject({ tenant: 'stageplein', url: 'http://localhost:3000/probe?page=2' });
  });

  it('ignores x-tenant, X-Forwarded-Host, -Proto and -For from a client that is no trusted proxy', async () => {
    const res = await get(strict.port, {
      host: 'demo.localhost',
      'x-tenant': 'raayland',
      'x-forwarded-host': 'raayland.localhost',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.7',
    });
    expect(res.body).toMatchObject({
      tenant: 'demo',
      url: 'http://demo.localhost/probe?page=2',
      ip: '127.0.0.1',
    });
    const unknown = await get(strict.port, { host: 'evil.test', 'x-tenant': 'demo' });
    expect(unknown.status).toBe(421);
  });

  it('honours them from a configured proxy (TRUSTED_PROXIES)', async () => {
    const res = await get(behindProxy.port, {
      host: 'gateway.internal',
      'x-forwarded-host': 'raayland.localhost',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.7',
    });
    expect(res.body).toMatchObject({
      tenant: 'raayland',
      url: 'https://raayland.localhost/probe?page=2',
      ip: '203.0.113.7',
    });
    const header = await get(behindProxy.port, { host: 'gateway.internal', 'x-tenant': 'axia' });
    expect(header.body).toMatchObject({ tenant: 'axia' });
  });

  it('trusts an in-process call (app.inject) with x-tenant, as the embedded worker makes them', async () => {
    const res = await strict.app.inject({ url: '/probe', headers: { 'x-tenant': 'demo' } });
    expect(res.json()).toMatchObject({ tenant: 'demo' });
  });
});
