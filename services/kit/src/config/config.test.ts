import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { assertConfigured } from '../service.ts';
import { DEFAULT_RELAY_CONCURRENCY, loadConfig, parseConfig } from './config.ts';
import { generateAuthSecret } from '../auth/auth-keys.ts';

/** A service's own keys, as a service package declares them (e.g. identity's IDENTITY_CONFIG). */
const PROBE_CONFIG = { PROBE_BATCH: z.coerce.number().int().min(1).default(7) };
const SECRET = generateAuthSecret();

describe('configuration: the kit keys plus the keys of the services a process runs', () => {
  it('parses the kit keys with their derived defaults', () => {
    const config = parseConfig({ PORT: '4100', AUTH_TOKEN_SECRET: SECRET });
    expect(config.PORT).toBe(4100);
    expect(config.PUBLIC_URL_TEMPLATE).toBe('http://{tenant}.localhost:4100');
    expect(config.AUTH_TOKEN_SECRET).toBe(SECRET);
    expect(config.AUTH_TOKEN_PREVIOUS_SECRETS).toEqual([]);
    // The relay runs the claim loops its benchmark measured (the relay's own default is the same constant).
    expect(config.RELAY_CONCURRENCY).toBe(DEFAULT_RELAY_CONCURRENCY);
    expect(DEFAULT_RELAY_CONCURRENCY).toBe(3);
    expect('PROBE_BATCH' in config).toBe(false);
  });

  it("adds a service's keys with their defaults, and validates them", () => {
    expect(parseConfig({ AUTH_TOKEN_SECRET: SECRET }, PROBE_CONFIG).PROBE_BATCH).toBe(7);
    expect(parseConfig({ AUTH_TOKEN_SECRET: SECRET, PROBE_BATCH: '12' }, PROBE_CONFIG).PROBE_BATCH).toBe(12);
    expect(() => parseConfig({ AUTH_TOKEN_SECRET: SECRET, PROBE_BATCH: '0' }, PROBE_CONFIG)).toThrow(
      /PROBE_BATCH/,
    );
  });

  it('refuses to start without a signing secret in any profile: there is no shared default', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      expect(() => parseConfig({ NODE_ENV }, PROBE_CONFIG)).toThrow(/AUTH_TOKEN_SECRET: required/);
    }
    expect(() => parseConfig({ AUTH_TOKEN_SECRET: 'too-short' })).toThrow(/AUTH_TOKEN_SECRET/);
  });

  it('refuses to run a service on a configuration parsed without its keys', () => {
    const service = { name: 'probe', configKeys: PROBE_CONFIG };
    const env = { AUTH_TOKEN_SECRET: SECRET };
    expect(() => assertConfigured(service, parseConfig(env))).toThrow(/probe: .*PROBE_BATCH/);
    expect(() => assertConfigured(service, parseConfig(env, PROBE_CONFIG))).not.toThrow();
  });

  it('accepts an optional key without a default that the environment leaves out', () => {
    const keys = { ...PROBE_CONFIG, PROBE_URL: z.string().optional() };
    const service = { name: 'probe', configKeys: keys };
    const config = parseConfig({ AUTH_TOKEN_SECRET: SECRET }, keys);
    expect('PROBE_URL' in config).toBe(false);
    expect(() => assertConfigured(service, config)).not.toThrow();
    // …but the other keys still tell a configuration parsed without them.
    expect(() => assertConfigured(service, parseConfig({ AUTH_TOKEN_SECRET: SECRET }))).toThrow(
      /PROBE_BATCH/,
    );
  });
});

describe('loadConfig fallbacks (the embedded profile’s generated secret)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('fills an unset key from the fallback, and never calls it when the environment has one', () => {
    vi.stubEnv('AUTH_TOKEN_SECRET', '');
    expect(loadConfig({}, { AUTH_TOKEN_SECRET: () => SECRET }).AUTH_TOKEN_SECRET).toBe(SECRET);
    const given = generateAuthSecret();
    vi.stubEnv('AUTH_TOKEN_SECRET', given);
    const fallback = vi.fn(() => SECRET);
    expect(loadConfig({}, { AUTH_TOKEN_SECRET: fallback }).AUTH_TOKEN_SECRET).toBe(given);
    expect(fallback).not.toHaveBeenCalled();
  });
});
