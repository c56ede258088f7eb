import { describe, expect, it } from 'vitest';
import { percentile, withSummaryRow } from './bench-lib.ts';

describe('percentile (nearest rank)', () => {
  it('is the smallest time that at least p % of the responses did not exceed', () => {
    const times = Array.from({ length: 100 }, (_, i) => 100 - i); // 1..100, unsorted
    expect(percentile(times, 95)).toBe(95);
    expect(percentile(times, 50)).toBe(50);
    expect(percentile(times, 100)).toBe(100);
    expect(percentile([7, 3, 5], 95)).toBe(7);
    expect(percentile([7, 3, 5], 1)).toBe(3);
    expect(percentile([], 95)).toBeNaN();
  });
});

describe('the results table of docs/benchmarks.md', () => {
  const page = [
    '# Benchmarks',
    '',
    '| benchmark | result against its baseline | load |',
    '|---|---|---|',
    '| A (gateway vs bare route) | 0.70× | 2.0 |',
    '',
    '## A (gateway vs bare route)',
    '',
    '| a | b |',
  ].join('\n');

  it("replaces a benchmark's row and leaves the rest, other tables included", () => {
    const next = withSummaryRow(page, 'A (gateway vs bare route)', ['0.81× $1 | x', '3.1']);
    expect(next).toContain('| A (gateway vs bare route) | 0.81× $1 \\| x | 3.1 |');
    expect(next).not.toContain('0.70×');
    expect(next.split('\n').length).toBe(page.split('\n').length);
    expect(next).toContain('| a | b |');
  });

  it('adds a row at the end of the table for a benchmark it does not list', () => {
    const lines = withSummaryRow(page, 'B', ['1.00×', '2.0']).split('\n');
    expect(lines[5]).toBe('| B | 1.00× | 2.0 |');
    expect(lines[6]).toBe('');
  });
});
