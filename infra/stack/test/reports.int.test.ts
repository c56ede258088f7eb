import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import { CLIENT_ERRORS_PATH } from '@stageplein/contracts/errors/client-error-report';
import { translate } from '@stageplein/contracts/i18n/index';
import { BROWSER_ERROR_SPAN } from '@stageplein/kit/telemetry/browser-errors';
import { startTelemetry, type TTelemetry } from '@stageplein/kit/telemetry/telemetry';
import { expectJsonApi } from '@stageplein/testing/jsonapi-conformance';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';

/**
 * Issue #13 item 5: a browser error report reaches someone. Through the whole product's gateway: the
 * report is scrubbed, recorded in the page's trace (in-memory OTel exporter) and forwarded as a Sentry
 * envelope to a Sentry-compatible endpoint (a tiny real HTTP server standing in for the third party).
 */
const exporter = new InMemorySpanExporter();
let telemetry: TTelemetry;
let product: TTestProduct;
let app: FastifyInstance;
let sentry: Server;
const envelopes: { headers: IncomingHttpHeaders; url: string; body: string }[] = [];
let envelopeArrived: () => void = () => undefined;

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALL_SPAN_ID = '00f067aa0ba902b7';
const SECRETS = [
  'admin@raayland.test',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
  'conf-token-123',
  'reset-secret',
  'client-abc',
  '0612345678',
];

beforeAll(async () => {
  telemetry = startTelemetry({ serviceName: 'reports-test', exporter });
  sentry = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      envelopes.push({ headers: req.headers, url: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x"}');
      envelopeArrived();
    });
  });
  await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve));
  const { port } = sentry.address() as { port: number };
  product = await testProduct({
    env: {
      CLIENT_ERRORS_SENTRY_DSN: `http://public-key@127.0.0.1:${port}/42`,
      CLIENT_ERRORS_RATE_LIMIT: '5',
    },
  });
  app = product.app;
});
afterAll(async () => {
  await product?.close();
  await new Promise((resolve) => sentry?.close(resolve));
  await telemetry?.shutdown();
});

const report = (attributes: Record<string, unknown> = {}) => ({
  data: {
    type: 'client_errors',
    attributes: {
      app: 'portal',
      kind: 'error',
      name: 'TypeError',
      message: 'Cannot read properties of undefined for admin@raayland.test',
      stack:
        'TypeError: x\n    at load (http://raayland.localhost/assets/index.js:1:2)\n' +
        '    at fetch (Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl)',
      url: 'http://raayland.localhost/confirm?confirmation_token=conf-token-123&reset_password_token=reset-secret',
      status: 502,
      trace_id: TRACE_ID,
      span_id: CALL_SPAN_ID,
      context: { where: 'dashboard', client: 'client-abc', note: 'bel 0612345678' },
      occurred_at: '2026-11-23T12:00:00.000Z',
      ...attributes,
    },
  },
});

const post = (body: unknown, options: { address: string; lang?: string; traceparent?: string }) =>
  app.inject({
    method: 'POST',
    url: CLIENT_ERRORS_PATH,
    headers: {
      host: 'raayland.localhost',
      'content-type': 'application/vnd.api+json',
      'accept-language': options.lang ?? 'nl',
      'user-agent': 'Mozilla/5.0 (reports test)',
      ...(options.traceparent ? { traceparent: options.traceparent } : {}),
    },
    // The browser's own address: X-Forwarded-For counts only from a configured proxy (docs/security.md).
    remoteAddress: options.address,
    payload: JSON.stringify(body),
  });

