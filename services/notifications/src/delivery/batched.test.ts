import { describe, expect, it } from 'vitest';
import { batched } from './batched.ts';

describe('batched', () => {
  it('runs the calls of one turn once per key, answering each in order', async () => {
    const runs: [string, number[]][] = [];
    const double = batched(async (key: string, items: number[]) => {
      runs.push([key, items]);
      return items.map((n) => `${key}:${n * 2}`);
    });
    const answers = await Promise.all([double('a', 1), double('b', 2), double('a', 3)]);
    expect(answers).toEqual(['a:2', 'b:4', 'a:6']);
    expect(runs).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ]);
    // A later turn, with nothing under way, is a run of its own.
    expect(await double('a', 5)).toBe('a:10');
    expect(runs).toHaveLength(3);
  });

  it("gathers the calls made during a key's run into its next run, one run at a time", async () => {
    const runs: number[][] = [];
    let release!: () => void;
    let active = 0;
    let mostActive = 0;
    const record = batched(async (_key: string, items: number[]) => {
      runs.push(items);
      mostActive = Math.max(mostActive, ++active);
      if (runs.length === 1) await new Promise<void>((r) => (release = r));
      active--;
      return items;
    });
    const first = record('a', 1);
    await new Promise((r) => setImmediate(r));
    // The first run is under way: these wait for it, across turns.
    const later = [record('a', 2)];
    await new Promise((r) => setImmediate(r));
    later.push(record('a', 3));
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(runs).toEqual([[1], [2, 3]]);
    expect(mostActive).toBe(1);
  });

  it('fails every call of a failed run, and only those', async () => {
    const check = batched(async (key: string, items: number[]) => {
      if (key === 'bad') throw new Error('database away');
      return items;
    });
    const results = await Promise.allSettled([check('bad', 1), check('good', 2), check('bad', 3)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('database away'));
    // The key is not stuck after a failure.
    expect(await check('good', 4)).toBe(4);
  });
});
