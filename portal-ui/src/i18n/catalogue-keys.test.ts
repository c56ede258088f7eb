import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasKey } from '@stageplein/contracts/i18n/index';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('catalogue keys used by the portal', () => {
  it('exist in both the nl and the en catalogue', () => {
    const missing: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      // Literal keys only: t('portal.x.y'), translate keys in objects ('routes.x'), message keys.
      for (const [, key] of text.matchAll(
        /['`]((?:portal|shell|toast|routes|errors|validation|app)\.[A-Za-z0-9_.]+)['`]/g,
      )) {
        if (!hasKey(key!)) missing.push(`${path.relative(SRC, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
