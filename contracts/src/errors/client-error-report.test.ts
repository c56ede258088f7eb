import { describe, expect, it } from 'vitest';
import {
  scrubClientError,
  scrubText,
  ZClientErrorReport,
  type TClientErrorAttributes,
} from './client-error-report.ts';

const attributes = (over: Partial<TClientErrorAttributes> = {}): TClientErrorAttributes => ({
  app: 'portal',
  kind: 'reported',
  message: 'boom',
  url: 'http://raayland.localhost:3000/dashboard',
  occurred_at: '2026-11-23T12:00:00.000Z',
  ...over,
});

describe('scrubText: no credentials or personal data leave a report', () => {
  it.each([
    ['/confirm?confirmation_token=abc123&x=1', '/confirm?confirmation_token=[scrubbed]&x=1'],
    ['/auth/reset?reset_password_token=s3cr3t', '/auth/reset?reset_password_token=[scrubbed]'],
    ['/account/verwijderen?token=abc#top', '/account/verwijderen?token=[scrubbed]#top'],
    ['access-token: Zk9vQmFy', 'access-token: [scrubbed]'],
    ['{"client":"c-1","uid":"a@b.nl"}', '{"client":"[scrubbed]","uid":"[scrubbed]"}'],
    ['sent with Bearer abc.def-ghi', 'sent with Bearer [scrubbed]'],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: [scrubbed] [scrubbed]'],
    ['cookie: access-token=x; uid=y', 'cookie: [scrubbed]'],
    ['token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-nature here', 'token [scrubbed] here'],
    ['Geen account voor Jan.de-Vries+stage@school.example.nl', 'Geen account voor [email]'],
    ['bel 0612345678 of BSN 123456789', 'bel [number] of BSN [number]'],
  ])('%s', (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it('keeps what an SRE needs: ports, short numbers, paths, ordinary words', () => {
    const text = 'TypeError at http://demo.localhost:3000/users/42/edit (chunk-1234.js:10:5): client error';
    expect(scrubText(text)).toBe(text);
  });

  it('scrubs every free text of a report and drops secret-looking context values', () => {
    const scrubbed = scrubClientError(
      attributes({
        message: 'Failed for admin@raayland.test',
        stack: 'Error: x\n    at https://x/confirm?confirmation_token=abc:1:2',
        url: 'http://raayland.localhost/auth/reset?reset_password_token=abc',
        context: { email: 'someone', where: 'sign-out', phone: 612345678, 'access-token': 'abc' },
      }),
    );
    expect(scrubbed.message).toBe('Failed for [email]');
    expect(scrubbed.stack).toContain('confirmation_token=[scrubbed]');
    expect(scrubbed.url).toBe('http://raayland.localhost/auth/reset?reset_password_token=[scrubbed]');
    expect(scrubbed.context).toEqual({
      email: '[scrubbed]',
      where: 'sign-out',
      phone: '[scrubbed]',
      'access-token': '[scrubbed]',
    });
  });
});

describe('ZClientErrorReport', () => {
  const body = (over: Partial<TClientErrorAttributes> = {}) => ({
    data: { type: 'client_errors', attributes: attributes(over) },
  });

  it('accepts a report with the trace of the page and of the failed call', () => {
    const ok = body({ status: 503, trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16) });
    expect(ZClientErrorReport.parse(ok)).toEqual(ok);
  });

  it('refuses the statuses spec §8 never reports (300–499), bad trace ids and unknown apps', () => {
    for (const status of [300, 404, 499])
      expect(ZClientErrorReport.safeParse(body({ status })).success).toBe(false);
    expect(ZClientErrorReport.safeParse(body({ trace_id: 'XYZ' })).success).toBe(false);
    expect(ZClientErrorReport.safeParse(body({ app: 'other' as never })).success).toBe(false);
    expect(ZClientErrorReport.safeParse(body({ message: '' })).success).toBe(false);
  });
});
