import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertConfigured } from '../service.ts';
import { DEV_AUTH_TOKEN_SECRET, parseConfig } from './config.ts';

/** A service's own keys, as a service package declares them (e.g. identity's IDENTITY_CONFIG). */
const PROBE_CONFIG = { PROBE_BATCH: z.coerce.number().int().min(1).default(7) };

describe('configuration: the kit keys plus the keys of the services a process runs', () => {
  it('parses the kit keys with their derived defaults', () => {
    const config = parseConfig({ PORT: '4100' });
    expect(config.PORT).toBe(4100);
    expect(config.PUBLIC_URL_TEMPLATE).toBe('http://{tenant}.localhost:4100');
    expect(config.AUTH_TOKEN_SECRET).toBe(DEV_AUTH_TOKEN_SECRET);
    expect('PROBE_BATCH' in config).toBe(false);
  });

  it("adds a service's keys with their defaults, and validates them", () => {
    expect(parseConfig({}, PROBE_CONFIG).PROBE_BATCH).toBe(7);
    expect(parseConfig({ PROBE_BATCH: '12' }, PROBE_CONFIG).PROBE_BATCH).toBe(12);
    expect(() => parseConfig({ PROBE_BATCH: '0' }, PROBE_CONFIG)).toThrow(/PROBE_BATCH/);
  });

  it('refuses production without a signing secret, whatever the service keys', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' }, PROBE_CONFIG)).toThrow(/AUTH_TOKEN_SECRET/);
  });

  it('refuses to run a service on a configuration parsed without its keys', () => {
    const service = { name: 'probe', configKeys: PROBE_CONFIG };
    expect(() => assertConfigured(service, parseConfig({}))).toThrow(/probe: .*PROBE_BATCH/);
    expect(() => assertConfigured(service, parseConfig({}, PROBE_CONFIG))).not.toThrow();
  });
});
