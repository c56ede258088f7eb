#!/usr/bin/env node
// VersityGW: an S3-compatible object store (Apache-2.0) for development and tests, the distributed
// profile's store of uploaded files (docs/decisions/content.md "S3-compatible store").
//
// - ensureVersityGw(): builds `versitygw` once per machine from its Go module with `go install` into
//   <user cache>/stageplein/versitygw/<version>/bin (go-build.mjs: lock, progress lines).
// - startVersityGw(): runs `versitygw posix <dir>` on 127.0.0.1 (objects are files under <dir>/<bucket>,
//   metadata in extended attributes), one root account, every request SigV4-checked; ready when its
//   health path answers.
// - CLI: `node infra/engines/versitygw/versitygw.mjs ensure|start [--port N] [--dir DIR]`
//
// Plain Node ESM, no dependencies beyond Node itself.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { USER_CACHE_DIR } from '../user-cache.mjs';
import { ensureGoBinary, findOnPath, fmtSecs, lastLines, probeBinary, sleep } from '../go-build.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The VersityGW release that is built (its go.mod has no `replace`, so `go install` takes it). */
export const VERSITYGW_VERSION = process.env.VERSITYGW_VERSION || 'v1.8.0';
const GO_PACKAGE = 'github.com/versity/versitygw/cmd/versitygw';
export const DEFAULT_DIR = path.join(REPO_ROOT, '.data', 'versitygw');
/** The path its health check answers on (`--health`). */
export const HEALTH_PATH = '/health';

const exe = process.platform === 'win32' ? '.exe' : '';
const defaultLog = (msg) => process.stderr.write(`[versitygw] ${msg}\n`);

export function versityGwBinaryPath(version = VERSITYGW_VERSION) {
  return path.join(USER_CACHE_DIR, 'versitygw', version, 'bin', `versitygw${exe}`);
}

/**
 * Makes sure `versitygw` is built and answers `--version`; builds it with `go install` otherwise.
 * @returns {Promise<{ binary: string, version: string }>}
 */
export async function ensureVersityGw({ log = defaultLog, version = VERSITYGW_VERSION } = {}) {
  const binary = versityGwBinaryPath(version);
  await ensureGoBinary({
    binary,
    version,
    what: 'VersityGW',
    goPackage: GO_PACKAGE,
    // As its Makefile does, stripped: `versitygw --version` tells what was built.
    ldflags: `-s -w -X=main.Version=${version} -X=main.Build=go-install`,
    log,
  });
  return { binary, version };
}

async function healthy(endpoint) {
  try {
    const res = await fetch(`${endpoint}${HEALTH_PATH}`, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts `versitygw posix <dir>` on 127.0.0.1:<port> with one root account (random keys unless given).
 * @param {{ port: number, dir?: string, accessKeyId?: string, secretAccessKey?: string, region?: string,
 *           log?: (msg: string) => void, readyTimeoutMs?: number, dieWithParent?: boolean }} opts
 */
export async function startVersityGw({
  port,
  dir = DEFAULT_DIR,
  accessKeyId = `stageplein-${randomBytes(6).toString('hex')}`,
  secretAccessKey = randomBytes(24).toString('base64url'),
  region = 'us-east-1',
  log = defaultLog,
  readyTimeoutMs = 30_000,
  dieWithParent = true,
}) {
  const { binary } = await ensureVersityGw({ log });
  const host = '127.0.0.1';
  const endpoint = `http://${host}:${port}`;
  dir = path.resolve(dir);
  await fsp.mkdir(dir, { recursive: true });
  const logFile = path.join(path.dirname(dir), `${path.basename(dir)}.${port}.log`);
  const args = ['--port', `${host}:${port}`, '--region', region, '--health', HEALTH_PATH, 'posix', dir];
  log(`starting: ${binary} ${args.join(' ')}`);
  // The keys go through the environment, not the command line (other users can read argv).
  const env = { ...process.env, ROOT_ACCESS_KEY_ID: accessKeyId, ROOT_SECRET_ACCESS_KEY: secretAccessKey };
  const logStream = fs.createWriteStream(logFile, { flags: 'w' });
  // setpriv --pdeathsig: the server gets SIGTERM when this process dies without stop() (as Temporal's).
  const setpriv = dieWithParent && process.platform === 'linux' ? findOnPath('setpriv') : null;
  const child = setpriv
    ? spawn(setpriv, ['--pdeathsig', 'TERM', binary, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(binary, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => logStream.write(chunk));
  const tail = lastLines([child.stdout, child.stderr]);
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve((exited = { code, signal })));
    child.once('error', (error) => resolve((exited = { code: null, signal: null, error })));
  });
  const killOnExit = () => {
    if (!exited) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => exited || child.kill('SIGKILL'), 5_000);
      await exitPromise;
      clearTimeout(timer);
    }
    await new Promise((resolve) => logStream.end(resolve));
  };

  const started = Date.now();
  while (!(await healthy(endpoint))) {
    if (exited || Date.now() - started > readyTimeoutMs) {
      await stop();
      const why = exited
        ? `exited (${exited.error?.message ?? `code ${exited.code}, signal ${exited.signal}`})`
        : `did not answer ${HEALTH_PATH} within ${fmtSecs(readyTimeoutMs)}`;
      throw new Error(
        `versitygw on ${endpoint} ${why}. Log ${logFile}:\n${tail.join('\n') || '(no output)'}`,
      );
    }
    await sleep(100);
  }
  log(
    `VersityGW ready on ${endpoint} (pid ${child.pid}, ${fmtSecs(Date.now() - started)}; objects in ${dir})`,
  );
  return { endpoint, region, accessKeyId, secretAccessKey, dir, pid: child.pid, logFile, stop };
}

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      dir: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const cmd = positionals[0];
  if (values.help || !['ensure', 'start'].includes(cmd)) {
    process.stdout.write(
      [
        'usage: node infra/engines/versitygw/versitygw.mjs ensure',
        '       node infra/engines/versitygw/versitygw.mjs start [--port 7070] [--dir .data/versitygw]',
        '',
        'ensure  build versitygw once (cached in <user cache>/stageplein/versitygw/<version>/bin) and print its path',
        'start   run it in the foreground until Ctrl-C; the keys come from ROOT_ACCESS_KEY_ID and',
        '        ROOT_SECRET_ACCESS_KEY, else random ones are printed',
        '',
      ].join('\n'),
    );
    return values.help ? 0 : 2;
  }
  if (cmd === 'ensure') {
    const { binary, version } = await ensureVersityGw();
    defaultLog(`VersityGW ${version}: ${(await probeBinary(binary)) ?? '?'}`);
    process.stdout.write(`${binary}\n`);
    return 0;
  }
  const server = await startVersityGw({
    port: values.port ? Number(values.port) : 7070,
    dir: values.dir,
    accessKeyId: process.env.ROOT_ACCESS_KEY_ID || undefined,
    secretAccessKey: process.env.ROOT_SECRET_ACCESS_KEY || undefined,
  });
  defaultLog(
    `endpoint ${server.endpoint}, access key ${server.accessKeyId}, secret ${server.secretAccessKey}`,
  );
  defaultLog(`press Ctrl-C to stop (log: ${server.logFile})`);
  await new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.stop();
  return 0;
}

const invokedAs = process.argv[1] ? fs.realpathSync.native(process.argv[1]) : '';
if (invokedAs && pathToFileURL(invokedAs).href === import.meta.url) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      defaultLog(err?.stack ?? String(err));
      process.exit(1);
    },
  );
}
