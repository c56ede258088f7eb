import { describe, expect, it } from 'vitest';
import { generateAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { parseConfig } from '@stageplein/kit/config/config';
import { GATEWAY_CONFIG } from '../gateway.config.ts';
import { parseSentryDsn, sentryEnvelope } from './sentry.ts';

// Every process is given a signing secret (there is no default); its value does not matter here.
const base = { AUTH_TOKEN_SECRET: generateAuthSecret() };

describe('CLIENT_ERRORS_SENTRY_DSN', () => {
  it('is parsed once at boot into the envelope endpoint and key', () => {
    const config = parseConfig(
      { ...base, CLIENT_ERRORS_SENTRY_DSN: 'https://abc123@o1.ingest.example.com/prefix/4507' },
      GATEWAY_CONFIG,
    );
    expect(config.CLIENT_ERRORS_SENTRY_DSN).toEqual({
      dsn: 'https://abc123@o1.ingest.example.com/prefix/4507',
      publicKey: 'abc123',
      envelopeUrl: 'https://o1.ingest.example.com/prefix/api/4507/envelope/',
    });
    expect(parseConfig(base, GATEWAY_CONFIG).CLIENT_ERRORS_SENTRY_DSN).toBeUndefined();
  });

  it('refuses a value that is not a DSN', () => {
    expect(() =>
      parseConfig({ ...base, CLIENT_ERRORS_SENTRY_DSN: 'https://host/1' }, GATEWAY_CONFIG),
    ).toThrow(/CLIENT_ERRORS_SENTRY_DSN/);
    expect(parseSentryDsn('not a url')).toBeUndefined();
    expect(parseSentryDsn('ftp://k@host/1')).toBeUndefined();
  });

  it('builds an envelope of three JSON lines whose item length is the event’s byte length', () => {
    const dsn = parseSentryDsn('http://k@127.0.0.1:9/1')!;
    const { eventId, body } = sentryEnvelope(
      dsn,
      {
        app: 'admin',
        kind: 'error',
        message: 'Ünïcode',
        url: 'http://demo.localhost/beheer',
        occurred_at: '2026-11-23T12:00:00.000Z',
      },
      { tenant: 'demo', environment: 'test' },
    );
    const [header, item, event] = body.split('\n');
    expect(JSON.parse(header!)).toMatchObject({ event_id: eventId, dsn: dsn.dsn });
    expect(JSON.parse(item!).length).toBe(Buffer.byteLength(event!));
    expect(JSON.parse(event!)).toMatchObject({
      event_id: eventId,
      timestamp: 1795435200,
      tags: { app: 'admin' },
    });
  });
});
