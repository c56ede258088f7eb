#!/usr/bin/env node
// Redis for the embedded profile (`npm start`, the test stacks) and the tests' global setup.
//
// - ensureRedis(): builds redis-server once per machine from a pinned Debian source package into
//   <user cache>/stageplein/redis/<source version>/bin (see user-cache.mjs), so every clone on the
//   machine shares one build and nothing is installed system-wide. Why Debian's source: the machine
//   reaches no download site of Redis itself, only Debian's archive (through apt, as the machine has it
//   set up); the source package is upstream's release (its vendored Lua, hiredis, linenoise) plus
//   Debian's security patches, unpacked with dpkg-source as Debian does.
// - startRedisServer(): redis-server on a free loopback port, in memory only (no RDB/AOF files),
//   stopped with its owner.
// - CLI: `node infra/engines/redis/redis.mjs ensure|start [--port N]`
//
// Plain Node ESM, no dependencies beyond Node itself (it runs before `npm install`).

import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { USER_CACHE_DIR } from '../user-cache.mjs';
import { eachLine, findOnPath, fmtSecs, probeBinary, withBuildLock } from '../go-build.mjs';

/**
 * The Debian source package `redis` that is built: bookworm's, Redis 7.0.15 with Debian's security
 * patches (the version Debian's redis-server package had here). REDIS_SOURCE_VERSION overrides it.
 * When the machine's Debian sources no longer serve it (a security update replaces the revision), the
 * newest served revision of the same Redis release is built instead, with a line saying to move the pin;
 * with none of that release served, the build stops naming what to change (chooseRedisSource).
 */
export const REDIS_SOURCE_VERSION = process.env.REDIS_SOURCE_VERSION || '5:7.0.15-1~deb12u10';
const HEARTBEAT_MS = 10_000;
const defaultLog = (msg) => process.stderr.write(`[redis] ${msg}\n`);

/** '5:7.0.15-1~deb12u10' → '7.0.15': what `redis-server --version` answers as `v=`. */
export function upstreamVersion(sourceVersion = REDIS_SOURCE_VERSION) {
  return sourceVersion.replace(/^\d+:/, '').replace(/-[^-]*$/, '');
}

/** The cache folder of one source version (no epoch: '7.0.15-1~deb12u10'). */
export function redisVersionDir(sourceVersion = REDIS_SOURCE_VERSION, cacheDir = USER_CACHE_DIR) {
  return path.join(cacheDir, 'redis', sourceVersion.replace(/^\d+:/, ''));
}

export function redisServerPath(sourceVersion = REDIS_SOURCE_VERSION, cacheDir = USER_CACHE_DIR) {
  return path.join(redisVersionDir(sourceVersion, cacheDir), 'bin', 'redis-server');
}

/**
 * The provisioning decision: 'ready' only when the binary answers `--version` with the pinned version;
 * 'missing' (absent, or it does not answer) and 'wrong-version' are built (again).
 * @returns {Promise<{ state: 'ready' | 'missing' | 'wrong-version', answered: string | null }>}
 */
export async function redisStatus(binary, version) {
  const answered = await probeBinary(binary, ['--version']);
  if (!answered) return { state: 'missing', answered };
  const found = /\bv=(\S+)/.exec(answered)?.[1];
  return { state: found === version ? 'ready' : 'wrong-version', answered };
}

/** Runs a command, every output line (colours stripped) to `onLine`; rejects with the last lines. */
function runLines(command, args, { onLine, ...options }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const tail = [];
    const line = (raw) => {
      const text = stripVTControlCharacters(raw).trimEnd();
      if (!text.trim()) return;
      tail.push(text);
      if (tail.length > 40) tail.shift();
      onLine(text);
    };
    eachLine(child.stdout, line);
    eachLine(child.stderr, line);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(
            Object.assign(new Error(`${command} ${args.join(' ')} failed (exit ${code})`), {
              tail: tail.join('\n'),
            }),
          ),
    );
  });
}

/**
 * The machine's own Debian `deb` entries (sources.list, sources.list.d/*.list and *.sources), as
 * one-line `deb-src` entries: the same archives and keys, for `apt-get source`.
 */
