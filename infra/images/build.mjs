// The build stages of infra/images/Dockerfile (docs/deploy.md "Images"): what each process of the
// distributed profile needs at run time, and nothing else. The processes are in processes.json:
//   entry        the process's TypeScript entry (→ main.mjs, the image's CMD)
//   healthCheck  the HEALTHCHECK's entry (→ health-check.mjs); by default ready-check.ts (GET /ready)
//   bundlingOnly packages the process loads but never runs (the worker loads a prebuilt workflow bundle,
//                yet @temporalio/worker requires webpack at start): copied without their dependencies
//   workers      child processes' modules (kit's process pool), compiled beside the place their loader's
//                compiled module has under /app (`<path>.mjs`), e.g. the sealed contract PDF's render process
//   neverLoaded  packages the code imports on first use only (`import()`), on paths this process never
//                takes (sharp: the worker removes form files, it never re-encodes an image): left out.
//                The build fails when the code imports one of them statically.
// The files a process takes along besides its code (the gateway's front ends, the worker's workflow
// bundle) are the Dockerfile's stages `files-<process>`.
//
//   node infra/images/build.mjs app OUT [PROCESS…]   for each process (by default all):
//                          OUT/apps/PROCESS: its compiled code; OUT/closures/PROCESS.json: the npm
//                          packages it runs (their production closure)
//   node infra/images/build.mjs deps CLOSURES OUT    those packages: for a folder of closures, each in
//                          OUT/PROCESS/node_modules…; for one closure file, in OUT/node_modules…
//
// `app` compiles with esbuild: one ES module per entry with the workspaces' (`@stageplein/*`) code in it,
// the npm packages left as imports; of those it lists the production dependency closure (dependencies,
// and optional and peer dependencies where installed). `deps` copies them, without type declarations,
// source maps, TypeScript sources or Markdown, and with only this platform's Temporal core binary, every
// timestamp set to 0; a file two processes share is copied once and hard-linked (a smaller build layer).
// It is a stage of its own that sees only the lists: a source edit that imports no other package leaves
// them, and so the stage and each image's dependency layer, as they were (taken from the build cache);
// only the code layers are built again.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  symlinkSync,
  cpSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = process.cwd();
const [mode, arg, ...rest] = process.argv.slice(2);
const posix = (p) => p.split(path.sep).join('/');
/** Files a package has that nothing runs: types, source maps, TypeScript sources, Markdown. */
const unused = (file) => /\.(d\.[mc]?ts|map|[mc]?tsx?|md)$/i.test(file) && !/license/i.test(file);
/**
 * Temporal's core bridge ships its native module for every platform (and its Rust sources): only its
 * JavaScript and this platform's module are loaded (core-bridge/common.js getPrebuiltPath).
 */
const platformOnly = {
  '@temporalio/core-bridge': (dir) => {
    const { getPrebuiltTargetName } = createRequire(path.join(dir, 'package.json'))('./common.js');
    const keep = ['package.json', 'index.js', 'common.js', 'lib', `releases/${getPrebuiltTargetName()}`];
    return (rel) =>
      rel === '' ||
      /^license/i.test(rel) ||
      rel === 'releases' ||
      keep.some((k) => rel === k || rel.startsWith(`${k}/`));
  },
};
/** Source file → its first copy: a later copy of the same file becomes a hard link to it. */
const copied = new Map();
/** Copies `src` to `dest` as it is (symbolic links unresolved), only what `keep` accepts below `src`. */
function copyTree(src, dest, keep) {
  const stat = lstatSync(src);
  if (stat.isDirectory()) {
    mkdirSync(dest, { recursive: true });
    for (const entry of readdirSync(src)) {
      if (keep(path.join(src, entry))) copyTree(path.join(src, entry), path.join(dest, entry), keep);
    }
  } else if (stat.isSymbolicLink()) {
    symlinkSync(readlinkSync(src), dest);
  } else if (copied.has(src)) {
    linkSync(copied.get(src), dest);
  } else {
    copyFileSync(src, dest);
    chmodSync(dest, stat.mode & 0o777);
    copied.set(src, dest);
  }
}
/** Copies the packages of a closure (`app`'s closures/PROCESS.json) into `to`, as they sit in the repository. */
function copyPackages(list, to) {
  mkdirSync(to, { recursive: true });
  for (const { dir: rel, name: pkg } of list) {
    const dir = path.join(ROOT, rel);
    const own = platformOnly[pkg]?.(dir) ?? (() => true);
    copyTree(dir, path.join(to, rel), (src) => {
      const inside = posix(path.relative(dir, src));
      // A package's own nested node_modules are copied only as far as the closure needs them.
      return !inside.split('/').includes('node_modules') && !unused(inside) && own(inside);
    });
  }
  console.log(`${list.length} packages → ${to}`);
}

