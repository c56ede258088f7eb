import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, type TWorkerPool } from './worker-pool.ts';

type TInput = { kind: 'echo' | 'fail' | 'spin' | 'exit'; value?: number };
type TOutput = { value?: number; threadId: number; bytes: Uint8Array };
const TASK = new URL('../../test/fixtures/pool-task.ts', import.meta.url);
const pools: TWorkerPool<unknown, unknown>[] = [];
const pool = (threads: number, moduleUrl = TASK) => {
  const p = createWorkerPool<TInput, TOutput>({ moduleUrl, threads, name: 'test-pool' });
  pools.push(p as TWorkerPool<unknown, unknown>);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('kit worker pool', () => {
  it('runs a TypeScript module’s task on another thread and answers every queued task', async () => {
    const p = pool(2);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((value) => p.run({ kind: 'echo', value })));
    expect(answers.map((a) => a.value)).toEqual([1, 2, 3, 4, 5]);
    for (const a of answers) expect(a.threadId).not.toBe(threadId);
    expect(new Set(answers.map((a) => a.threadId)).size).toBeLessThanOrEqual(2);
    expect([...answers[0]!.bytes]).toEqual([1, 2, 3]);
    expect(p.stats()).toEqual({ queued: 0, busy: 0, threads: 2 });
  });

  it('keeps the event loop free while a thread computes', async () => {
    const p = pool(1);
    await p.run({ kind: 'echo' }); // the thread is up
    let turns = 0;
    let done = false;
    const spin = p.run({ kind: 'spin', value: 400 }).then(() => (done = true));
    // setImmediate turns while the thread spins: a blocked loop would count none before `done`.
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    await spin;
    expect(turns).toBeGreaterThan(20);
  });

  it('fails only the task that throws, and replaces a thread that dies with its task failed', async () => {
    const p = pool(1);
    await expect(p.run({ kind: 'fail', value: 7 })).rejects.toThrow('failed 7');
    expect((await p.run({ kind: 'echo', value: 1 })).value).toBe(1);
    const before = (await p.run({ kind: 'echo' })).threadId;
    await expect(p.run({ kind: 'exit' })).rejects.toThrow('thread exited with code 3');
    const after = await p.run({ kind: 'echo', value: 2 });
    expect(after.value).toBe(2);
    expect(after.threadId).not.toBe(before);
  });

  it('fails the queue when the module does not load, instead of starting threads forever', async () => {
    const p = pool(1, new URL('../../test/fixtures/pool-broken.ts', import.meta.url));
    await expect(p.run({ kind: 'echo' })).rejects.toThrow('this module does not load');
    expect(p.stats().threads).toBe(0);
  });

  it('refuses tasks once closed and fails the ones still queued', async () => {
    const p = pool(1);
    const running = expect(p.run({ kind: 'spin', value: 300 })).rejects.toThrow();
    const queued = expect(p.run({ kind: 'echo' })).rejects.toThrow('closed');
    await p.close();
    await queued;
    await running;
    await expect(p.run({ kind: 'echo' })).rejects.toThrow('closed');
  });
});
