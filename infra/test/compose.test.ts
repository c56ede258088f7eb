import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });

describe('docker-compose.yml (distributed profile)', () => {
  it('validates against the Compose specification schema', () => {
    // A copy of shared/conformance/compose-spec.schema.json.
    const schema = JSON.parse(
      readFileSync(path.join(ROOT, 'infra/test/conformance/compose-spec.schema.json'), 'utf8'),
    );
    // The schema names its draft-07 meta-schema by an https URL Ajv doesn't know; the draft is the same.
    const ajv = new Ajv.default({ allErrors: true, strict: false, validateSchema: false });
    const validate = ajv.compile(schema);
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
  });

  it('runs every engine of DESIGN §2 with a health check, and every service from its own Dockerfile', () => {
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
      expect(service.healthcheck, name).toBeDefined();
    }
  });
});
