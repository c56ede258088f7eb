// After `tsc -b` (npm run typecheck): every TypeScript source must be checked by its own project only.
// A project that imports a package it does not reference compiles that package's sources again as
// if they were its own (TypeScript treats files reached through node_modules as libraries and does
// not complain), which silently brings back the slow typecheck and hides a missing arrow in the
// package graph. The build info of each project lists its program's files; sources in it that are not
// the project's own are such imports.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

/** Sources (not declarations, not node_modules) in a program that are not among its root files. */
export function foreignSources(buildInfo) {
  const own = new Set();
  for (const entry of buildInfo.root ?? []) {
    // File ids are 1-based; a pair is a range of ids.
    const [from, to] = Array.isArray(entry) ? entry : [entry, entry];
    for (let id = from; id <= to; id++) own.add(id);
  }
  return (buildInfo.fileNames ?? []).filter(
    (file, index) =>
      !own.has(index + 1) &&
      !file.includes('/node_modules/') &&
      /\.[cm]?tsx?$/.test(file) &&
      !/\.d\.[cm]?ts$/.test(file),
  );
}

function projectsOf(configFile, seen = new Set()) {
  const file = configFile.endsWith('.json') ? configFile : path.join(configFile, 'tsconfig.json');
  if (seen.has(file)) return [];
  seen.add(file);
  const config = JSON.parse(readFileSync(file, 'utf8'));
  const nested = (config.references ?? []).flatMap((ref) =>
    projectsOf(path.resolve(path.dirname(file), ref.path), seen),
  );
  return [...nested, { file, config }];
}

function main() {
  const problems = [];
  for (const { file, config } of projectsOf(path.join(ROOT, 'tsconfig.json'))) {
    const outDir = config.compilerOptions?.outDir;
    if (!outDir) continue; // the solution file
    const info = path.join(path.dirname(file), outDir, `${path.basename(file, '.json')}.tsbuildinfo`);
    if (!existsSync(info)) continue;
    const foreign = foreignSources(JSON.parse(readFileSync(info, 'utf8')));
    const project = path.relative(ROOT, file);
    for (const source of foreign) {
      problems.push(`${project} compiles ${path.relative(ROOT, path.resolve(path.dirname(info), source))}`);
    }
  }
  if (problems.length) {
    console.error(
      [
        'These projects compile sources of packages they do not reference; add the package to their',
        '"references" (or remove the import if the arrow is wrong):',
        ...problems.map((p) => `  ${p}`),
      ].join('\n'),
    );
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
