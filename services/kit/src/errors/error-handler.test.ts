import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, ERRORS, type TErrorCode } from '@stageplein/contracts/errors/error-catalogue';
import { hasKey, LANGUAGES, translate } from '@stageplein/contracts/i18n/index';
import { expectJsonApi } from '@stageplein/testing/jsonapi-conformance';
import { createHttpApp } from '../http/http-app.ts';
import { ApiError } from './api-error.ts';
import { JSONAPI_MEDIA_TYPE } from './error-handler.ts';

let app: FastifyInstance;
const VARS = {
  parameter: 'x',
  tenant: 'x',
  max_mb: 5,
  school_year: 'x',
  method: 'X',
  allow: 'GET',
  max: 100,
};
let port: number;

beforeAll(async () => {
  app = await createHttpApp({ name: 'errors-test', logger: false });
  app.get<{ Params: { code: TErrorCode } }>('/boom/:code', async (req) => {
    throw new ApiError(req.params.code, VARS);
  });
  app.get('/things/:id', async () => ({ ok: true }));
  app.post('/things', { bodyLimit: 10 }, async () => ({ ok: true }));
  // A handler that parses an optional body itself and lets the ZodError escape.
  app.post('/notes', async (req) => z.object({ note: z.string() }).strict().parse(req.body));
  // A route whose schema refuses the body: Fastify's validation error, localized from zod's issue.
  app.post(
    '/named',
    { schema: { body: z.object({ name: z.string().min(1).max(5), kind: z.enum(['a', 'b']) }) } },
    async () => ({ ok: true }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => app?.close());

/** One request as raw bytes: methods and URLs that fetch and inject would refuse or normalize. */
function raw(requestLine: string, headers = '') {
  return new Promise<{ status: number; headers: string; body: unknown }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`${requestLine}\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`),
    );
    let out = '';
    socket.on('data', (d) => (out += d));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = out.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) });
    });
  });
}

describe('the error catalogue, rendered', () => {
  it.each(ERROR_CODES.flatMap((code) => LANGUAGES.map((lang) => [code, lang] as const)))(
    '%s (%s): its status, its texts, a valid JSON:API error document',
    async (code, lang) => {
      const { status, titleKey, detailKey } = ERRORS[code];
      expect(status).toBeGreaterThanOrEqual(400);
      expect(hasKey(titleKey) && hasKey(detailKey)).toBe(true);
      const res = await app.inject({ url: `/boom/${code}`, headers: { 'accept-language': lang } });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toContain(JSONAPI_MEDIA_TYPE);
      const body = res.json();
      expectJsonApi(body);
      const [error] = body.errors;
      expect(error).toMatchObject({ status: String(status), code });
      expect(error.title).toBe(translate(lang, titleKey, VARS));
      expect(error.detail).toBe(translate(lang, detailKey, VARS));
      expect(error.title).not.toBe(titleKey);
      expect(error.detail).not.toBe(detailKey);
    },
  );

  it('takes only catalogue codes', () => {
    // @ts-expect-error a code outside the catalogue does not type-check (nor construct)
    expect(() => new ApiError('no_such_code')).toThrow();
    // One code, another status: the document says the status the response has.
    expect(new ApiError('invalid_credentials', {}, undefined, 422).status).toBe(422);
  });
});

