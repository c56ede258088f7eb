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
/** Enough for each operation to get every hostile variant that applies to it (at most three). */
const HOSTILE_EXAMPLES = '3';

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

function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // In the report folder: Schemathesis keeps a cache folder (.schemathesis) in its working directory.
    const child = spawn(command, args, {
      cwd: reportDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

type TFuzzRun = { code: number | null; failures: string[]; output: string };
let st: string;
let signIn: { headers: Record<string, string | string[] | number | undefined> };
let document: { paths: Record<string, Record<string, { requestBody?: unknown }>> };

beforeAll(async () => {
  st = await ensureSchemathesis();
  const res = await product.app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': 'demo' },
    payload: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  signIn = res;
  const served = await product.app.inject({ url: '/api/v1/openapi.json', headers: { 'x-tenant': 'demo' } });
  expect(served.statusCode).toBe(200);
  document = served.json();
}, 300_000);

const header = (name: string, value: string) => ['-H', `${name}: ${value}`];

/** One Schemathesis process over the selected operations, signed in as demo's platform operator. */
async function fuzz(
  name: string,
  selection: string[],
  options: { phases: string; examples: string; env?: Record<string, string> },
): Promise<TFuzzRun> {
  const junit = path.join(reportDir, `${name}.xml`);
  const { code, output } = await run(
    st,
    [
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
      options.phases,
      '--max-examples',
      options.examples,
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
    ],
    options.env,
  );
  const failures =
    (existsSync(junit) ? readFileSync(junit, 'utf8') : '').match(/<failure[\s\S]*?<\/failure>/g) ?? [];
  // Schemathesis' own errors (a runtime error in a phase) sit before its long warnings: show them first.
  const errors = /=+ ERRORS =+[\s\S]*?(?==+ (?:WARNINGS|SUMMARY) =+)/.exec(output)?.[0] ?? '';
  return { code, failures: failures.map((f) => f.slice(0, 1500)), output: errors + output.slice(-4000) };
}

describe('Schemathesis against the served OpenAPI document', () => {
  it('finds no 5xx and no answer that contradicts the document', async () => {
    // The document's paths in two halves of about equal operation counts, one Schemathesis process each.
    const paths = Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b));
    const operations = paths.reduce((n, [, item]) => n + Object.keys(item).length, 0);
    const first: string[] = [];
    let counted = 0;
    for (const [template, item] of paths) {
      if (counted >= operations / 2) break;
      first.push(template);
      counted += Object.keys(item).length;
    }
    const firstHalf = `^(${first.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;
    const options = { phases: 'examples,coverage,fuzzing', examples: EXAMPLES };
    const results = await Promise.all([
      fuzz('first', ['--include-path-regex', firstHalf], options),
      fuzz('second', ['--exclude-path-regex', firstHalf], options),
    ]);
    for (const [i, { code, failures, output }] of results.entries()) {
      expect({ half: i, code, failures }, output).toEqual({ half: i, code: 0, failures: [] });
    }
  }, 600_000);

  it('answers hostile input with a documented 4xx: deep nesting, lone surrogates, impossible filter dates (#31.4)', async () => {
    // Every request is rewritten into an input that once was a 500 (hostile-input-hooks.py says which);
    // the hooks log each with its status.
    const log = path.join(reportDir, 'hostile.jsonl');
    const { code, failures, output } = await fuzz('hostile', [], {
      phases: 'fuzzing',
      examples: HOSTILE_EXAMPLES,
      env: {
        SCHEMATHESIS_HOOKS: path.join(import.meta.dirname, 'hostile-input-hooks.py'),
        HOSTILE_INPUT_LOG: log,
      },
    });
    expect({ code, failures }, output).toEqual({ code: 0, failures: [] });
    const sent = (existsSync(log) ? readFileSync(log, 'utf8') : '')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { variant: string; method: string; path: string; status: number });
    const of = (variant: string) => sent.filter((h) => h.variant === variant);
    const operations = (variant: string) => new Set(of(variant).map((h) => `${h.method} ${h.path}`)).size;
    // Nearly every operation with a JSON body got both (a few stop earlier: 401/404 before any body).
    const withBody = Object.values(document.paths)
      .flatMap((item) => Object.values(item))
      .filter((operation) => operation.requestBody).length;
    expect(operations('deep'), output).toBeGreaterThan(withBody * 0.8);
    expect(operations('lone'), output).toBeGreaterThan(withBody * 0.8);
    expect(new Set(of('date').map((h) => h.path))).toEqual(
      new Set(['/api/v1/vacancies', '/api/v1/vacancies/markers']),
    );
    expect(sent.filter((h) => h.status >= 500)).toEqual([]);
    expect(of('date').filter((h) => h.status !== 400)).toEqual([]);
    const statuses = Object.fromEntries(
      [...new Set(sent.map((h) => h.status))]
        .sort()
        .map((s) => [s, sent.filter((h) => h.status === s).length]),
    );
    console.info(
      `hostile input: ${sent.length} requests over ${new Set(sent.map((h) => `${h.method} ${h.path}`)).size} operations ` +
        `(${of('deep').length} nested, ${of('lone').length} lone surrogates, ${of('date').length} impossible dates); ` +
        `statuses ${JSON.stringify(statuses)}`,
    );
  }, 600_000);
});
