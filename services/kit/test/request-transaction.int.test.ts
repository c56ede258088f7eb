import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { testPlatform } from '@stageplein/testing/harness';
import { createHttpApp } from '../src/http/http-app.ts';
import { registerService, type TServiceDeps, type TServiceModule } from '../src/service.ts';
import { enableTenantRls } from '../src/db/rls.ts';
import { ApiError } from '../src/errors/api-error.ts';
import type { TPlatform } from '../src/runtime/platform.ts';

/** A throwaway service: one tenant table, a write route that can fail after writing, a read route. */
const routes: FastifyPluginAsync<TServiceDeps> = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/probe_items',
    { schema: { body: z.object({ name: z.string().min(1) }) } },
    async (req, reply) => {
      const db = await req.db();
      await sql`insert into probe.items (tenant_id, name) values (${req.tenant.id}, ${req.body.name})`.execute(
        db,
      );
      if (req.body.name === 'fail-after-write') throw new ApiError('conflict');
      return reply.status(201).send({ data: { type: 'probe_item', id: req.body.name } });
    },
  );
  r.get('/api/v1/probe_items', async (req) => {
    const { rows } = await sql<{ name: string }>`select name from probe.items order by name`.execute(
      await req.db(),
    );
    return { data: rows.map((row) => ({ type: 'probe_item', id: row.name })) };
  });
  // A GET must not write: its connection is read-only.
  r.get('/api/v1/probe_items/write_attempt', async (req) => {
    await sql`insert into probe.items (tenant_id, name) values (${req.tenant.id}, 'sneaky')`.execute(
      await req.db(),
    );
    return { data: null };
  });
  r.get('/api/v1/probe_items/tenant', async (req) => {
    const { rows } = await sql<{ t: string }>`select current_setting('app.tenant_id', true) as t`.execute(
      await req.db(),
    );
    return { tenant: rows[0]?.t };
  });
};

const probeService: TServiceModule = {
  name: 'probe',
  schema: 'probe',
  prefixes: ['/api/v1/probe_items'],
  migrations: {
    '0001-items': {
      async up(db: Kysely<unknown>) {
        await sql`create table probe.items (tenant_id text not null, name text not null)`.execute(db);
        await enableTenantRls(db, 'probe', 'items');
      },
    },
    '0002-outbox': (await import('../src/migrations/outbox.v1.ts')).outboxMigrationV1('probe'),
    '0003-outbox-v2': (await import('../src/migrations/outbox.v2.ts')).outboxMigrationV2('probe'),
  },
  routes,
};

let platform: TPlatform;
let app: FastifyInstance;

beforeAll(async () => {
  platform = await testPlatform([probeService], { seed: false });
  app = await createHttpApp({ name: 'probe', logger: false });
  await registerService(app, probeService, platform.deps);
});
afterAll(async () => {
  await app?.close();
  await platform?.close();
});

const post = (name: string, tenant = 'demo') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/probe_items',
    headers: { 'x-tenant': tenant },
    payload: { name },
  });
const names = async (tenant: string) =>
  (await app.inject({ url: '/api/v1/probe_items', headers: { 'x-tenant': tenant } }))
    .json()
    .data.map((d: { id: string }) => d.id);

describe('one transaction per request', () => {
  it('commits a successful request before the client sees the answer', async () => {
    expect((await post('kept')).statusCode).toBe(201);
    expect(await names('demo')).toEqual(['kept']);
  });

  it('rolls back everything a failing request wrote', async () => {
    const res = await post('fail-after-write');
    expect(res.statusCode).toBe(409);
    expect(await names('demo')).toEqual(['kept']);
  });

  it('rejects invalid input before anything is written', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source).toEqual({ pointer: '/name' });
    expect(await names('demo')).toEqual(['kept']);
  });

  it('runs each request as its tenant: another tenant sees none of it', async () => {
    expect((await post('raayland-only', 'raayland')).statusCode).toBe(201);
    expect(await names('raayland')).toEqual(['raayland-only']);
    expect(await names('demo')).toEqual(['kept']);
    const tenant = await app.inject({ url: '/api/v1/probe_items/tenant', headers: { 'x-tenant': 'axia' } });
    expect(tenant.json()).toEqual({ tenant: 'axia' });
  });

  it('answers safe requests on read-only connections: a GET that writes fails and writes nothing', async () => {
    const res = await app.inject({
      url: '/api/v1/probe_items/write_attempt',
      headers: { 'x-tenant': 'demo' },
    });
    expect(res.statusCode).toBe(500);
    expect(await names('demo')).toEqual(['kept']);
  });

  it('releases connections: many concurrent requests neither leak nor block', async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post(i % 3 ? `bulk-${i}` : 'fail-after-write', 'axia')),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(40);
    expect(await names('axia')).toHaveLength(40);
    expect(platform.appPool.waitingCount).toBe(0);
    expect(platform.appPool.totalCount - platform.appPool.idleCount).toBe(0);
  });
});
