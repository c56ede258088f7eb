import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@stageplein/kit/config/config';
import { SERVICES } from '../src/services.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
const PROCESSES = JSON.parse(readFileSync(path.join(ROOT, 'infra/images/processes.json'), 'utf8')) as Record<
  string,
  { entry: string }
>;

// The Compose specification schema: ../shared/conformance/compose-spec.schema.json, or the repo's copy of
// it where the shared folder is absent. Compiled while the file loads: compiling is the slow part (~1 s,
// several on a busy machine) and no part of what a test checks.
const SHARED_SCHEMA = path.join(ROOT, '../shared/conformance/compose-spec.schema.json');
const COPY_SCHEMA = path.join(ROOT, 'infra/testing/conformance/compose-spec.schema.json');
const schemaText = readFileSync(existsSync(SHARED_SCHEMA) ? SHARED_SCHEMA : COPY_SCHEMA, 'utf8');
// The schema names its draft-07 meta-schema by an https URL Ajv doesn't know; the draft is the same.
const validateCompose = new Ajv.default({ allErrors: true, strict: false, validateSchema: false }).compile(
  JSON.parse(schemaText),
);

describe('docker-compose.yml (distributed profile)', () => {
  it('validates against the Compose specification schema', () => {
    expect(validateCompose(compose) ? [] : validateCompose.errors).toEqual([]);
    // The copy (for checkouts without the shared folder) is the shared schema.
    expect(readFileSync(COPY_SCHEMA, 'utf8')).toBe(schemaText);
  });

  it("runs every engine of DESIGN §2 with a health check, and every service from the images' Dockerfile", () => {
    for (const engine of ['postgres', 'kafka', 'temporal', 'redis', 'jaeger']) {
      expect(compose.services[engine]?.healthcheck, engine).toBeDefined();
    }
    expect(compose.services['temporal-ui']).toBeDefined();
    expect(compose.services['otel-collector']).toBeDefined();
    for (const [name, service] of Object.entries<{ build?: { dockerfile: string }; healthcheck?: unknown }>(
      compose.services,
    )) {
      if (!service.build) continue;
      expect(readFileSync(path.join(ROOT, service.build.dockerfile), 'utf8'), name).toMatch(/^FROM /m);
      // The image's own health check (infra/images/Dockerfile), with compose's timing.
      expect(service.healthcheck, name).toMatchObject({ test: ['CMD', 'node', 'health-check.mjs'] });
    }
  });

  type TService = {
    build?: { dockerfile: string; args?: { PROCESS?: string } };
    environment?: Record<string, string | number>;
  };
  const services = compose.services as Record<string, TService>;
  // The one setting an installation must bring (no default in the file, issue #12).
  const GIVEN: Record<string, string> = { AUTH_TOKEN_SECRET: 'a-random-secret-of-this-installation-0123' };
  // `${VAR:-default}` as Compose would resolve it with only GIVEN set; `${VAR:?message}` needs GIVEN.
  const resolved = (env: TService['environment'] = {}, given = GIVEN) =>
    Object.fromEntries(
      Object.entries(env).map(([k, v]) => [
        k,
        String(v)
          .replace(
            /\$\{([A-Z_]+):-([^}]*)\}/g,
            (_, name: string, fallback: string) => given[name] ?? fallback,
          )
          .replace(/\$\{([A-Z_]+):\?([^}]*)\}/g, (_, name: string, message: string) => {
            if (given[name] === undefined) throw new Error(`${name}: ${message}`);
            return given[name];
          }),
      ]),
    );

  it('runs each service, the outbox relay and the workflow worker as its own process with the distributed settings', () => {
    for (const name of [...SERVICES.map((s) => s.name), 'relay', 'worker', 'gateway']) {
      expect(services[name]?.build, name).toBeDefined();
    }
    for (const name of [...SERVICES.map((s) => s.name), 'relay', 'worker']) {
      const env = resolved(services[name]!.environment);
      for (const key of [
        'DATABASE_URL',
        'KAFKA_BROKERS',
        'TEMPORAL_ADDRESS',
        'REDIS_URL',
        'OTEL_EXPORTER_OTLP_ENDPOINT',
      ]) {
        expect(env[key], `${name} ${key}`).toBeTruthy();
      }
    }
    // The gateway proxies to every service by its *_URL setting.
    const gateway = resolved(services.gateway!.environment);
    for (const s of SERVICES) expect(gateway[`${s.name.toUpperCase()}_URL`], s.name).toMatch(/^http:\/\//);
  });

  it('has no shared default signing secret: every process that checks tokens refuses to start without one', () => {
    for (const name of [...SERVICES.map((s) => s.name), 'relay', 'worker', 'gateway']) {
      expect(String(services[name]!.environment!.AUTH_TOKEN_SECRET), name).toMatch(
        /^\$\{AUTH_TOKEN_SECRET:\?/,
      );
      expect(() => resolved(services[name]!.environment, {}), name).toThrow(/AUTH_TOKEN_SECRET/);
    }
    expect(resolved(services.identity!.environment).AUTH_TOKEN_PREVIOUS_SECRETS).toBe('');
  });

  it('gives every container a configuration the config module accepts, and a command that exists', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!service.build) continue;
      // Production refuses to boot on a bad or missing setting (e.g. AUTH_TOKEN_SECRET): so would the container.
      expect(() => parseConfig(resolved(service.environment)), name).not.toThrow();
      // The image runs the process compose names (its entry compiled to main.mjs, infra/images/build.mjs).
      const entry = PROCESSES[service.build.args?.PROCESS ?? '']?.entry;
      expect(entry && existsSync(path.join(ROOT, entry)), `${name}: ${entry}`).toBe(true);
    }
  });
});
