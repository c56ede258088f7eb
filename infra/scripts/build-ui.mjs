// Builds portal-ui and admin-ui with Vite when their inputs changed, and writes latest.json.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, run, step } from './lib.mjs';

// Exported for infra/images/images.test.ts: the image's ui-build stage copies each of these.
export const APPS = ['portal-ui', 'admin-ui'];
export const SHARED_INPUTS = [
  'contracts/src',
  'design-system/src',
  'package-lock.json',
  'tsconfig.base.json',
];

function hashInputs(paths) {
  const hash = createHash('sha256');
  const visit = (p) => {
    const abs = path.join(ROOT, p);
    if (!existsSync(abs)) return;
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs).sort()) {
        if (['node_modules', 'dist'].includes(name) || name.endsWith('.test.ts')) continue;
        visit(path.join(p, name));
      }
    } else {
      hash.update(p).update(readFileSync(abs));
    }
  };
  paths.forEach(visit);
  return hash.digest('hex').slice(0, 16);
}

/** `log`: a file descriptor for Vite's output (see run in lib.mjs); the console when unset. */
export async function buildUi({ force = false, log } = {}) {
  const hashes = [];
  for (const app of APPS) {
    const hash = hashInputs([app, ...SHARED_INPUTS]);
    hashes.push(hash);
    const marker = path.join(ROOT, app, 'dist/.build-hash');
    if (!force && existsSync(marker) && readFileSync(marker, 'utf8') === hash) {
      console.log(`✔ ${app} is up to date (${hash})`);
      continue;
    }
    const done = step(`building ${app}`, { oneLine: log !== undefined });
    await run('npx', ['vite', 'build', '--config', path.join(app, 'vite.config.ts'), '--logLevel', 'warn'], {
      log,
    });
    writeFileSync(marker, hash);
    done(hash);
  }
  // The portal polls this to notice a new deployment (spec §4 "Deployment detection").
  const version = createHash('sha256').update(hashes.join(':')).digest('hex').slice(0, 16);
  const manifest = path.join(ROOT, 'portal-ui/dist/latest.json');
  const previous = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')) : undefined;
  if (previous?.version !== version) {
    writeFileSync(manifest, JSON.stringify({ version, builtAt: new Date().toISOString() }) + '\n');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildUi({ force: process.argv.includes('--force') }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