export function debSrcLines(aptEtc = '/etc/apt') {
  const lines = [];
  const oneLine = (text) => {
    for (const raw of text.split('\n')) {
      const entry = raw.replace(/#.*/, '').trim();
      if (/^deb\s/.test(entry)) lines.push(entry.replace(/^deb/, 'deb-src'));
    }
  };
  const deb822 = (text) => {
    for (const stanza of text.split(/\n\s*\n/)) {
      const fields = {};
      let key;
      for (const raw of stanza.split('\n')) {
        if (raw.startsWith('#')) continue;
        const m = /^([\w-]+):\s*(.*)$/.exec(raw);
        if (m) fields[(key = m[1].toLowerCase())] = m[2].trim();
        else if (key && /^\s/.test(raw)) fields[key] += `\n${raw.trim()}`;
      }
      if (!(fields.types ?? '').split(/\s+/).includes('deb') || fields.enabled === 'no') continue;
      const signedBy = fields['signed-by'];
      // An inline key block cannot go on one line; a key file can.
      const opts = signedBy && !signedBy.includes('\n') ? ` [signed-by=${signedBy}]` : '';
      for (const uri of (fields.uris ?? '').split(/\s+/).filter(Boolean))
        for (const suite of (fields.suites ?? '').split(/\s+/).filter(Boolean))
          lines.push(`deb-src${opts} ${uri} ${suite} ${fields.components ?? ''}`.trim());
    }
  };
  const read = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  oneLine(read(path.join(aptEtc, 'sources.list')));
  const partsDir = path.join(aptEtc, 'sources.list.d');
  for (const name of fs.existsSync(partsDir) ? fs.readdirSync(partsDir).sort() : []) {
    if (name.endsWith('.list')) oneLine(read(path.join(partsDir, name)));
    else if (name.endsWith('.sources')) deb822(read(path.join(partsDir, name)));
  }
  return [...new Set(lines)];
}

/** Debian's version order (`dpkg --compare-versions`): negative when a is older than b. */
export function compareDebianVersions(a, b) {
  if (a === b) return 0;
  return spawnSync('dpkg', ['--compare-versions', a, 'lt', b]).status === 0 ? -1 : 1;
}

/** The `Version:` of every `redis` source package `apt-cache showsrc redis` printed. */
export function servedVersionsOf(showsrc) {
  const versions = [];
  let pkg;
  for (const line of showsrc.split('\n')) {
    const field = /^(Package|Version): (\S+)\s*$/.exec(line);
    if (field?.[1] === 'Package') pkg = field[2];
    else if (field && pkg === 'redis' && !versions.includes(field[2])) versions.push(field[2]);
  }
  return versions;
}

/**
 * Which source version to build when the machine's Debian sources serve `served`: the pin when it is
 * served; else the newest served revision of the same Redis release (Debian replaces a revision when
 * it patches it, and the old one leaves the archive), `fallback` true; else an error that names the
 * served versions and the pin to change.
 * @returns {{ version: string, fallback: boolean }}
 */
export function chooseRedisSource(pinned, served, compare = compareDebianVersions) {
  if (served.includes(pinned)) return { version: pinned, fallback: false };
  const release = upstreamVersion(pinned);
  const same = served.filter((v) => upstreamVersion(v) === release).sort(compare);
  if (same.length) return { version: same[same.length - 1], fallback: true };
  const newest = [...served].sort(compare).at(-1);
  throw new Error(
    served.length
      ? `the machine's Debian sources serve no redis ${release}: not the pinned ${pinned}, nor another revision ` +
          `(they serve ${served.join(', ')}). Pin one of those: REDIS_SOURCE_VERSION in ` +
          `infra/engines/redis/redis.mjs (or the REDIS_SOURCE_VERSION environment variable), e.g. ${newest}, ` +
          `and check that the tests pass with that Redis release.`
      : `the machine's Debian sources list no redis source package (apt-get update failed, or /etc/apt has no ` +
          `Debian archive), so redis=${pinned} (REDIS_SOURCE_VERSION in infra/engines/redis/redis.mjs) cannot be built.`,
  );
}

/** make, a C compiler, patch and dpkg-source (dpkg-dev), from Debian's packages when one is missing. */
async function ensureBuildTools(log) {
  const missing = ['make', 'cc', 'patch', 'dpkg-source'].filter((tool) => !findOnPath(tool));
  if (!missing.length) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => (sudo.length ? ['sudo', ['apt-get', ...args]] : ['apt-get', args]);
  log(`missing ${missing.join(', ')}: installing Debian's make, gcc, libc6-dev, patch and dpkg-dev`);
  await runLines(...apt(['update', '-q']), { onLine: (l) => log(`apt: ${l}`) });
  await runLines(
    ...apt([
      'install',
      '-y',
      '-q',
      '--no-install-recommends',
      'make',
      'gcc',
      'libc6-dev',
      'patch',
      'dpkg-dev',
    ]),
    { onLine: (l) => log(`apt: ${l}`) },
  );
}

/**
 * apt with the machine's Debian sources as deb-src and its own lists in <cache>/redis/apt (the
 * machine's apt state untouched): updates the lists, then chooses what to build (chooseRedisSource).
 * Logs a fallback with the pin to move. Answers the version and `apt` (apt-get with those lists).
 */
export async function resolveRedisSource({
  sourceVersion = REDIS_SOURCE_VERSION,
  cacheDir = USER_CACHE_DIR,
  log = defaultLog,
} = {}) {
  const aptDir = path.join(cacheDir, 'redis', 'apt');
  const sources = debSrcLines();
  if (!sources.length) throw new Error('no Debian `deb` source in /etc/apt to read the source package from');
  await fsp.mkdir(path.join(aptDir, 'lists', 'partial'), { recursive: true });
  await fsp.mkdir(path.join(aptDir, 'cache', 'archives', 'partial'), { recursive: true });
  await fsp.mkdir(path.join(aptDir, 'sources.list.d'), { recursive: true });
  await fsp.writeFile(path.join(aptDir, 'sources.list'), `${sources.join('\n')}\n`);
  const aptOptions = [
    `Dir::Etc::SourceList=${path.join(aptDir, 'sources.list')}`,
    `Dir::Etc::SourceParts=${path.join(aptDir, 'sources.list.d')}`,
    `Dir::State::Lists=${path.join(aptDir, 'lists')}`,
    `Dir::Cache=${path.join(aptDir, 'cache')}`,
    // The cache is under the user's home, which apt's download user (_apt) may not enter.
    'APT::Sandbox::User=root',
  ].flatMap((o) => ['-o', o]);
  if (process.getuid?.() !== 0) aptOptions.splice(-2);
  const apt = (args, onLine, options = {}) =>
    runLines('apt-get', ['-q', ...aptOptions, ...args], { onLine, ...options });
  log(`apt-get update with the machine's Debian sources as deb-src (lists in ${aptDir})`);
  // A source of the machine's that serves no Sources index fails the update; what matters is
  // whether the pinned version is found below.
  await apt(['update'], (l) => log(`apt: ${l}`)).catch((err) => log(`apt-get update: ${err.message}`));
  let showsrc = '';
  await runLines('apt-cache', [...aptOptions, 'showsrc', 'redis'], {
    onLine: (l) => (showsrc += `${l}\n`),
  }).catch((err) => log(`apt-cache showsrc redis: ${err.message}`));
  const { version, fallback } = chooseRedisSource(sourceVersion, servedVersionsOf(showsrc));
  if (fallback)
    log(
      `the machine's Debian sources no longer serve the pinned redis=${sourceVersion}: building ${version} ` +
        `(the same Redis ${upstreamVersion(sourceVersion)}, another Debian revision) instead. Move the pin ` +
        `to it: REDIS_SOURCE_VERSION in infra/engines/redis/redis.mjs.`,
    );
  return { version, fallback, apt };
}

/**
 * Downloads the source package resolveRedisSource chose (the pin, or its fallback) with apt, unpacks it with dpkg-source (which checks the files against the signed
 * index's checksums and applies Debian's patches) and builds redis-server and redis-cli with make.
 */
async function buildRedis({ sourceVersion, cacheDir, log }) {
  const versionDir = redisVersionDir(sourceVersion, cacheDir);
  const version = upstreamVersion(sourceVersion);
  const aptDir = path.join(cacheDir, 'redis', 'apt');
  const work = path.join(versionDir, 'build');
  const started = Date.now();
  let phase = 'starting';
  let compiled = 0;
  let last = '';
  const heartbeat = setInterval(() => {
    log(
      `... still building Redis ${version} (${fmtSecs(Date.now() - started)} elapsed, ${phase}` +
        `${compiled ? `, ${compiled} files compiled` : ''}${last ? `, last: ${last}` : ''})`,
    );
  }, HEARTBEAT_MS);
  try {
    log(
      `building Redis ${version} (Debian source ${sourceVersion}) once for this machine into ${versionDir}`,
    );
    await ensureBuildTools(log);

    phase = 'apt-get update (deb-src), choosing the source version';
    const { version: building, apt } = await resolveRedisSource({ sourceVersion, cacheDir, log });

    phase = 'downloading the source package';
    await fsp.rm(work, { recursive: true, force: true });
    await fsp.mkdir(work, { recursive: true });
    try {
      await apt(['source', '--download-only', `redis=${building}`], (l) => log(`apt: ${l}`), { cwd: work });
    } catch (err) {
      throw new Error(
        `the Debian source package redis=${building} is listed but could not be downloaded (the ` +
          `archive unreachable, or its lists in ${aptDir} stale). REDIS_SOURCE_VERSION in ` +
          `infra/engines/redis/redis.mjs pins it.\n${err.tail ?? err.message}`,
      );
    }
    const dsc = (await fsp.readdir(work)).find((f) => f.endsWith('.dsc'));
    if (!dsc) throw new Error(`apt-get source left no .dsc in ${work}`);

    phase = 'unpacking and patching (dpkg-source)';
    await runLines('dpkg-source', ['-x', dsc, 'src'], { cwd: work, onLine: log });

    // libc's malloc: Debian's jemalloc patch only links against Debian's system jemalloc, and a test
    // Redis holds little. No TLS: loopback only.
    phase = 'compiling';
    const jobs = String(os.availableParallelism?.() ?? os.cpus().length);
    const makeArgs = ['-C', 'src', `-j${jobs}`, 'MALLOC=libc', 'BUILD_TLS=no', 'redis-server', 'redis-cli'];
    log(`running: make ${makeArgs.join(' ')} (in ${path.join(work, 'src')})`);
    await runLines('make', makeArgs, {
      cwd: path.join(work, 'src'),
      onLine: (l) => {
        if (/^\s*(CC|LINK)\s/.test(l) || /^\s*(cc|gcc)\s/.test(l)) {
          compiled += 1;
          last = l.trim().split(/\s+/).slice(0, 2).join(' ');
        }
        log(`make: ${l}`);
      },
    });

    // Into place by rename, so no process ever runs a half-copied binary.
    phase = 'installing';
    const staged = path.join(versionDir, 'bin.new');
    await fsp.rm(staged, { recursive: true, force: true });
    await fsp.mkdir(staged);
    for (const name of ['redis-server', 'redis-cli'])
      await fsp.copyFile(path.join(work, 'src', 'src', name), path.join(staged, name));
    await fsp.rm(path.join(versionDir, 'bin'), { recursive: true, force: true });
    await fsp.rename(staged, path.join(versionDir, 'bin'));
    // The pin's folder (what ensureRedis looks in) says which source a fallback built.
    await fsp.writeFile(path.join(versionDir, 'built-from'), `redis=${building}\n`);
    await fsp.rm(work, { recursive: true, force: true });
    log(`built ${redisServerPath(sourceVersion, cacheDir)} in ${fmtSecs(Date.now() - started)}`);
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Makes sure redis-server of the pinned version is built and answers `--version` with it; builds it
 * (under a lock, so parallel test files or terminals build once) otherwise.
 * @returns {Promise<{ binary: string, version: string, built: boolean }>}
 */
export async function ensureRedis({
  log = defaultLog,
  sourceVersion = REDIS_SOURCE_VERSION,
  cacheDir = USER_CACHE_DIR,
} = {}) {
  const binary = redisServerPath(sourceVersion, cacheDir);
  const version = upstreamVersion(sourceVersion);
  if ((await redisStatus(binary, version)).state === 'ready') return { binary, version, built: false };
  const versionDir = redisVersionDir(sourceVersion, cacheDir);
  await fsp.mkdir(versionDir, { recursive: true });
  return withBuildLock(path.join(versionDir, '.build.lock'), log, `Redis ${version}`, async () => {
    // Another process may have finished the build while we waited for the lock.
    const before = await redisStatus(binary, version);
    if (before.state === 'ready') return { binary, version, built: false };
    if (before.state === 'wrong-version') log(`${binary} answers "${before.answered}": building it again`);
    await buildRedis({ sourceVersion, cacheDir, log });
    const after = await redisStatus(binary, version);
    if (after.state !== 'ready')
      throw new Error(`built ${binary}, but it answers "${after.answered}", not v=${version}`);
    log(`ready: ${after.answered}`);
    return { binary, version, built: true };
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts the pinned redis-server (ensureRedis first) on `port` (default: a free one), in memory only;
 * resolves once it answers PING.
 */
export async function startRedisServer(options = {}) {
  const { binary } = await ensureRedis({ log: options.log });
  const port = options.port || (await freePort());
  const server = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (server.exitCode !== null) throw new Error(`redis-server exited with ${server.exitCode}`);
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error('redis-server did not answer within 10 s');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    },
  };
}

async function cli() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { port: { type: 'string' } },
  });
  const command = positionals[0] ?? 'ensure';
  if (command === 'ensure') {
    const { binary } = await ensureRedis();
    console.log(binary);
  } else if (command === 'start') {
    const redis = await startRedisServer({ port: values.port ? Number(values.port) : undefined });
    console.log(`${redis.url} (Ctrl-C stops it)`);
    process.on('SIGINT', () => redis.stop().then(() => process.exit(0)));
  } else {
    throw new Error(`unknown command ${command}: ensure | start [--port N]`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
