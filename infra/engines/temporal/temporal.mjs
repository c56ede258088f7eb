#!/usr/bin/env node
// Temporal dev server for development and tests.
//
// - ensureTemporal(): builds the Temporal CLI once per machine with `go install`
//   into <user cache>/stageplein/temporal/<version>/bin (Go caches beside it in go/), so every clone
//   on the machine shares one build (see infra/engines/user-cache.mjs).
// - startTemporalDevServer(): runs `temporal server start-dev` on 127.0.0.1,
//   waits until the frontend answers, or reuses a server already on the port.
// - CLI: `node infra/engines/temporal/temporal.mjs ensure|start [--port N] [--ui-port N] [--db FILE] [--namespace NS]`
//
// Plain Node ESM, no dependencies beyond Node itself and @temporalio/client
// (loaded lazily, only when a server is started or probed).

import { spawn, execFile } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { USER_CACHE_DIR } from '../user-cache.mjs';

const execFileAsync = promisify(execFile);

/** Repository root, derived from this file's location (infra/engines/temporal/temporal.mjs). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * Temporal CLI release that is built. v1.5.x is the newest line that `go install mod@version`
 * accepts (later releases carry a `replace` directive in go.mod, which `go install` refuses).
 * Override with TEMPORAL_CLI_VERSION.
 */
export const TEMPORAL_CLI_VERSION = process.env.TEMPORAL_CLI_VERSION || 'v1.5.1';
const GO_PACKAGE = 'github.com/temporalio/cli/cmd/temporal';

export const CACHE_DIR = USER_CACHE_DIR;
export const GO_CACHE_ROOT = path.join(CACHE_DIR, 'go');
export const DATA_DIR = path.join(REPO_ROOT, '.data', 'temporal');
export const DEFAULT_DB_FILE = path.join(DATA_DIR, 'dev.sqlite');

const HEARTBEAT_MS = 10_000;
const exe = process.platform === 'win32' ? '.exe' : '';

