// Shared helpers of the plain-Node scripts that run before dependencies are installed.
import { spawn } from 'node:child_process';
import { existsSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Prints a step's start and, from the returned function, its end with the elapsed time. `oneLine`
 * (quiet `npm start`, nothing else printing meanwhile): a single line, rewritten in place on a terminal.
 */
export function step(title, { oneLine = false } = {}) {
  const started = Date.now();
  const live = oneLine && process.stdout.isTTY;
  if (live) process.stdout.write(`… ${title}`);
  else if (!oneLine) console.log(`\n▶ ${title}`);
  return (note = '') => {
    const line = `✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)${note ? ` — ${note}` : ''}`;
    if (live) process.stdout.write(`\r\x1b[K${line}\n`);
    else console.log(line);
  };
}

/**
 * Runs a command with inherited output, or with its output appended to the file descriptor `log`;
 * rejects with a clear message on failure.
 */
export function run(command, args, { log, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const stdio = log === undefined ? 'inherit' : ['ignore', log, log];
    const child = spawn(command, args, { cwd: ROOT, stdio, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Installs dependencies when node_modules is missing or older than the lockfile (`log`: see run). */
export async function ensureDependencies({ log } = {}) {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install`, not `npm ci`: the registry this project is built against does not carry every
  // platform's optional binaries (rollup, swc, msgpackr), so the lockfile holds only the ones it
  // serves and `npm ci` rejects it as out of sync. With package.json and the lockfile in sync,
  // `npm install` installs exactly the locked versions.
  const done = step('installing dependencies (npm install from the lockfile)', {
    oneLine: log !== undefined,
  });
  await run('npm', ['install', '--no-audit', '--no-fund'], { log });
  done();
}

/**
 * redis-server (the mail queue of `npm start`, the tests' Redis): the pinned version, built once per
 * machine into the user's cache (infra/engines/redis). Its progress goes to `log` (a file descriptor,
 * quiet `npm start`: one line here) or, without it, to the terminal.
 */
export async function ensureRedisServer({ log } = {}) {
  const { ensureRedis, redisServerPath, redisStatus, upstreamVersion } =
    await import('@stageplein/engines/redis');
  const version = upstreamVersion();
  if ((await redisStatus(redisServerPath(), version)).state === 'ready') return;
  const done =
    log === undefined
      ? () => undefined
      : step(`building Redis ${version} (once per machine)`, { oneLine: true });
  const write =
    log === undefined ? (m) => console.log(`[redis] ${m}`) : (m) => writeSync(log, `[redis] ${m}\n`);
  await ensureRedis({ log: write });
  done();
}
