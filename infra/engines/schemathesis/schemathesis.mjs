// Schemathesis (PyPI), the property-based API fuzzer of the security suite: installed once per machine
// into a virtual environment in the user's cache (~/.cache/stageplein/schemathesis/<version>), from
// PyPI with the machine's python3 (venv + pip). Offline after that first install.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { USER_CACHE_DIR } from '../user-cache.mjs';

export const SCHEMATHESIS_VERSION = '4.32.5';
export const SCHEMATHESIS_DIR = path.join(USER_CACHE_DIR, 'schemathesis', SCHEMATHESIS_VERSION);
/** The `st` command line of the installed version. */
export const SCHEMATHESIS_BIN = path.join(SCHEMATHESIS_DIR, 'bin', 'st');
const DONE = path.join(SCHEMATHESIS_DIR, '.installed');

function run(command, args, log) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk) => {
      output += chunk;
      for (const line of String(chunk).split('\n').filter(Boolean)) log?.(line);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output.slice(-2000)}`)),
    );
  });
}

/** Installs Schemathesis when this version is not installed yet; returns the `st` binary. */
export async function ensureSchemathesis({ log } = {}) {
  if (existsSync(DONE)) return SCHEMATHESIS_BIN;
  // A half-finished install (interrupted) is started over: a venv cannot be moved into place.
  await rm(SCHEMATHESIS_DIR, { recursive: true, force: true });
  log?.(`installing schemathesis ${SCHEMATHESIS_VERSION} from PyPI into ${SCHEMATHESIS_DIR}`);
  await run('python3', ['-m', 'venv', SCHEMATHESIS_DIR], log);
  const pip = path.join(SCHEMATHESIS_DIR, 'bin', 'pip');
  await run(
    pip,
    ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`],
    log,
  );
  await writeFile(DONE, `${new Date().toISOString()}\n`);
  return SCHEMATHESIS_BIN;
}
