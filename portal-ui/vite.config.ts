import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// Absolute, so `vite build portal-ui` and `vite build --config portal-ui/vite.config.ts` agree.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * contracts/ modules such as identity/roles.ts declare zod schemas (`export const ZRoleName =
 * z.enum(...)`) next to the constants the portal uses (derivePermissions). The portal never uses the
 * schemas, but Rollup cannot know that a zod call is free of side effects, so all of zod (~60 kB
 * gzip) would ride along in the first download. This marks those top-level schema constructions
 * pure, so unused ones (and zod with them) are tree-shaken. Used ones are kept as they are.
 */
function pureZodSchemas(): Plugin {
  return {
    name: 'stageplein:pure-zod-schemas',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('/contracts/src/') || !/from ['"]zod['"]/.test(code)) return null;
      return { code: code.replace(/^(export const Z\w+\s*=\s*)(z\.)/gm, '$1/* @__PURE__ */ $2'), map: null };
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), pureZodSchemas()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The gateway serves only `/assets/*` of this build (plus index.html per route), so nothing
    // may live outside assets/: no public dir.
    assetsDir: 'assets',
    target: 'es2022',
    // No modulepreload polyfill in the first download: every browser the portal supports preloads
    // modules itself (one without it only loads a lazy page's chunks one after another).
    modulePreload: { polyfill: false },
    // Terser packs the first download ~1 kB (gzip) tighter than esbuild's minifier: the 170 kB budget.
    minify: 'terser',
    sourcemap: false,
  },
  publicDir: false,
  test: {
    root,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
