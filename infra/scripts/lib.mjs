// Shared helpers of the plain-Node scripts that run before dependencies are installed.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function step(title) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  return (note = '') =>
    console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)${note ? ` — ${note}` : ''}`);
}

/** Runs a command with inherited output; rejects with a clear message on failure. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install`, not `npm ci`: the registry this project is built against does not carry every
  // platform's optional binaries (rollup, swc, msgpackr), so the lockfile holds only the ones it
  // serves and `npm ci` rejects it as out of sync. With package.json and the lockfile in sync,
  // `npm install` installs exactly the locked versions.
  const done = step('installing dependencies (npm install from the lockfile)');
  await run('npm', ['install', '--no-audit', '--no-fund']);
  done();
}
