import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { ensureSchemathesis } from '@stageplein/engines/schemathesis';
import { DEMO_PASSWORD } from '@stageplein/identity';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';

/**
 * A bounded property-based fuzz of every operation of the served OpenAPI document with Schemathesis
 * (PyPI; `npm test` installs it once per machine, see infra/engines/schemathesis): positive and
 * negative examples from each operation's schemas, signed in as a platform operator (the widest
 * permissions), with a fixed seed. No answer may be a 5xx, and every answer must conform to the
 * document (its status, media type and schema) — the document lists each operation's errors.
 */
const SEED = '20261123';
const EXAMPLES = '5';

let product: TTestProduct;
let port: number;
let reportDir: string;

beforeAll(async () => {
  reportDir = mkdtempSync(path.join(tmpdir(), 'stageplein-fuzz-'));
  product = await testProduct({
    env: {
      DEV_MAILBOX: 'true',
      PASSWORD_SCRYPT_COST: '10',
      RATE_LIMIT_SIGN_IN: '100000',
      RATE_LIMIT_PASSWORD: '100000',
      RATE_LIMIT_CONFIRM: '100000',
      LOG_LEVEL: 'silent',
    },
  });
  await product.app.listen({ port: 0, host: '127.0.0.1' });
  port = (product.app.server.address() as { port: number }).port;
}, 120_000);
afterAll(async () => {
  await product?.close();
  rmSync(reportDir, { recursive: true, force: true });
});

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // In the report folder: Schemathesis keeps a cache folder (.schemathesis) in its working directory.
    const child = spawn(command, args, { cwd: reportDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('Schemathesis against the served OpenAPI document', () => {
  it('finds no 5xx and no answer that contradicts the document', async () => {
    const st = await ensureSchemathesis();
    const signIn = await product.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { 'x-tenant': 'demo' },
      payload: { email: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const header = (name: string, value: string) => ['-H', `${name}: ${value}`];
    const fuzz = async (half: string, selection: string[]) => {
      const junit = path.join(reportDir, `${half}.xml`);
      const { code, output } = await run(st, [
        '--config-file',
        path.join(import.meta.dirname, 'schemathesis.toml'),
        'run',
        `http://127.0.0.1:${port}/api/v1/openapi.json`,
        '--url',
        `http://127.0.0.1:${port}`,
        ...header('host', `demo.localhost:${port}`),
        ...header('access-token', String(signIn.headers['access-token'])),
        ...header('client', String(signIn.headers.client)),
        ...header('uid', String(signIn.headers.uid)),
        ...header('x-current-organization-id', seedOrganizationId('demo', 'volunteer-center')),
        '--checks',
        'not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance',
        '--phases',
        'examples,coverage,fuzzing',
        '--max-examples',
        EXAMPLES,
        '--seed',
        SEED,
        '--generation-database',
        'none',
        '--no-shrink',
        // One worker per process: Hypothesis describes filters with Python's ast module, whose
        // recursion-depth state CPython 3.11 shares between threads; two worker threads made it fail
        // inside itself ("AST constructor recursion depth mismatch", FlakyFailure) on a different
        // operation each run. Two processes (the halves below) keep the parallelism.
        '--workers',
        '1',
        '--request-timeout',
        '10',
        // Signing out would end the fuzzer's own session; everything else is fuzzed.
        '--exclude-path',
        '/auth/sign_out',
        ...selection,
        '--report',
        'junit',
        '--report-junit-path',
        junit,
        '--no-color',
      ]);
      const failures =
        (existsSync(junit) ? readFileSync(junit, 'utf8') : '').match(/<failure[\s\S]*?<\/failure>/g) ?? [];
      // Schemathesis' own errors (a runtime error in a phase) sit before its long warnings: show them first.
      const errors = /=+ ERRORS =+[\s\S]*?(?==+ (?:WARNINGS|SUMMARY) =+)/.exec(output)?.[0] ?? '';
      return {
        half,
        code,
        failures: failures.map((f) => f.slice(0, 1500)),
        output: errors + output.slice(-4000),
      };
    };
    // The document's paths in two halves of about equal operation counts, one Schemathesis process each.
    const document = await product.app.inject({
      url: '/api/v1/openapi.json',
      headers: { 'x-tenant': 'demo' },
    });
    expect(document.statusCode).toBe(200);
    const paths = Object.entries((document.json() as { paths: Record<string, object> }).paths).sort(
      ([a], [b]) => a.localeCompare(b),
    );
    const operations = paths.reduce((n, [, item]) => n + Object.keys(item).length, 0);
    const first: string[] = [];
    let counted = 0;
    for (const [template, item] of paths) {
      if (counted >= operations / 2) break;
      first.push(template);
      counted += Object.keys(item).length;
    }
    const firstHalf = `^(${first.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;
    const results = await Promise.all([
      fuzz('first', ['--include-path-regex', firstHalf]),
      fuzz('second', ['--exclude-path-regex', firstHalf]),
    ]);
    for (const { half, code, failures, output } of results) {
      expect({ half, code, failures }, output).toEqual({ half, code: 0, failures: [] });
    }
  }, 600_000);
});
