import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createProcessPool, type TProcessPool } from './process-pool.ts';

type TInput = { kind: 'echo' | 'fail' | 'spin' | 'exit'; value?: number };
type TOutput = { value?: number; pid: number; bytes: Uint8Array };
const TASK = new URL('../../test/fixtures/pool-task.ts', import.meta.url);
const pools: TProcessPool<unknown, unknown>[] = [];
const pool = (processes: number, moduleUrl = TASK, idlePolicy = false, idleGraceMs?: number) => {
  const p = createProcessPool<TInput, TOutput>({
    moduleUrl,
    processes,
    idlePolicy,
    idleGraceMs,
    name: 'test-pool',
  });
  pools.push(p as TProcessPool<unknown, unknown>);
  return p;
};
// Linux scheduling policies as /proc/<pid>/task/<tid>/stat gives them (its 41st field).
const SCHED_OTHER = 0;
const SCHED_IDLE = 5;
const policyOf = (pid: number, tid: number) => {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
};
const policiesOf = (pid: number) => readdirSync(`/proc/${pid}/task`).map((tid) => policyOf(pid, Number(tid)));
/** Polls (every 20 ms, up to `ms`) until `check` holds; its last answer. */
const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
};
// This machine's answer, asked as the pool asks it: SCHED_IDLE set, and left again at nice 10.
const idleWorks =
  spawnSync('nice', ['-n', '10', 'chrt', '--idle', '0', 'chrt', '--other', '0', 'true']).status === 0;
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
    expect(p.stats()).toEqual({ queued: 0, busy: 0, processes: 2, raised: 0 });
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
    expect(p.idlePolicy()).toBe(false);
    expect(threads.map((tid) => policyOf(pid, tid))).toEqual(threads.map(() => SCHED_OTHER));
  });

  it('runs every thread under SCHED_IDLE as well when asked and chrt can set it here', async () => {
    const chrt = idleWorks;
    const p = pool(1, TASK, true);
    const { pid } = await p.run({ kind: 'echo', value: 4 });
    expect(p.idlePolicy()).toBe(chrt);
    const threads = readdirSync(`/proc/${pid}/task`).map(Number);
    expect(threads.length).toBeGreaterThan(1);
    expect(threads.map((tid) => policyOf(pid, tid))).toEqual(
      threads.map(() => (chrt ? SCHED_IDLE : SCHED_OTHER)),
    );
    expect(threads.map((tid) => getPriority(tid))).toEqual(threads.map(() => 10));
    expect(getPriority()).toBe(0);
    expect(policyOf(process.pid, process.pid)).toBe(SCHED_OTHER);
  });

  it.runIf(idleWorks)(
    'raises a process out of SCHED_IDLE while its task outlasts the grace, and lowers it after',
    async () => {
      const p = pool(1, TASK, true, 200);
      const { pid } = await p.run({ kind: 'echo' });
      expect(p.stats().raised).toBe(0);
      let answered = false;
      const spinning = p.run({ kind: 'spin', value: 3_000 }).then(() => (answered = true));
      // Every thread leaves SCHED_IDLE after the grace (one chrt), well before the task is answered.
      expect(await until(() => policiesOf(pid).every((policy) => policy === SCHED_OTHER))).toBe(true);
      expect(answered).toBe(false);
      expect(policiesOf(pid).every((policy) => policy === SCHED_OTHER)).toBe(true);
      expect(readdirSync(`/proc/${pid}/task`).map((tid) => getPriority(Number(tid)))).toEqual(
        readdirSync(`/proc/${pid}/task`).map(() => 10),
      );
      await spinning;
      expect(await until(() => policiesOf(pid).every((policy) => policy === SCHED_IDLE))).toBe(true);
      expect(p.stats().raised).toBe(1);
      // A task answered within its grace stays under SCHED_IDLE throughout.
      await p.run({ kind: 'echo' });
      expect(p.stats().raised).toBe(1);
      expect(policiesOf(pid).every((policy) => policy === SCHED_IDLE)).toBe(true);
    },
  );

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
