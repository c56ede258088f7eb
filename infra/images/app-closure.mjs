// Run in an image's build stage (every Dockerfile, see infra/images/README.md): copies into OUT what one
// process needs at run time and nothing else. From its entry files esbuild follows the imports through
// the workspaces (`@stageplein/*`, whose sources are copied) to the npm packages they import; of those
// only their production dependency closure is copied (dependencies, optional and peer dependencies that
// are installed), plus tsx, the loader the CMD runs the TypeScript sources with.
//
//   node infra/images/app-closure.mjs OUT ENTRY.ts... [--with PATH...]
//
// --with: built files to take along as they are (the front ends' dist, the workflow bundle).
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = process.cwd();
const [out, ...rest] = process.argv.slice(2);
const withAt = rest.indexOf('--with');
const entries = withAt < 0 ? rest : rest.slice(0, withAt);
const extra = withAt < 0 ? [] : rest.slice(withAt + 1);
if (!out || entries.length === 0) throw new Error('usage: app-closure.mjs OUT ENTRY.ts... [--with PATH...]');

const isBuiltin = (s) => s.startsWith('node:') || builtinModules.includes(s.split('/')[0]);
const packageName = (s) =>
  s
    .split('/')
    .slice(0, s.startsWith('@') ? 2 : 1)
    .join('/');

/** The folder of package `name` as Node finds it from `dir` (nearest node_modules upwards). */
function findPackage(name, dir) {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (d === path.dirname(d)) return null;
  }
}

// The workspace sources reached from the entries, and the packages they import (by importing folder).
const imported = []; // [specifier, importer folder]
const { metafile } = await build({
  entryPoints: entries,
  bundle: true,
  write: false,
  outdir: 'unwritten', // esbuild wants one with several entries; nothing is written
  metafile: true,
  platform: 'node',
  format: 'esm',
  logLevel: 'error',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@stageplein/')) return undefined;
          if (!isBuiltin(args.path)) imported.push([args.path, args.resolveDir]);
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
const inputs = Object.keys(metafile.inputs).map((f) => path.resolve(ROOT, f));
// Packages the sources resolve at run time by name (require.resolve, createRequire's require).
for (const file of inputs) {
  for (const m of readFileSync(file, 'utf8').matchAll(/\brequire(?:\.resolve)?\(\s*['"]([^'"]+)['"]/g)) {
    if (!isBuiltin(m[1]) && !m[1].startsWith('.')) imported.push([m[1], path.dirname(file)]);
  }
}
imported.push(['tsx', ROOT]);

const packages = new Set();
const visit = (name, from) => {
  const dir = findPackage(name, from);
  if (!dir) throw new Error(`${name} (imported from ${path.relative(ROOT, from)}) is not installed`);
  if (packages.has(dir)) return;
  packages.add(dir);
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir);
  // Optional and peer ones only where installed (e.g. only this platform's native binary).
  for (const dep of Object.keys({ ...pkg.optionalDependencies, ...pkg.peerDependencies })) {
    if (findPackage(dep, dir)) visit(dep, dir);
  }
};
for (const [specifier, from] of imported) {
  if (!packageName(specifier).startsWith('@stageplein/')) visit(packageName(specifier), from);
}

const copy = (rel, filter = () => true) =>
  cpSync(path.join(ROOT, rel), path.join(out, rel), {
    recursive: true,
    filter: (src) => filter(src) && !src.includes(`${path.sep}.cache${path.sep}`),
  });
mkdirSync(out, { recursive: true });
for (const dir of packages) {
  const rel = path.relative(ROOT, dir);
  if (rel.startsWith('..')) throw new Error(`${dir} is outside the build context`);
  // A package's own nested node_modules are copied only as far as the closure needs them.
  copy(rel, (src) => !path.relative(dir, src).split(path.sep).includes('node_modules'));
}

// The workspaces reached: their sources (not their tests), manifest and tsconfig, linked by name.
const workspaces = new Set(
  inputs.filter((f) => !f.includes(`${path.sep}node_modules${path.sep}`)).map((f) => wsOf(f)),
);
function wsOf(file) {
  for (let d = path.dirname(file); d !== ROOT; d = path.dirname(d)) {
    if (existsSync(path.join(d, 'package.json'))) return path.relative(ROOT, d);
  }
  throw new Error(`${file} belongs to no workspace`);
}
for (const ws of workspaces) {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, ws, 'package.json'), 'utf8'));
  copy(path.join(ws, 'package.json'));
  if (existsSync(path.join(ROOT, ws, 'tsconfig.json'))) copy(path.join(ws, 'tsconfig.json'));
  copy(path.join(ws, 'src'), (src) => !/\.test\.tsx?$/.test(src));
  const link = path.join(out, 'node_modules', pkg.name);
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(path.relative(path.dirname(link), path.join(out, ws)), link);
}
for (const file of ['package.json', 'tsconfig.base.json', ...extra]) copy(file);
writeFileSync(
  path.join(out, '.closure.json'),
  JSON.stringify(
    { workspaces: [...workspaces].sort(), packages: [...packages].map((d) => path.relative(ROOT, d)).sort() },
    null,
    1,
  ),
);
console.log(`${entries.join(' ')}: ${workspaces.size} workspaces, ${packages.size} packages → ${out}`);
