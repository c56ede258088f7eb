import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib.mjs';

/**
 * docs/ describes the product as it is: what is open lives in the issues,
 * the history of runs and work in git. These checks keep it from growing back into a work log.
 */
const DOCS = path.join(ROOT, 'docs');
const MAX_LINES = 2_500;

/** Every Markdown file under docs/, with its path relative to the repository. */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** Narration of work sessions: "session 12", "sessions 5–9", "this session", "the previous session's". */
const NARRATION = /\bsessions? \d|\b(?:this|next|previous|last|earlier) session\b/i;

describe('docs/ describes the product, not the work', () => {
  const files = markdownFiles(DOCS);
  // Lines as `wc -l` counts them (newline characters).
  const lines = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

  it(`stays under ${MAX_LINES} lines in all (decision records included)`, () => {
    const total = files.reduce((sum, f) => sum + lines(f), 0);
    expect(files.length).toBeGreaterThan(10);
    // The largest files first in the message, so a failure says where to condense.
    const largest = files
      .map((f) => `${path.relative(ROOT, f)}: ${lines(f)}`)
      .sort((a, b) => Number(b.split(': ')[1]) - Number(a.split(': ')[1]))
      .slice(0, 5);
    expect(total, `docs/ has ${total} lines; largest: ${largest.join(', ')}`).toBeLessThan(MAX_LINES);
  });

  it('holds no narration of work sessions', () => {
    const found = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          NARRATION.test(line) ? [`${path.relative(ROOT, f)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });

  // Markdown is not type-checked or formatted, so a conflict left by a rebase would otherwise land unseen.
  it('holds no unresolved merge conflict', () => {
    const found = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /^(<{7}|={7}|>{7})( |$)/.test(line) ? [`${path.relative(ROOT, f)}:${i + 1}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('has no status page: what is open lives in the issues', () => {
    expect(files.map((f) => path.relative(DOCS, f))).not.toContain('status.md');
  });

  it('recognises narration and leaves sign-in sessions alone', () => {
    for (const narration of [
      'in session 12',
      'Sessions 5–9 built it',
      'measured this session',
      "the previous session's run",
    ])
      expect(NARRATION.test(narration), narration).toBe(true);
    for (const product of ['sessions are an allow-list', 'a session row per client', 'session timeout 10 s'])
      expect(NARRATION.test(product), product).toBe(false);
  });
});