describe('POST /api/v1/client_errors', () => {
  it('records a scrubbed report in the page trace and forwards it as a Sentry envelope', async () => {
    const arrived = new Promise<void>((resolve) => (envelopeArrived = resolve));
    const res = await post(report(), {
      address: '10.0.0.1',
      traceparent: `00-${TRACE_ID}-${'1'.repeat(16)}-01`,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ data: { type: 'client_errors' }, meta: { trace_id: TRACE_ID } });

    // An OpenTelemetry span in the page's trace, child of the failed call, the error as its exception event.
    const span = exporter.getFinishedSpans().find((s) => s.name === BROWSER_ERROR_SPAN);
    expect(span, 'browser.error span').toBeDefined();
    expect(span!.spanContext().traceId).toBe(TRACE_ID);
    expect(span!.parentSpanContext?.spanId).toBe(CALL_SPAN_ID);
    expect(span!.attributes).toMatchObject({
      'stageplein.app': 'portal',
      'stageplein.tenant': 'raayland',
      'http.response.status_code': 502,
      'stageplein.context.where': 'dashboard',
      'stageplein.context.client': '[scrubbed]',
    });
    const exception = span!.events.find((e) => e.name === 'exception');
    expect(exception?.attributes).toMatchObject({
      'exception.type': 'TypeError',
      'exception.message': 'Cannot read properties of undefined for [email]',
    });
    expect(String(exception?.attributes?.['exception.stacktrace'])).toContain('Bearer [scrubbed]');
    // The gateway's own request span is in the same trace: the SRE sees both together.
    const request = exporter.getFinishedSpans().find((s) => s.name === `POST ${CLIENT_ERRORS_PATH}`);
    expect(request?.spanContext().traceId).toBe(TRACE_ID);
    const recorded = JSON.stringify({ attributes: span!.attributes, events: span!.events });
    for (const secret of SECRETS) expect(recorded, secret).not.toContain(secret);

    // The envelope: Sentry's auth header, the event with the trace context, nothing secret.
    await arrived;
    const [envelope] = envelopes;
    expect(envelope!.url).toBe('/api/42/envelope/');
    expect(envelope!.headers['x-sentry-auth']).toContain('sentry_key=public-key');
    const [header, item, payload] = envelope!.body.split('\n').map((line) => JSON.parse(line));
    expect(header.event_id).toBe(payload.event_id);
    expect(item).toMatchObject({ type: 'event' });
    expect(payload).toMatchObject({
      level: 'error',
      platform: 'javascript',
      exception: {
        values: [{ type: 'TypeError', value: 'Cannot read properties of undefined for [email]' }],
      },
      contexts: { trace: { trace_id: TRACE_ID, span_id: CALL_SPAN_ID } },
      tags: { app: 'portal', tenant: 'raayland', status: '502' },
    });
    for (const secret of SECRETS) expect(envelope!.body, secret).not.toContain(secret);
  });

  it('refuses bad bodies with 422 in the caller’s language, and 4xx statuses (spec §8)', async () => {
    const bad = report({ status: 404, message: '' });
    const nl = await post(bad, { address: '10.0.0.2', lang: 'nl' });
    const en = await post(bad, { address: '10.0.0.2', lang: 'en' });
    for (const res of [nl, en]) {
      expect(res.statusCode).toBe(422);
      expectJsonApi(res.json());
      const pointers = res.json().errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer);
      expect(pointers).toEqual(
        expect.arrayContaining(['/data/attributes/status', '/data/attributes/message']),
      );
    }
    expect(nl.json().errors[0].title).toBe(translate('nl', 'api.validation_failed.title'));
    expect(en.json().errors[0].title).toBe(translate('en', 'api.validation_failed.title'));
    expect(nl.json().errors[0].title).not.toBe(en.json().errors[0].title);
  });

  it('limits a flood per client address with 429 rate_limited (other addresses unaffected)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post(report(), { address: '10.0.0.3' })).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
    const limited = await post(report(), { address: '10.0.0.3', lang: 'en' });
    expect(limited.json().errors[0]).toMatchObject({
      status: '429',
      code: 'rate_limited',
      title: translate('en', 'api.rate_limited.title'),
    });
    expect((await post(report(), { address: '10.0.0.4' })).statusCode).toBe(202);
  });

  it('is in the OpenAPI document', async () => {
    const res = await app.inject({ url: '/api/v1/openapi.json' });
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths[CLIENT_ERRORS_PATH] ?? {})).toContain('post');
  });
});