describe('refusals before any route runs', () => {
  it.each(['DELETE', 'PUT', 'TRACE', 'QUERY', 'OPTIONS'])(
    '%s on a known path: 405 with Allow',
    async (method) => {
      const res = await raw(`${method} /things/1 HTTP/1.1`);
      expect(res.status).toBe(405);
      expect(res.headers).toContain('allow: get, head');
      expectJsonApi(res.body);
      expect(res.body).toMatchObject({ errors: [{ status: '405', code: 'method_not_allowed' }] });
    },
  );

  it('an unknown path is 404 whatever the method', async () => {
    for (const method of ['GET', 'DELETE', 'TRACE']) {
      const res = await raw(`${method} /nothing/here HTTP/1.1`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ errors: [{ status: '404', code: 'not_found' }] });
    }
  });

  it('a badly encoded URL is 400 bad_url', async () => {
    const res = await raw('GET /things/%E0%A4%A HTTP/1.1');
    expect(res.status).toBe(400);
    expectJsonApi(res.body);
    expect(res.body).toMatchObject({ errors: [{ status: '400', code: 'bad_url' }] });
  });

  it('a body of a type the route does not parse is 415, one too large 413', async () => {
    const xml = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expectJsonApi(xml.json());
    expect(xml.json()).toMatchObject({ errors: [{ status: '415', code: 'unsupported_media_type' }] });
    const large = await app.inject({ method: 'POST', url: '/things', payload: { much: 'x'.repeat(100) } });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ errors: [{ status: '413', code: 'payload_too_large' }] });
  });

  it('a request Node cannot parse is a JSON:API 400', async () => {
    const res = await raw('BREW /things HTTP/1.1');
    expect(res.status).toBe(400);
    expectJsonApi(res.body);
    expect(res.body).toMatchObject({ errors: [{ status: '400', code: 'bad_request' }] });
  });
});

describe('bad input is a 422, never a 500 (issue #31.4)', () => {
  const post = (url: string, payload: string, lang = 'en') =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'accept-language': lang },
      payload,
    });

  it.each(['[]', '"x"', '1', '{}', '{"note":1}'])(
    'a ZodError a handler lets escape (body %s): 422 validation_failed',
    async (payload) => {
      const res = await post('/notes', payload);
      expect(res.statusCode).toBe(422);
      expectJsonApi(res.json());
      expect(res.json().errors[0]).toMatchObject({ status: '422', code: 'validation_failed' });
    },
  );

  it.each([5_000, 10_000, 100_000])('JSON nested %i levels deep: 422 json_too_deep', async (depth) => {
    for (const payload of [
      '['.repeat(depth) + ']'.repeat(depth),
      '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    ]) {
      const res = await post('/notes', payload, 'nl');
      expect(res.statusCode).toBe(422);
      expectJsonApi(res.json());
      expect(res.json().errors[0]).toMatchObject({ status: '422', code: 'json_too_deep' });
      expect(res.json().errors[0].detail).toContain('100');
    }
  });

  it.each(LANGUAGES)(
    "a body the route's schema refuses: one localized error per issue, pointing at the field (%s)",
    async (lang) => {
      const res = await post('/named', '{"name":"too long","kind":"c"}', lang);
      expect(res.statusCode).toBe(422);
      expectJsonApi(res.json());
      const errors = res.json().errors as { code: string; detail: string; source: { pointer: string } }[];
      expect(errors.map((e) => [e.code, e.source.pointer, e.detail])).toEqual([
        ['validation_failed', '/name', translate(lang, 'validation.maxLength', { max: 5 })],
        ['validation_failed', '/kind', translate(lang, 'validation.oneOf', { values: 'a, b' })],
      ]);
      const missing = (await post('/named', '{"kind":"a"}', lang)).json().errors[0];
      expect(missing.detail).toBe(translate(lang, 'validation.required'));
    },
  );

  it('100 levels pass the walk (the route decides)', async () => {
    const res = await post('/notes', '{"a":'.repeat(99) + '1' + '}'.repeat(99));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe('validation_failed');
  });

  it('half a surrogate pair in a value or a key: 422 control_characters with its pointer', async () => {
    for (const [payload, pointer] of [
      ['{"note":"a\\ud800"}', '/note'],
      ['{"note":"\\udc00b"}', '/note'],
      ['{"x":[{"y":"\\ud83d"}]}', '/x/0/y'],
      ['{"\\ud800":"a"}', '/\ud800'],
    ] as const) {
      const res = await post('/notes', payload);
      expect(res.statusCode, payload).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ code: 'control_characters', source: { pointer } });
    }
    const pair = await post('/notes', '{"note":"\\ud83d\\ude00"}');
    expect(pair.statusCode).toBe(200);
  });
});
