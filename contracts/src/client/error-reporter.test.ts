import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { createErrorReporter, sendToGateway } from './error-reporter.ts';
import { createPageTrace } from './page-trace.ts';
import { ZClientErrorReport, type TClientErrorReport } from '../errors/client-error-report.ts';

const setup = (maxPerPage?: number) => {
  const sent: TClientErrorReport[] = [];
  const trace = createPageTrace();
  const reporter = createErrorReporter({
    app: 'portal',
    trace,
    pageUrl: () => 'http://demo.localhost/confirm?confirmation_token=abc',
    send: (report) => sent.push(report),
    now: () => new Date('2026-11-23T12:00:00Z'),
    maxPerPage,
  });
  return { sent, trace, reporter };
};

describe('createErrorReporter (spec §8: not 300–499)', () => {
  it('sends nothing for client errors 300–499, everything else with the page trace id', () => {
    const { sent, trace, reporter } = setup();
    for (const status of [300, 301, 400, 401, 403, 404, 409, 422, 429, 499]) {
      const error = new ApiRequestError({ status, method: 'GET', path: '/api/v1/users' });
      expect(reporter.report(error), String(status)).toBe(false);
    }
    expect(sent).toEqual([]);
    const failed = new ApiRequestError({
      status: 502,
      method: 'GET',
      path: '/api/v1/users',
      traceparent: `00-${trace.traceId}-${'c'.repeat(16)}-01`,
    });
    expect(reporter.report(failed, { where: 'users', email: 'a@b.nl' })).toBe(true);
    expect(reporter.report('plain text')).toBe(true);
    expect(sent).toHaveLength(2);
    const first = ZClientErrorReport.parse(sent[0]).data.attributes;
    expect(first).toMatchObject({
      app: 'portal',
      kind: 'reported',
      status: 502,
      name: 'ApiRequestError',
      trace_id: trace.traceId,
      span_id: 'c'.repeat(16),
      url: 'http://demo.localhost/confirm?confirmation_token=[scrubbed]',
      context: { where: 'users', email: '[scrubbed]' },
      occurred_at: '2026-11-23T12:00:00.000Z',
    });
    expect(sent[1]!.data.attributes.message).toBe('plain text');
  });

  it('sends at most maxPerPage reports (a render loop does not flood the endpoint)', () => {
    const { sent, reporter } = setup(3);
    for (let i = 0; i < 10; i++) reporter.report(new Error(`e${i}`));
    expect(sent).toHaveLength(3);
    expect(reporter.reported).toHaveLength(10);
  });

  it('reports uncaught errors and unhandled rejections of the window it is installed on', () => {
    const { sent, reporter } = setup();
    const target = new EventTarget();
    const uninstall = reporter.install(target as unknown as Window);
    const error = Object.assign(new Event('error'), { error: new TypeError('x is undefined'), message: 'x' });
    target.dispatchEvent(error);
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: { status: 404 } }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('late') }));
    uninstall();
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('after') }));
    expect(sent.map((r) => [r.data.attributes.kind, r.data.attributes.message])).toEqual([
      ['error', 'x is undefined'],
      ['unhandled_rejection', 'late'],
    ]);
  });
});

describe('sendToGateway', () => {
  it('posts the JSON:API body with the page trace and swallows failures', async () => {
    const calls: [string, RequestInit][] = [];
    const { sent, reporter } = setup();
    reporter.report(new Error('x'));
    sendToGateway(sent[0]!, {
      fetch: async (url, init) => {
        calls.push([String(url), init!]);
        throw new Error('offline');
      },
      traceparent: '00-' + 'a'.repeat(32) + '-' + 'b'.repeat(16) + '-01',
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls[0]![0]).toBe('/api/v1/client_errors');
    expect(calls[0]![1]).toMatchObject({ method: 'POST', keepalive: true });
    expect((calls[0]![1].headers as Record<string, string>).traceparent).toMatch(/^00-a{32}-b{16}-01$/);
    expect(JSON.parse(String(calls[0]![1].body))).toEqual(sent[0]);
  });
});
