import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// A copy of shared/conformance/jsonapi-1.0.schema.json, so the suite runs wherever the repo is cloned.
const SCHEMA_FILE = path.join(ROOT, 'infra/testing/conformance/jsonapi-1.0.schema.json');

const ajv = new Ajv2020.default({ allErrors: true, strict: false });
addFormats.default(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')));

/** Asserts a response body is a valid JSON:API 1.0 document (the public schema in shared/conformance). */
export function expectJsonApi(document: unknown): void {
  const ok = validate(document);
  expect(ok ? [] : validate.errors, JSON.stringify(document).slice(0, 500)).toEqual([]);
}