if (mode === 'deps' && arg && rest[0]) {
  const [out] = rest;
  if (statSync(arg).isDirectory()) {
    for (const file of readdirSync(arg).sort()) {
      copyPackages(
        JSON.parse(readFileSync(path.join(arg, file), 'utf8')),
        path.join(out, path.basename(file, '.json')),
      );
    }
  } else {
    copyPackages(JSON.parse(readFileSync(arg, 'utf8')), out);
  }
  execFileSync('find', [out, '-exec', 'touch', '-h', '-d', '@0', '{}', '+']);
  process.exit(0);
}
const processes = JSON.parse(readFileSync(new URL('./processes.json', import.meta.url), 'utf8'));
const names = rest.length ? rest : Object.keys(processes);
if (mode !== 'app' || !arg || names.some((n) => !processes[n])) {
  throw new Error(`usage: build.mjs app OUT [${Object.keys(processes).join('|')}…] | deps CLOSURES OUT`);
}

const isBuiltin = (s) => s.startsWith('node:') || builtinModules.includes(s.split('/')[0]);
const packageName = (s) =>
  s
    .split('/')
    .slice(0, s.startsWith('@') ? 2 : 1)
    .join('/');
const inNodeModules = (f) => f.split(path.sep).includes('node_modules');

/** Compiles one process into `appDir` and returns the npm packages it runs (their production closure). */
async function compile(name, spec, appDir) {
  // The compiled code: main.mjs and health-check.mjs in appDir, which becomes /app.
  const neverLoaded = new Set(spec.neverLoaded ?? []);
  const imported = []; // [specifier, importing folder]: the npm packages the code imports
  const { metafile } = await build({
    entryPoints: {
      main: spec.entry,
      'health-check': spec.healthCheck ?? 'infra/images/ready-check.ts',
      ...spec.workers,
    },
    bundle: true,
    outdir: appDir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    // Class and function names stay what the sources say (errors and logs show them).
    keepNames: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@stageplein/')) return undefined;
            if (neverLoaded.has(packageName(args.path))) {
              if (args.kind !== 'dynamic-import') {
                throw new Error(`${args.path} is imported statically by ${args.importer}: it is loaded`);
              }
            } else if (!isBuiltin(args.path)) imported.push([args.path, args.resolveDir]);
            return { path: args.path, external: true };
          });
        },
      },
      {
        // A module that finds files next to itself (`new URL('./data/…', import.meta.url)`) keeps finding
        // them: its import.meta.url becomes its own place under /app (which mirrors the repository), not
        // the bundle's. The entry keeps the bundle's own (a "run as main" check compares it to argv[1]).
        name: 'import-meta-url-per-module',
        setup(b) {
          b.onLoad({ filter: /\.tsx?$/ }, (args) => {
            const source = readFileSync(args.path, 'utf8');
            const entries = [spec.entry, spec.healthCheck].filter(Boolean).map((e) => path.resolve(ROOT, e));
            if (
              inNodeModules(args.path) ||
              !source.includes('import.meta.url') ||
              entries.includes(args.path)
            ) {
              return undefined;
            }
            const own = `./${posix(path.relative(ROOT, args.path)).replace(/\.tsx?$/, '.js')}`;
            return {
              contents: source.replaceAll(
                'import.meta.url',
                `new URL(${JSON.stringify(own)}, import.meta.url).href`,
              ),
              loader: args.path.endsWith('x') ? 'tsx' : 'ts',
            };
          });
        },
      },
    ],
  });
  const inputs = Object.keys(metafile.inputs).map((f) => path.resolve(ROOT, f));
  // Packages the code resolves at run time by name (require.resolve, createRequire's require).
  for (const file of inputs.filter((f) => !inNodeModules(f))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\brequire(?:\.resolve)?\(\s*['"]([^'"]+)['"]/g)) {
      if (!isBuiltin(m[1]) && !m[1].startsWith('.')) imported.push([m[1], path.dirname(file)]);
    }
  }

  // Files the workspaces' code reads beside itself (data, licences): everything in their src but code.
  const workspaceOf = (file) => {
    for (let d = path.dirname(file); d !== ROOT; d = path.dirname(d)) {
      if (existsSync(path.join(d, 'package.json'))) return path.relative(ROOT, d);
    }
    return null; // infra/images/ready-check.ts
  };
  const workspaces = [...new Set(inputs.filter((f) => !inNodeModules(f)).map(workspaceOf))]
    .filter(Boolean)
    .sort();
  for (const ws of workspaces) {
    const src = path.join(ROOT, ws, 'src');
    if (!existsSync(src)) continue;
    for (const rel of readdirSync(src, { recursive: true })) {
      const file = path.join(src, rel);
      if (!/\.(tsx?|mts|cts)$/.test(rel) && statSync(file).isFile()) {
        cpSync(file, path.join(appDir, ws, 'src', rel));
      }
    }
  }

  // The npm packages: the production dependency closure of what the code imports.
  /** The folder of package `pkg` as Node finds it from `dir` (nearest node_modules upwards). */
  function findPackage(pkg, dir) {
    for (let d = dir; ; d = path.dirname(d)) {
      const candidate = path.join(d, 'node_modules', pkg);
      if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
      if (d === path.dirname(d)) return null;
    }
  }
  const bundlingOnly = new Set(spec.bundlingOnly ?? []);
  const packages = new Map(); // folder → name
  const visit = (pkg, from) => {
    const dir = findPackage(pkg, from);
    if (!dir) throw new Error(`${pkg} (imported from ${path.relative(ROOT, from)}) is not installed`);
    if (packages.has(dir)) return;
    packages.set(dir, pkg);
    if (bundlingOnly.has(pkg)) return;
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir);
    // Optional and peer ones only where installed (e.g. only this platform's native binary).
    for (const dep of Object.keys({ ...manifest.optionalDependencies, ...manifest.peerDependencies })) {
      if (findPackage(dep, dir)) visit(dep, dir);
    }
  };
  for (const [specifier, from] of imported) {
    if (!specifier.startsWith('@stageplein/')) visit(packageName(specifier), from);
  }

  const closure = [...packages].map(([dir, pkg]) => {
    const rel = posix(path.relative(ROOT, dir));
    if (rel.startsWith('..')) throw new Error(`${dir} is outside the build context`);
    return { dir: rel, name: pkg };
  });
  closure.sort((a, b) => a.dir.localeCompare(b.dir));
  console.log(`${name}: ${workspaces.length} workspaces compiled into main.mjs, ${packages.size} packages`);
  return closure;
}

const out = arg;
mkdirSync(path.join(out, 'closures'), { recursive: true });
for (const name of names) {
  const closure = await compile(name, processes[name], path.join(out, 'apps', name));
  writeFileSync(path.join(out, 'closures', `${name}.json`), JSON.stringify(closure, null, 1) + '\n');
}
