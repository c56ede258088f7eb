import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A test waits for what a person would see, never for time (README, "What `npm test` does"). The one
 * exception is a wait that measures time on purpose, and it says so: a comment with "on purpose" in
 * the six lines above `waitForTimeout`.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const SKIP = new Set(['node_modules', 'dist', '.data', '.cache', '.git', 'test-artifacts']);

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `file:line` of each waitForTimeout without an "on purpose" comment in the six lines above it. */
export function unexplainedWaits(file: string, text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    if (!/\bwaitForTimeout\s*\(/.test(line) || /^\s*(\/\/|\*)/.test(line)) return [];
    const above = lines.slice(Math.max(0, i - 6), i).filter((l) => /^\s*(\/\/|\*|\/\*)/.test(l));
    return above.some((l) => /on purpose/i.test(l)) ? [] : [`${file}:${i + 1}`];
  });
}

describe('tests that wait for time', () => {
  it('finds a wait without its reason, and takes one that measures time on purpose', () => {
    expect(unexplainedWaits('a.ts', 'await page.click();\nawait page.waitForTimeout(300);\n')).toEqual([
      'a.ts:2',
    ]);
    expect(
      unexplainedWaits(
        'b.ts',
        '// Waits for time on purpose: the server counts the seconds.\nawait page.waitForTimeout(3000);\n',
      ),
    ).toEqual([]);
  });

  it('has none in the repository but those measuring time on purpose', { timeout: 60_000 }, () => {
    const found = tsFiles(ROOT)
      .filter((file) => file !== SELF)
      .flatMap((file) => unexplainedWaits(path.relative(ROOT, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
