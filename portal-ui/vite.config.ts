import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Absolute, so `vite build portal-ui` and `vite build --config portal-ui/vite.config.ts` agree.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The gateway serves only `/assets/*` of this build (plus index.html per route), so nothing
    // may live outside assets/: no public dir.
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
  },
  publicDir: false,
  test: {
    root,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