function defaultLog(msg) {
  process.stderr.write(`[temporal] ${msg}\n`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function fmtSecs(ms) {
  return `${Math.round(ms / 1000)}s`;
}

/** Path of the CLI binary for a version (it may not exist yet). */
export function temporalBinaryPath(version = TEMPORAL_CLI_VERSION) {
  return path.join(CACHE_DIR, 'temporal', version, 'bin', `temporal${exe}`);
}

/** Runs `<binary> --version`; returns its first output line, or null if it does not answer. */
async function probeBinary(binary) {
  if (!fs.existsSync(binary)) return null;
  try {
    const { stdout } = await execFileAsync(binary, ['--version'], { timeout: 30_000 });
    const line = stdout.trim().split('\n')[0];
    return line || null;
  } catch {
    return null;
  }
}

function pidAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Cross-process lock (mkdir), so parallel test files or terminals do not build twice at once. */
async function withBuildLock(lockDir, log, fn) {
  let lastNotice = 0;
  for (;;) {
    try {
      await fsp.mkdir(lockDir);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const owner = Number.parseInt(
        await fsp.readFile(path.join(lockDir, 'pid'), 'utf8').catch(() => ''),
        10,
      );
      const stat = await fsp.stat(lockDir).catch(() => null);
      const youngAndOwnerless = !owner && stat && Date.now() - stat.mtimeMs < 5_000;
      if (!youngAndOwnerless && !pidAlive(owner)) {
        log(`removing stale build lock ${lockDir}`);
        await fsp.rm(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() - lastNotice >= HEARTBEAT_MS) {
        log(`waiting for another process (pid ${owner || '?'}) that is building the Temporal CLI...`);
        lastNotice = Date.now();
      }
      await sleep(1_000);
    }
  }
  await fsp.writeFile(path.join(lockDir, 'pid'), String(process.pid));
  try {
    return await fn();
  } finally {
    await fsp.rm(lockDir, { recursive: true, force: true });
  }
}

/**
 * Makes sure the Temporal CLI is built and answers `--version`; builds it with `go install` otherwise.
 * @param {{ log?: (msg: string) => void, version?: string }} [opts]
 * @returns {Promise<{ binary: string, version: string }>}
 */
export async function ensureTemporal({ log = defaultLog, version = TEMPORAL_CLI_VERSION } = {}) {
  const binary = temporalBinaryPath(version);
  const found = await probeBinary(binary);
  if (found) return { binary, version };

  const versionDir = path.dirname(path.dirname(binary));
  await fsp.mkdir(versionDir, { recursive: true });
  return withBuildLock(path.join(versionDir, '.build.lock'), log, async () => {
    // Another process may have finished the build while we waited for the lock.
    if (await probeBinary(binary)) return { binary, version };
    await goInstall({ binary, version, log });
    const answered = await probeBinary(binary);
    if (!answered) throw new Error(`Built ${binary}, but it does not answer --version`);
    log(`ready: ${answered}`);
    return { binary, version };
  });
}

async function goInstall({ binary, version, log }) {
  const goBin = process.env.GO || 'go';
  const gobin = path.dirname(binary);
  const env = {
    ...process.env,
    CGO_ENABLED: '0',
    GOBIN: gobin,
    GOMODCACHE: path.join(GO_CACHE_ROOT, 'mod'),
    GOCACHE: path.join(GO_CACHE_ROOT, 'build'),
    // Module cache files writable, so removing the cache folder works.
    GOFLAGS: [process.env.GOFLAGS, '-modcacherw'].filter(Boolean).join(' '),
  };
  const target = `${GO_PACKAGE}@${version}`;
  // As the release builds do (.goreleaser.yml): stripped, with the version stamped in.
  const ldflags = `-s -w -X github.com/temporalio/cli/temporalcli.Version=${version.replace(/^v/, '')}`;
  const args = ['install', '-v', `-ldflags=${ldflags}`, target];
  log(`Temporal CLI ${version} not found at ${binary}; building it once for this machine.`);
  log(`running: CGO_ENABLED=0 GOBIN=${gobin} go install -v -ldflags="${ldflags}" ${target}`);
  log(
    `(Go caches: ${env.GOMODCACHE}, ${env.GOCACHE}; the first build downloads modules and takes several minutes)`,
  );

  const started = Date.now();
  const child = spawn(goBin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  let downloads = 0;
  let packages = 0;
  let last = '';
  const onLine = (line) => {
    if (!line.trim()) return;
    tail.push(line);
    if (tail.length > 60) tail.shift();
    if (line.startsWith('go: downloading')) downloads += 1;
    else if (!line.startsWith('go:')) packages += 1;
    last = line;
    log(`go: ${line}`);
  };
  for (const stream of [child.stdout, child.stderr]) {
    let buf = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      buf += chunk;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        onLine(buf.slice(0, i));
        buf = buf.slice(i + 1);
      }
    });
    stream.on('end', () => buf && onLine(buf));
  }
  const heartbeat = setInterval(() => {
    log(
      `... still building Temporal CLI ${version} (${fmtSecs(Date.now() - started)} elapsed, ` +
        `${downloads} modules downloaded, ${packages} packages built${last ? `, last: ${last}` : ''})`,
    );
  }, HEARTBEAT_MS);
  let code;
  try {
    [code] = await Promise.race([
      once(child, 'exit'),
      once(child, 'error').then(([err]) => {
        throw err.code === 'ENOENT'
          ? new Error(`'${goBin}' not found: Go (1.25 or newer) is needed to build the Temporal CLI`)
          : err;
      }),
    ]);
  } finally {
    clearInterval(heartbeat);
  }
  if (code !== 0) {
    throw new Error(`go install ${target} failed (exit ${code}). Last output:\n${tail.join('\n')}`);
  }
  const size = fs.statSync(binary).size;
  log(`built ${binary} in ${fmtSecs(Date.now() - started)} (${(size / 1024 / 1024).toFixed(1)} MiB)`);
}

function findOnPath(name) {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** True if something accepts TCP connections on host:port. */
function portAnswers(port, host = '127.0.0.1', timeoutMs = 1_000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * One readiness probe: connects with @temporalio/client and asks for system info and the namespace.
 * Resolves true when the frontend answers, false otherwise (never throws).
 */
async function temporalAnswers(address, namespace, timeoutMs = 3_000) {
  const { Connection } = await import('@temporalio/client');
  let connection;
  try {
    connection = await Connection.connect({ address, connectTimeout: timeoutMs });
    await connection.withDeadline(Date.now() + timeoutMs, () => connection.workflowService.getSystemInfo({}));
    if (namespace) {
      await connection.withDeadline(Date.now() + timeoutMs, () =>
        connection.workflowService.describeNamespace({ namespace }),
      );
    }
    return true;
  } catch {
    return false;
  } finally {
    await connection?.close().catch(() => {});
  }
}

/**
 * Starts `temporal server start-dev` (or reuses a Temporal server already answering on the port).
 * @param {{ port?: number, uiPort?: number, dbFile?: string, namespace?: string, log?: (msg: string) => void,
 *           headless?: boolean, readyTimeoutMs?: number, stopTimeoutMs?: number, logLevel?: string,
 *           dieWithParent?: boolean }} [opts]
 * @returns {Promise<{ address: string, reused: boolean, pid?: number, binary?: string, dbFile?: string,
 *           logFile?: string, stop(): Promise<void> }>}
 */
export async function startTemporalDevServer({
  port = 7233,
  uiPort,
  dbFile = DEFAULT_DB_FILE,
  namespace = 'default',
  log = defaultLog,
  headless = true,
  readyTimeoutMs = 60_000,
  stopTimeoutMs = 10_000,
  logLevel = 'warn',
  dieWithParent = true,
} = {}) {
  const host = '127.0.0.1';
  const address = `${host}:${port}`;

  if (await portAnswers(port, host)) {
    // Something listens already: reuse it if it is a Temporal frontend (give a starting one a few seconds).
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      if (await temporalAnswers(address, namespace)) {
        log(`reusing the Temporal server already answering on ${address}`);
        return { address, reused: true, stop: async () => {} };
      }
      await sleep(500);
    }
    throw new Error(
      `Port ${port} on ${host} is in use, but not by a Temporal server serving namespace '${namespace}'. ` +
        `Stop whatever listens there or pick another port.`,
    );
  }

  const { binary } = await ensureTemporal({ log });
  dbFile = path.resolve(dbFile);
  await fsp.mkdir(path.dirname(dbFile), { recursive: true });
  const logFile = `${dbFile}.${port}.log`;

  const args = ['server', 'start-dev', '--ip', host, '--port', String(port), '--db-filename', dbFile];
  args.push('--namespace', namespace);
  args.push('--log-level', logLevel);
  if (uiPort != null) {
    args.push('--ui-port', String(uiPort), '--ui-ip', host);
  } else if (headless) {
    args.push('--headless');
  }

  log(`starting: ${binary} ${args.join(' ')}`);
  const logStream = fs.createWriteStream(logFile, { flags: 'w' });
  // On Linux, util-linux's setpriv sets PR_SET_PDEATHSIG and then execs the server (same pid), so the
  // server gets SIGTERM even when this process is killed without running stop() or 'exit' handlers.
  const setpriv = dieWithParent && process.platform === 'linux' ? findOnPath('setpriv') : null;
  const child = setpriv
    ? spawn(setpriv, ['--pdeathsig', 'TERM', binary, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      logStream.write(chunk);
      for (const line of chunk.split('\n')) {
        if (!line) continue;
        tail.push(line);
        if (tail.length > 40) tail.shift();
      }
    });
  }
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
    child.once('error', (err) => {
      exited = { code: null, signal: null, error: err };
      resolve(exited);
    });
  });
  // Do not leave an orphaned server behind when this process exits without calling stop().
  const killOnExit = () => {
    if (!exited) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (!exited) {
          log(
            `Temporal dev server (pid ${child.pid}) did not stop within ${fmtSecs(stopTimeoutMs)}; sending SIGKILL`,
          );
          child.kill('SIGKILL');
        }
      }, stopTimeoutMs);
      await exitPromise;
      clearTimeout(timer);
    }
    await new Promise((resolve) => logStream.end(resolve));
  };

  const tailText = () => (tail.length ? tail.join('\n') : '(no output)');
  const started = Date.now();
  let lastBeat = started;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(
        `Temporal dev server exited before it was ready (${exited.error?.message ?? `code ${exited.code}, signal ${exited.signal}`}). ` +
          `Log ${logFile}, last lines:\n${tailText()}`,
      );
    }
    if (await temporalAnswers(address, namespace, 2_000)) break;
    if (Date.now() - started > readyTimeoutMs) {
      await stop();
      throw new Error(
        `Temporal dev server on ${address} was not ready after ${fmtSecs(readyTimeoutMs)}. ` +
          `Log ${logFile}, last lines:\n${tailText()}`,
      );
    }
    if (Date.now() - lastBeat >= HEARTBEAT_MS) {
      log(`... waiting for the Temporal dev server on ${address} (${fmtSecs(Date.now() - started)})`);
      lastBeat = Date.now();
    }
    await sleep(250);
  }
  log(
    `Temporal dev server ready on ${address} (pid ${child.pid}, ${fmtSecs(Date.now() - started)}; ` +
      `db ${dbFile}${uiPort != null ? `; UI http://${host}:${uiPort}` : ''})`,
  );
  return { address, reused: false, pid: child.pid, binary, dbFile, logFile, stop };
}

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      'ui-port': { type: 'string' },
      db: { type: 'string' },
      namespace: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const cmd = positionals[0];
  if (values.help || !['ensure', 'start'].includes(cmd)) {
    process.stdout.write(
      [
        'usage: node infra/engines/temporal/temporal.mjs ensure',
        '       node infra/engines/temporal/temporal.mjs start [--port 7233] [--ui-port 8233] [--db FILE] [--namespace default]',
        '',
        'ensure  build the Temporal CLI once (cached in <user cache>/stageplein/temporal/<version>/bin) and print its path',
        'start   run the Temporal dev server in the foreground until Ctrl-C (db defaults to .data/temporal/dev.sqlite)',
        '',
      ].join('\n'),
    );
    return values.help ? 0 : 2;
  }
  if (cmd === 'ensure') {
    const { binary, version } = await ensureTemporal();
    defaultLog(`Temporal CLI ${version}: ${(await probeBinary(binary)) ?? '?'}`);
    process.stdout.write(`${binary}\n`);
    return 0;
  }
  const server = await startTemporalDevServer({
    port: values.port ? Number(values.port) : undefined,
    uiPort: values['ui-port'] ? Number(values['ui-port']) : undefined,
    dbFile: values.db,
    namespace: values.namespace,
  });
  if (server.reused) {
    defaultLog(`a Temporal server already runs on ${server.address}; nothing to do`);
    return 0;
  }
  defaultLog(`serving on ${server.address}; press Ctrl-C to stop (log: ${server.logFile})`);
  await new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  defaultLog('stopping...');
  await server.stop();
  defaultLog('stopped');
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
