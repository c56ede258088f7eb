import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Absolute, so `vite build admin-ui` and `vite build --config admin-ui/vite.config.ts` agree.
type TModuleInfo = { isEntry: boolean; importers: readonly string[] } | null;
const eager = new Map<string, boolean>();

/** Whether a module is reached from the entry through static imports only (part of the first load). */
function loadedEagerly(id: string, info: (id: string) => TModuleInfo): boolean {
  const known = eager.get(id);
  if (known !== undefined) return known;
  eager.set(id, false); // import cycles: not proven eager on this path
  const module = info(id);
  const result = !!module && (module.isEntry || module.importers.some((i) => loadedEagerly(i, info)));
  eager.set(id, result);
  return result;
}

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
    // react-admin + MUI is one large vendor chunk by nature; split it from the app code so app
    // releases do not invalidate it, and warn only above that. Each resource folder is a chunk of
    // its own (lazy screens, app/lazy-resource.ts).
    chunkSizeWarningLimit: 1400,
    rollupOptions: {
      output: {
        manualChunks(id, { getModuleInfo }) {
          if (!id.includes('node_modules') || id.endsWith('.css')) return undefined;
          // Only what the first load imports goes to vendor; packages that only lazy screens use
          // (the rich-text editor, the menu editor's drag and drop, their icons) stay with them.
          return loadedEagerly(id, getModuleInfo) ? 'vendor' : undefined;
        },
      },
    },
  },
  publicDir: false,
  test: {
    root,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
