// Engines built from their Go module (the Temporal CLI, VersityGW): `go install module/cmd@version` into
// <user cache>/stageplein/<engine>/<version>/bin, once per machine, with the Go caches beside them in
// <user cache>/stageplein/go (see user-cache.mjs). A lock folder keeps parallel test files and
// terminals from building twice; a heartbeat line every 10 s shows a long build's progress.
//
// Plain Node ESM, no dependencies beyond Node itself.

import { spawn, execFile } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { USER_CACHE_DIR } from './user-cache.mjs';

const execFileAsync = promisify(execFile);

export const GO_CACHE_ROOT = path.join(USER_CACHE_DIR, 'go');
const HEARTBEAT_MS = 10_000;

/**
 * Calls `onLine` with every line a child's output stream writes (without its newline), the last one
 * also when it has none; a line split across chunks arrives whole.
 * @param {import('node:stream').Readable} stream
 * @param {(line: string) => void} onLine
 */
export function eachLine(stream, onLine) {
  let buf = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (buf + chunk).split('\n');
    buf = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  stream.on('end', () => buf && onLine(buf));
}

/** The last `max` non-empty lines `streams` write, as an array that fills as they come (for an error). */
export function lastLines(streams, max = 40) {
  const tail = [];
  for (const stream of streams)
    eachLine(stream, (line) => {
      if (!line) return;
      tail.push(line);
      if (tail.length > max) tail.shift();
    });
  return tail;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const fmtSecs = (ms) => `${Math.round(ms / 1000)}s`;

/** Runs `<binary> <args>`; returns its first output line, or null if it does not answer. */
export async function probeBinary(binary, args = ['--version']) {
  if (!fs.existsSync(binary)) return null;
  try {
    const { stdout } = await execFileAsync(binary, args, { timeout: 30_000 });
    const line = stdout.trim().split('\n')[0];
    return line || null;
  } catch {
    return null;
  }
}

export function pidAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

export function findOnPath(name) {
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

/** Cross-process lock (mkdir), so parallel test files or terminals do not build twice at once. */
export async function withBuildLock(lockDir, log, what, fn) {
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
        log(`waiting for another process (pid ${owner || '?'}) that is building ${what}...`);
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
 * `go install -v -ldflags=<ldflags> <goPackage>@<version>` with GOBIN = the binary's folder, static
 * (CGO_ENABLED=0), printing every line Go prints and a heartbeat with counts.
 * @param {{ binary: string, goPackage: string, version: string, ldflags: string, what: string,
 *           log: (msg: string) => void }} opts
 */
export async function goInstall({ binary, goPackage, version, ldflags, what, log }) {
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
  const target = `${goPackage}@${version}`;
  const args = ['install', '-v', `-ldflags=${ldflags}`, target];
  log(`${what} ${version} not found at ${binary}; building it once for this machine.`);
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
  eachLine(child.stdout, onLine);
  eachLine(child.stderr, onLine);
  const heartbeat = setInterval(() => {
    log(
      `... still building ${what} ${version} (${fmtSecs(Date.now() - started)} elapsed, ` +
        `${downloads} modules downloaded, ${packages} packages built${last ? `, last: ${last}` : ''})`,
    );
  }, HEARTBEAT_MS);
  let code;
  try {
    [code] = await Promise.race([
      once(child, 'exit'),
      once(child, 'error').then(([err]) => {
        throw err.code === 'ENOENT'
          ? new Error(`'${goBin}' not found: Go (1.25 or newer) is needed to build ${what}`)
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

/**
 * The binary of `what` at `version`, built with `goInstall` unless it already answers `probeArgs`.
 * @param {{ binary: string, goPackage: string, version: string, ldflags: string, what: string,
 *           log: (msg: string) => void, probeArgs?: string[] }} opts
 * @returns {Promise<string>} the first line the binary answered
 */
export async function ensureGoBinary({ probeArgs = ['--version'], ...opts }) {
  const { binary, log, what } = opts;
  const found = await probeBinary(binary, probeArgs);
  if (found) return found;
  const versionDir = path.dirname(path.dirname(binary));
  await fsp.mkdir(versionDir, { recursive: true });
  return withBuildLock(path.join(versionDir, '.build.lock'), log, what, async () => {
    // Another process may have finished the build while we waited for the lock.
    const built = await probeBinary(binary, probeArgs);
    if (built) return built;
    await goInstall(opts);
    const answered = await probeBinary(binary, probeArgs);
    if (!answered) throw new Error(`Built ${binary}, but it does not answer ${probeArgs.join(' ')}`);
    log(`ready: ${answered}`);
    return answered;
  });
}
