import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Absolute, so `vite build admin-ui` and `vite build --config admin-ui/vite.config.ts` agree.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root,
  // The gateway serves this build's files under /_admin/; the app's own routes are the spec's
  // root paths (/users, /organizations/approve, …), so the router runs with basename ''.
  base: '/_admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunk belongs to which resource (infra/bench/admin-bundle.bench.ts).
    manifest: true,
    // No manual vendor chunk: react-admin and MUI are imported through their index modules, so a
    // vendor chunk of "packages the first load imports" held every component any lazy screen used
    // (forms, pickers, the editor's helpers): 433 kB gzip. Rollup's own chunking keeps what only lazy
    // screens use in their chunks: the first load is the app shell (≈343 kB). Each resource folder is
    // a chunk of its own (lazy screens, app/lazy-resource.ts); warn only above the shell's size.
    chunkSizeWarningLimit: 1400,
  },
  publicDir: false,
  test: {
    root,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
