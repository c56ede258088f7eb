import { readdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createProcessPool, type TProcessPool } from './process-pool.ts';

type TInput = { kind: 'echo' | 'fail' | 'spin' | 'exit'; value?: number };
type TOutput = { value?: number; pid: number; bytes: Uint8Array };
const TASK = new URL('../../test/fixtures/pool-task.ts', import.meta.url);
const pools: TProcessPool<unknown, unknown>[] = [];
const pool = (processes: number, moduleUrl = TASK) => {
  const p = createProcessPool<TInput, TOutput>({ moduleUrl, processes, name: 'test-pool' });
  pools.push(p as TProcessPool<unknown, unknown>);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

// A process starts Node and tsx (about a second; more on a loaded machine): longer than the unit default.
describe('kit process pool', { timeout: 60_000 }, () => {
  it('runs a TypeScript module’s task in another process and answers every queued task', async () => {
    const p = pool(2);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((value) => p.run({ kind: 'echo', value })));
    expect(answers.map((a) => a.value)).toEqual([1, 2, 3, 4, 5]);
    for (const a of answers) expect(a.pid).not.toBe(process.pid);
    expect(new Set(answers.map((a) => a.pid)).size).toBeLessThanOrEqual(2);
    expect([...answers[0]!.bytes]).toEqual([1, 2, 3]);
    expect(p.stats()).toEqual({ queued: 0, busy: 0, processes: 2 });
    expect(p.pids().sort()).toEqual(expect.arrayContaining([...new Set(answers.map((a) => a.pid))]));
  });

  it('runs every thread of its processes at the lower priority (nice 10), reused from task to task', async () => {
    const p = pool(1);
    const { pid } = await p.run({ kind: 'echo' });
    expect((await p.run({ kind: 'echo' })).pid).toBe(pid);
    expect(getPriority()).toBe(0);
    // Linux: setpriority on a pid lowers one thread; every thread (V8's too) must run lowered.
    const threads = readdirSync(`/proc/${pid}/task`).map(Number);
    expect(threads.length).toBeGreaterThan(1);
    expect(threads.map((tid) => getPriority(tid))).toEqual(threads.map(() => 10));
  });

  it('keeps the event loop free while a process computes', async () => {
    const p = pool(1);
    await p.run({ kind: 'echo' }); // the process is up
    let turns = 0;
    let done = false;
    const spin = p.run({ kind: 'spin', value: 400 }).then(() => (done = true));
    // setImmediate turns while the process spins: a blocked loop would count none before `done`.
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    await spin;
    expect(turns).toBeGreaterThan(20);
  });

  it('fails only the task that throws, and replaces a process that dies with its task failed', async () => {
    const p = pool(1);
    await expect(p.run({ kind: 'fail', value: 7 })).rejects.toThrow('failed 7');
    expect((await p.run({ kind: 'echo', value: 1 })).value).toBe(1);
    const before = (await p.run({ kind: 'echo' })).pid;
    await expect(p.run({ kind: 'exit' })).rejects.toThrow('process exited with code 3');
    const after = await p.run({ kind: 'echo', value: 2 });
    expect(after.value).toBe(2);
    expect(after.pid).not.toBe(before);
  });

  it('fails the task of a process killed mid-task, and the next task runs in its replacement', async () => {
    const p = pool(1);
    const before = (await p.run({ kind: 'echo' })).pid;
    const spinning = p.run({ kind: 'spin', value: 5_000 });
    expect(p.stats().busy).toBe(1);
    process.kill(before, 'SIGKILL');
    await expect(spinning).rejects.toThrow('process exited with SIGKILL');
    const after = await p.run({ kind: 'echo', value: 3 });
    expect(after).toMatchObject({ value: 3 });
    expect(after.pid).not.toBe(before);
    expect(p.pids()).toEqual([after.pid]);
  });

  it('fails the queue when the module does not load, instead of starting processes forever', async () => {
    const p = pool(1, new URL('../../test/fixtures/pool-broken.ts', import.meta.url));
    await expect(p.run({ kind: 'echo' })).rejects.toThrow('process exited with code 1');
    expect(p.stats().processes).toBe(0);
  });

  it('refuses tasks once closed and fails the ones still queued', async () => {
    const p = pool(1);
    const running = expect(p.run({ kind: 'spin', value: 300 })).rejects.toThrow();
    const queued = expect(p.run({ kind: 'echo' })).rejects.toThrow('closed');
    await p.close();
    await queued;
    await running;
    await expect(p.run({ kind: 'echo' })).rejects.toThrow('closed');
    expect(p.pids()).toEqual([]);
  });
});
