import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '@stageplein/identity';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';

/**
 * The served OpenAPI document tells the truth (issue #12): valid OpenAPI, JSON:API media types as the
 * routes accept and send them, and every error status an operation can give with the JSON:API error
 * document — what the fuzzer (fuzz.int.test.ts) checks the answers against.
 */
const JSONAPI = 'application/vnd.api+json';
const WRITES = new Set(['post', 'put', 'patch', 'delete']);

type TOperation = {
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  'x-rate-limited'?: boolean;
};
type TDoc = { openapi: string; paths: Record<string, Record<string, TOperation>> };

let product: TTestProduct;
let app: FastifyInstance;
let doc: TDoc;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, method, op })),
  );

beforeAll(async () => {
  product = await testProduct({ seed: false, env: { DEV_MAILBOX: 'true' } });
  app = product.app;
  doc = (await app.inject({ url: '/api/v1/openapi.json' })).json();
});
afterAll(async () => product?.close());

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI document (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(operations().length).toBeGreaterThan(50);
  });

  it('declares the JSON:API media type for every body and every JSON answer', () => {
    for (const { id, op } of operations()) {
      if (op.requestBody) {
        expect(Object.keys(op.requestBody.content), id).toEqual([JSONAPI, 'application/json']);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        for (const type of Object.keys(response.content ?? {})) expect(type, `${id} ${status}`).toBe(JSONAPI);
      }
    }
  });

  it('declares no body for a 204 or a redirect (the education sign-in answers with Location only)', () => {
    const bodiless = operations().flatMap(({ id, op }) =>
      Object.entries(op.responses)
        .filter(([status]) => status === '204' || status.startsWith('3'))
        .map(([status, response]) => ({ at: `${id} ${status}`, content: response.content })),
    );
    expect(bodiless.map((b) => b.at)).toContain('GET /auth/kennisnet/callback 302');
    expect(bodiless.filter((b) => b.content !== undefined)).toEqual([]);
  });

  it('lists the error statuses each operation can give, with the JSON:API error document', () => {
    for (const { id, method, op } of operations()) {
      const expected = ['400', '401', '403', '404', '421', '422'];
      if (WRITES.has(method)) expected.push('409', '413', '415');
      if (op['x-rate-limited']) expected.push('429');
      for (const status of expected) {
        expect(op.responses[status]?.content?.[JSONAPI]?.schema?.$ref, `${id} ${status}`).toBe(
          '#/components/schemas/JsonApiErrorDocument',
        );
      }
    }
    // The rate-limited sign-in protocol routes say so.
    expect(doc.paths['/auth/sign_in']!.post!.responses['429']).toBeDefined();
    expect(doc.paths['/auth/password']!.post!.responses['429']).toBeDefined();
  });

  it('says what the routes really do: JSON:API bodies are accepted, answers are JSON:API', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { 'x-tenant': 'demo', 'content-type': JSONAPI },
      payload: JSON.stringify({ email: 'nobody@demo.test', password: DEMO_PASSWORD }),
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.headers['content-type']).toContain(JSONAPI);
    const list = await app.inject({ url: '/api/v1/school_years', headers: { 'x-tenant': 'demo' } });
    expect(list.headers['content-type']).toContain(JSONAPI);
    const text = await app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { 'x-tenant': 'demo', 'content-type': 'application/xml' },
      payload: '<hello/>',
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('the distributed profile routes every operation', () => {
  it('puts every path under one service’s prefix (the gateway proxies only those)', async () => {
    const { SERVICE_PREFIXES } = await import('@stageplein/contracts/routes/service-prefixes');
    const prefixes = Object.values(SERVICE_PREFIXES).flat();
    const under = (path: string) => prefixes.filter((p) => path === p || path.startsWith(`${p}/`));
    // The gateway answers browser error reports itself (docs/observability.md).
    const gatewayOwn = ['/api/v1/client_errors'];
    const unrouted = Object.keys(doc.paths).filter(
      (path) => !gatewayOwn.includes(path) && under(path).length !== 1,
    );
    expect(unrouted).toEqual([]);
  });
});
