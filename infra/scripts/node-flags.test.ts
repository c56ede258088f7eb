import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      build?: { dockerfile: string };
      command?: unknown;
      entrypoint?: unknown;
      environment?: Record<string, string>;
    }
  >;
};

describe("the servers' V8 flags", () => {
  it('start every image’s process, which compose leaves as it is', () => {
    const built = Object.entries(compose.services).filter(([, s]) => s.build);
    expect(built.length).toBeGreaterThan(5);
    for (const [name, service] of built) {
      const dockerfile = readFileSync(path.join(ROOT, service.build!.dockerfile), 'utf8');
      const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
      expect(cmd.slice(0, 1 + SERVER_NODE_FLAGS.length), name).toEqual(['node', ...SERVER_NODE_FLAGS]);
      // Compiled JavaScript: no loader after the flags (infra/images/Dockerfile).
      expect(cmd.slice(1 + SERVER_NODE_FLAGS.length), name).toEqual(['main.mjs']);
      // A second place for flags would drift from this one; the command line is the only one.
      expect(dockerfile, name).not.toMatch(/NODE_OPTIONS/);
      expect(service.environment?.NODE_OPTIONS, name).toBeUndefined();
      expect(service.command ?? service.entrypoint, name).toBeUndefined();
    }
  });

  it('are flags this Node accepts (an unknown or renamed one stops it)', () => {
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', '0'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const wrong = spawnSync(process.execPath, ['--no-allocation-site-pretenurin', '-e', '0'], {
      encoding: 'utf8',
    });
    expect(wrong.status).not.toBe(0);
  });
});
