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

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { USER_CACHE_DIR } from '../user-cache.mjs';
import {
  GO_CACHE_ROOT,
  ensureGoBinary,
  findOnPath,
  fmtSecs,
  lastLines,
  probeBinary,
  sleep,
} from '../go-build.mjs';

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
export { GO_CACHE_ROOT };
export const DATA_DIR = path.join(REPO_ROOT, '.data', 'temporal');
export const DEFAULT_DB_FILE = path.join(DATA_DIR, 'dev.sqlite');

const HEARTBEAT_MS = 10_000;

/**
 * SQLite pragmas of the dev server's database. The server writes through one connection, so every
 * transaction waits for the one before; in SQLite's default rollback journal with `synchronous=FULL` each
 * commit creates, syncs and deletes a journal file. A write-ahead log synced at checkpoints (`NORMAL`) halves
 * the server's CPU per workflow and its start/Update latency (infra/bench/internship-phases; docs/decisions/
 * workflows.md). A crash of the process loses nothing; a power loss may lose the last commits (a dev server).
 */
export const SQLITE_PRAGMAS = ['journal_mode=WAL', 'synchronous=NORMAL'];
const exe = process.platform === 'win32' ? '.exe' : '';

function defaultLog(msg) {
  process.stderr.write(`[temporal] ${msg}\n`);
}

/** Path of the CLI binary for a version (it may not exist yet). */
export function temporalBinaryPath(version = TEMPORAL_CLI_VERSION) {
  return path.join(CACHE_DIR, 'temporal', version, 'bin', `temporal${exe}`);
}

/**
 * Makes sure the Temporal CLI is built and answers `--version`; builds it with `go install` otherwise.
 * @param {{ log?: (msg: string) => void, version?: string }} [opts]
 * @returns {Promise<{ binary: string, version: string }>}
 */
export async function ensureTemporal({ log = defaultLog, version = TEMPORAL_CLI_VERSION } = {}) {
  const binary = temporalBinaryPath(version);
  await ensureGoBinary({
    binary,
    version,
    what: 'the Temporal CLI',
    goPackage: GO_PACKAGE,
    // As the release builds do (.goreleaser.yml): stripped, with the version stamped in.
    ldflags: `-s -w -X github.com/temporalio/cli/temporalcli.Version=${version.replace(/^v/, '')}`,
    log,
  });
  return { binary, version };
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
 *           dieWithParent?: boolean, sqlitePragmas?: string[] }} [opts]
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
  sqlitePragmas = SQLITE_PRAGMAS,
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
  for (const pragma of sqlitePragmas) args.push('--sqlite-pragma', pragma);
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
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => logStream.write(chunk));
  const tail = lastLines([child.stdout, child.stderr]);
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
