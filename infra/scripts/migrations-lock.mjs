// Migrations are frozen files: once landed, a migration is never edited (a database that already ran
// it would never see the edit); a change is a new, later file. Each migrations folder keeps a
// migrations.lock.json with the sha256 of every file; infra/lint/migrations-frozen.test.ts fails on an
// edited, missing, unlocked or out-of-order file. `npm run migrations:lock` records new files only.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

export const LOCK_FILE = 'migrations.lock.json';

/** Every migrations folder: each service's `src/migrations` and kit's versioned migrations. */
export function migrationFolders() {
  const services = path.join(ROOT, 'services');
  return readdirSync(services)
    .map((name) => path.join(services, name, 'src/migrations'))
    .filter((dir) => existsSync(dir));
}

const hash = (file) =>
  createHash('sha256').update(readFileSync(file, 'utf8').replace(/\r\n/g, '\n')).digest('hex');

/** The migration files of a folder (index.ts lists them; it is not one). */
export function migrationFiles(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'))
    .sort();
}

export function readLock(dir) {
  const file = path.join(dir, LOCK_FILE);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** What is wrong with a folder against its lock; empty when it is as landed plus nothing unrecorded. */
export function checkFolder(dir) {
  const lock = readLock(dir);
  const files = migrationFiles(dir);
  const problems = [];
  const rel = (f) => path.relative(ROOT, path.join(dir, f));
  for (const [file, sum] of Object.entries(lock)) {
    if (!files.includes(file)) problems.push(`${rel(file)} was removed; landed migrations stay.`);
    else if (hash(path.join(dir, file)) !== sum)
      problems.push(`${rel(file)} was edited; landed migrations are frozen: add a new, later file instead.`);
  }
  const lastLocked = Object.keys(lock).sort().at(-1) ?? '';
  for (const file of files.filter((f) => !(f in lock))) {
    problems.push(`${rel(file)} is not in ${LOCK_FILE}: run \`npm run migrations:lock\`.`);
    // Timestamped service migrations apply in key order: a new one must sort after every landed one.
    if (/^\d{8}T\d{4}-/.test(file) && file < lastLocked)
      problems.push(`${rel(file)} sorts before ${lastLocked}, which has landed: give it a later timestamp.`);
  }
  return problems;
}

/** Records files not yet in the lock; never rewrites a recorded hash. */
export function lockNewFiles(dir) {
  const lock = readLock(dir);
  const added = [];
  for (const file of migrationFiles(dir)) {
    if (file in lock) continue;
    lock[file] = hash(path.join(dir, file));
    added.push(file);
  }
  const sorted = Object.fromEntries(Object.entries(lock).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(path.join(dir, LOCK_FILE), `${JSON.stringify(sorted, null, 2)}\n`);
  return added;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  for (const dir of migrationFolders()) {
    const added = lockNewFiles(dir);
    for (const file of added) console.log(`locked ${path.relative(ROOT, path.join(dir, file))}`);
    const problems = checkFolder(dir);
    if (problems.length) {
      console.error(problems.join('\n'));
      process.exitCode = 1;
    }
  }
}
