// Sizes of the admin-ui build: what every back-office page loads first (the baseline: app shell,
// react-admin + MUI vendor chunk, styles) and what each resource folder adds when one of its screens
// opens (its lazy chunk plus shared chunks the shell does not already have). gzip level 6.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadNow, ROOT, recordResult } from './bench-lib.ts';

const build = spawnSync(process.execPath, ['infra/scripts/build-ui.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) throw new Error('build-ui failed');

const DIST = path.join(ROOT, 'admin-ui/dist');

interface TManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  TManifestChunk
>;

const sizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let size = sizes.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(DIST, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
    sizes.set(file, size);
  }
  return size;
}

/** A chunk's file, its css and its static imports (transitively), by manifest key. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? [])
    if (!seen.has(manifest[imported]?.file ?? '')) closure(imported, seen);
  return seen;
}

const total = (files: Iterable<string>) =>
  [...files].reduce((sum, f) => ({ raw: sum.raw + sizeOf(f).raw, gzip: sum.gzip + sizeOf(f).gzip }), {
    raw: 0,
    gzip: 0,
  });
const kb = (n: number) => (n / 1024).toFixed(1);

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const initial = closure(entryKey);
const initialSize = total(initial);

const rows: string[] = [];
for (const file of [...initial].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
  rows.push(
    `| first load | ${file.replace(/^assets\//, '')} | ${kb(sizeOf(file).raw)} | ${kb(sizeOf(file).gzip)} | |`,
  );
}
rows.push(
  `| **first load** | **total** | **${kb(initialSize.raw)}** | **${kb(initialSize.gzip)}** | 1.00× |`,
);

const resources = Object.entries(manifest)
  .filter(([key, c]) => c.isDynamicEntry && /src\/resources\/[^/]+\/index\.ts$/.test(key))
  .map(([key]) => ({
    name: /src\/resources\/([^/]+)\//.exec(key)![1]!,
    added: [...closure(key)].filter((f) => !initial.has(f)),
  }))
  .sort((a, b) => a.name.localeCompare(b.name));
for (const { name, added } of resources) {
  const size = total(added);
  const files = added.map((f) => f.replace(/^assets\//, '')).join(', ');
  rows.push(
    `| ${name} | ${files} | ${kb(size.raw)} | ${kb(size.gzip)} | +${(size.gzip / initialSize.gzip).toFixed(3)}× |`,
  );
}
const largest = Math.max(...resources.map((r) => total(r.added).gzip));
const body = [
  'What every back-office page loads first (app shell, the react-admin + MUI vendor chunk, styles; fonts excluded) and what each resource folder adds when one of its screens opens: its own lazy chunk plus shared chunks (the screens’ kit, user helpers) not yet loaded. gzip level 6 of the built files; ratio to the first load.',
  '',
  '| loaded for | files | raw kB | gzip kB | ratio |',
  '|---|---|---|---|---|',
  ...rows,
  '',
  `Largest resource addition: ${kb(largest)} kB gzip (${((largest / initialSize.gzip) * 100).toFixed(1)} % of the first load). ${new Date().toISOString().slice(0, 10)}.`,
].join('\n');
console.log(`\nAdmin bundle\n${body}`);
recordResult('Admin bundle (gzip, first load and per resource)', {
  result: `${kb(initialSize.gzip)} kB gzip first load, at most +${kb(largest)} kB when a resource folder's screen opens`,
  load: loadNow(),
});
