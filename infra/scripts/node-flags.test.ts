import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { build?: { dockerfile: string }; environment?: Record<string, string> }>;
};

describe("the servers' V8 flags", () => {
  it('are every container’s NODE_OPTIONS, in the compose file and in its image', () => {
    const flags = SERVER_NODE_FLAGS.join(' ');
    const built = Object.entries(compose.services).filter(([, s]) => s.build);
    expect(built.length).toBeGreaterThan(5);
    for (const [name, service] of built) {
      expect(service.environment?.NODE_OPTIONS, name).toBe(flags);
      const dockerfile = readFileSync(path.join(ROOT, service.build!.dockerfile), 'utf8');
      expect(/^ENV .*\bNODE_OPTIONS=(\S+)/m.exec(dockerfile)?.[1], name).toBe(flags);
    }
  });
});
