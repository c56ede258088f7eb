// Import cycles inside a package (issue #32: "0 import cycles inside any package"). Every TypeScript and
// JavaScript file git knows, its static imports, export-froms and dynamic import()s, type-only ones
// included (a type cycle is the same tangle of two modules), resolved relative or by package name
// (`@stageplein/<pkg>/<path>`: the package's `exports`); packages point one way (boundaries.mjs), so
// any cycle lies inside one package. `import-cycles.test.ts` runs it in `npm test`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

/** Repository-relative paths of the source files git tracks (and untracked ones it does not ignore). */
export function sourceFiles(root = ROOT) {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\n')
    .filter((f) => SOURCE.test(f) && !f.includes('node_modules/') && !f.endsWith('.d.ts'))
    .filter((f) => existsSync(path.join(root, f)));
}

/** `@stageplein/<name>` → its folder and its `exports` map (read from the workspaces' package.json). */
function workspaces(root) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const map = new Map();
  for (const dir of manifest.workspaces ?? []) {
    const file = path.join(root, dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    map.set(pkg.name, { dir, exports: pkg.exports ?? {} });
  }
  return map;
}

/** The file a specifier names, repository-relative, or undefined (a third-party module, a missing one). */
function resolver(root, files) {
  const known = new Set(files);
  const packages = workspaces(root);
  const existing = (candidate) =>
    [
      candidate,
      `${candidate}.ts`,
      `${candidate}.tsx`,
      `${candidate}/index.ts`,
      `${candidate}/index.tsx`,
    ].find((c) => known.has(c));
  return (from, specifier) => {
    if (specifier.startsWith('.')) {
      return existing(path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)));
    }
    const match = /^(@stageplein\/[^/]+)(\/.*)?$/.exec(specifier);
    if (!match) return undefined;
    const pkg = packages.get(match[1]);
    if (!pkg) return undefined;
    const sub = `.${match[2] ?? ''}`;
    for (const [pattern, target] of Object.entries(pkg.exports)) {
      if (typeof target !== 'string') continue;
      const star = pattern.indexOf('*');
      if (
        star < 0
          ? pattern !== sub
          : !(sub.startsWith(pattern.slice(0, star)) && sub.endsWith(pattern.slice(star + 1)))
      )
        continue;
      const middle = star < 0 ? '' : sub.slice(star, sub.length - (pattern.length - star - 1));
      const file = path.posix.normalize(path.posix.join(pkg.dir, target.replace('*', middle)));
      // `./*` → `./src/*.ts`: a specifier that already ends in .ts names the file itself.
      return existing(file) ?? existing(file.replace(/\.ts\.ts$/, '.ts').replace(/\.tsx\.ts$/, '.tsx'));
    }
    return undefined;
  };
}

/** File → the files it imports (repository-relative). */
export function importGraph(root = ROOT, files = sourceFiles(root)) {
  const resolve = resolver(root, files);
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      const target = resolve(file, fileName);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The cycles of a graph, one per strongly connected component of two or more files (Tarjan), each
 * given as one cycle through it, starting at its alphabetically first file: `a → b → a`.
 */
export function findCycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (start) => {
    // Iterative, so a deep import chain cannot overflow the stack.
    const work = [[start, 0]];
    indices.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const next = graph.get(node) ?? [];
      if (i < next.length) {
        frame[1] = i + 1;
        const to = next[i];
        if (!indices.has(to)) {
          indices.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), indices.get(to)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indices.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) components.push(component);
      }
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return components.map((component) => cycleThrough(graph, new Set(component))).sort();
}

/** One cycle inside a strongly connected component (breadth-first back to its first file). */
function cycleThrough(graph, members) {
  const start = [...members].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start].join(' → ');
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [...members].sort().join(' → ');
}

// `node infra/lint/import-cycles.mjs`: prints every cycle, exits 1 when there is one.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = findCycles(importGraph());
  for (const cycle of cycles) console.log(cycle);
  console.log(cycles.length ? `${cycles.length} import cycle(s)` : 'no import cycles');
  process.exitCode = cycles.length ? 1 : 0;
}
