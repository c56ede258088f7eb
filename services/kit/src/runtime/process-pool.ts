import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism, setPriority } from 'node:os';
import { pathToFileURL } from 'node:url';

/**
 * A pool of child processes for CPU-bound pure functions (the sealed contract PDF), started at a lower
 * CPU priority (`niceness`, default 10; with `idlePolicy` also SCHED_IDLE where it can be set), so neither
 * the event loop that answers requests nor the cores it shares with PostgreSQL wait on them: a thread of
 * the same process would compete at the server's own priority. The module at `moduleUrl` default-exports
 * `(input) => output | Promise<output>`; inputs and outputs cross the IPC channel by structured clone (a
 * Buffer arrives as a Uint8Array). Tasks queue when every process is busy; a process that dies fails its
 * task (its caller retries: the seal is an activity) and is replaced. Processes start with the first task
 * and are reused; an idle one keeps no parent alive, and one whose parent went exits.
 */
export interface TProcessPool<TInput, TOutput> {
  run(input: TInput): Promise<TOutput>;
  /**
   * Tasks waiting for a process, processes busy now, processes running, and tasks so far that outlasted
   * their grace under SCHED_IDLE (`idleGraceMs`) and were raised to their nice value.
   */
  stats(): { queued: number; busy: number; processes: number; raised: number };
  /** The running processes' ids. */
  pids(): number[];
  /** Whether its processes run under SCHED_IDLE (asked for, and `chrt` could set it). */
  idlePolicy(): boolean;
  close(): Promise<void>;
}

/**
 * The child's side (`node -e`, CommonJS; argv: the module's URL, tsx's loader or ''): load the module,
 * then answer each task. The parent gone (the channel closed), it exits.
 */
const BOOT = `
const [moduleUrl, tsx] = process.argv.slice(1);
(async () => {
  if (tsx) (await import(tsx)).register();
  const run = (await import(moduleUrl)).default;
  process.on('message', async ({ id, input }) => {
    try {
      process.send({ id, ok: true, output: await run(input) });
    } catch (error) {
      process.send({ id, ok: false, error: error && error.stack ? String(error.stack) : String(error) });
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ ready: true });
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

/** The module name of tsx's loader API (a variable, so the image build does not take tsx along). */
const TSX_API = 'tsx/esm/api';

/**
 * How a process loads `moduleUrl`: TypeScript sources (npm start, tests) need tsx registered first (the
 * child gets none of the parent's flags); compiled JavaScript (the images) needs nothing.
 */
export const loaderFor = (moduleUrl: URL): string | undefined =>
  moduleUrl.pathname.endsWith('.ts')
    ? // tsx's ES module API beside the CommonJS one `require.resolve` finds (its CommonJS `register` does
      // not find its loader from evaluated code).
      pathToFileURL(
        createRequire(import.meta.url)
          .resolve(TSX_API)
          .replace(/\.cjs$/, '.mjs'),
      ).href
    : undefined;

interface TTask<TInput, TOutput> {
  id: number;
  input: TInput;
  resolve(output: TOutput): void;
  reject(error: Error): void;
}

type TMessage = { ready?: true; id?: number; ok?: boolean; output?: unknown; error?: string };

/**
 * `nice` (and `chrt --idle 0`) before Node starts, so every thread of the child (V8's compiler and
 * collector threads too) runs at the lower priority; os.setPriority on a pid would lower only its main
 * thread on Linux. Windows has no `nice`: there the main thread is lowered after the start.
 */
const command = (niceness: number, idle: boolean, args: string[]): [string, string[]] =>
  process.platform === 'win32'
    ? [process.execPath, args]
    : ['nice', ['-n', String(niceness), ...(idle ? ['chrt', '--idle', '0'] : []), process.execPath, ...args]];

/**
 * Whether SCHED_IDLE can be set here and left again at `niceness` (Linux, util-linux's chrt, no seccomp
 * refusing it, and leaving it allowed: root or an RLIMIT_NICE that covers the nice value): tried once per
 * nice value, by a process, so the pool starts without it where it does not.
 *
 * SCHED_IDLE, not only a high nice: a niced process may keep its core for the rest of its slice (about a
 * millisecond, a request's p99) when a request's thread wakes there; an idle-policy one is preempted at
 * once, and a core running only idle-policy work counts as free when the woken thread is placed. It gets
 * almost no CPU while normal work wants every core, hence the pool's grace (`idleGraceMs`) and the probe of
 * leaving it: a task still running after its grace continues at its nice value alone.
 */
const idlePolicyProbes = new Map<number, Promise<boolean>>();
const idlePolicyWorks = (niceness: number) => {
  let probe = idlePolicyProbes.get(niceness);
  if (!probe) {
    probe =
      process.platform !== 'linux'
        ? Promise.resolve(false)
        : new Promise<boolean>((resolve) =>
            spawn('nice', ['-n', String(niceness), 'chrt', '--idle', '0', 'chrt', '--other', '0', 'true'], {
              stdio: 'ignore',
            })
              .on('error', () => resolve(false))
              .on('exit', (code) => resolve(code === 0)),
          );
    idlePolicyProbes.set(niceness, probe);
  }
  return probe;
};

/** Every thread of `pid` under SCHED_IDLE or back under SCHED_OTHER (its nice value stays). */
const setPolicy = (pid: number, policy: 'idle' | 'other') =>
  new Promise<boolean>((resolve) =>
    spawn('chrt', [`--${policy}`, '--all-tasks', '--pid', '0', String(pid)], { stdio: 'ignore' })
      .on('error', () => resolve(false))
      .on('exit', (code) => resolve(code === 0)),
  );

export function createProcessPool<TInput, TOutput>(options: {
  moduleUrl: URL;
  /** Processes; default: one fewer than the machine's cores, at least one. */
  processes?: number;
  /** How much lower than normal its processes run (`nice`, 0-19); default 10. */
  niceness?: number;
  /** Also SCHED_IDLE (`chrt --idle 0`) where that can be set: work that may wait for idle cores. */
  idlePolicy?: boolean;
  /**
   * With `idlePolicy`: how long a task may wait for idle cores (ms, default 1000); a process whose task
   * runs longer leaves SCHED_IDLE until the task is answered, so full cores slow it, never starve it.
   */
  idleGraceMs?: number;
  name?: string;
}): TProcessPool<TInput, TOutput> {
  const size = Math.max(1, options.processes ?? availableParallelism() - 1);
  const niceness = options.niceness ?? 10;
  const label = options.name ?? 'process-pool';
  const loader = loaderFor(options.moduleUrl);
  const queue: TTask<TInput, TOutput>[] = [];
  const idle: ChildProcess[] = [];
  const busy = new Map<ChildProcess, TTask<TInput, TOutput>>();
  const all = new Set<ChildProcess>();
  let nextId = 0;
  let started = false;
  let closed = false;
  // Processes that died before they were ready, in a row: a module that does not load fails the queue
  // instead of being started again forever.
  let failedBoots = 0;
  // Whether processes start under SCHED_IDLE: known before the first one starts (idlePolicyWorks).
  let schedIdle = false;
  const idleGraceMs = options.idleGraceMs ?? 1000;
  // Under SCHED_IDLE: each busy process's grace timer, and the processes raised after their grace.
  const graces = new Map<ChildProcess, NodeJS.Timeout>();
  const raised = new Set<ChildProcess>();
  let raises = 0;

  const graceStarts = (child: ChildProcess) => {
    if (!schedIdle || !child.pid) return;
    const pid = child.pid;
    const timer = setTimeout(() => {
      graces.delete(child);
      raised.add(child);
      raises++;
      policy(child, pid, 'other');
    }, idleGraceMs);
    timer.unref();
    graces.set(child, timer);
  };
  /** The task is answered (or the process gone): a raised process goes back under SCHED_IDLE. */
  const graceEnds = (child: ChildProcess, exited = false) => {
    clearTimeout(graces.get(child));
    graces.delete(child);
    if (raised.delete(child) && !exited && child.pid) policy(child, child.pid, 'idle');
  };
  // One chrt at a time per process, in order: a raise and the lowering right after it never swap.
  const changes = new WeakMap<ChildProcess, Promise<unknown>>();
  const policy = (child: ChildProcess, pid: number, to: 'idle' | 'other') =>
    changes.set(
      child,
      (changes.get(child) ?? Promise.resolve()).then(() => setPolicy(pid, to)),
    );

  // A busy process keeps the parent alive until its task is answered; an idle one does not.
  const hold = (child: ChildProcess, on: boolean) => {
    if (on) {
      child.ref();
      child.channel?.ref();
    } else {
      child.unref();
      child.channel?.unref();
    }
  };

  const dispatch = () => {
    while (idle.length && queue.length) {
      const child = idle.shift()!;
      const task = queue.shift()!;
      busy.set(child, task);
      hold(child, true);
      graceStarts(child);
      child.send({ id: task.id, input: task.input }, (error) => {
        if (error) gone(child, true, error);
      });
    }
  };

  /** A process exited or failed: its task fails, and unless the pool closed it is replaced. */
  const gone = (child: ChildProcess, ready: boolean, error: Error) => {
    if (!all.delete(child)) return;
    const i = idle.indexOf(child);
    if (i >= 0) idle.splice(i, 1);
    const task = busy.get(child);
    busy.delete(child);
    graceEnds(child, true);
    task?.reject(error);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (closed) return;
    if (!ready && ++failedBoots >= 3) {
      for (const queued of queue.splice(0)) queued.reject(error);
      if (all.size === 0) started = false; // the next task tries again
      return;
    }
    start();
  };

  const start = () => {
    let ready = false;
    const [file, args] = command(niceness, schedIdle, ['-e', BOOT, options.moduleUrl.href, loader ?? '']);
    const child = spawn(file, args, {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    all.add(child);
    if (process.platform === 'win32' && child.pid) setPriority(child.pid, niceness);
    child.on('message', (message: TMessage) => {
      if (!message.ready) {
        const task = busy.get(child);
        busy.delete(child);
        graceEnds(child);
        if (task && task.id === message.id) {
          if (message.ok) task.resolve(message.output as TOutput);
          else task.reject(new Error(message.error));
        }
      } else {
        ready = true;
        failedBoots = 0;
      }
      hold(child, false);
      idle.push(child);
      dispatch();
    });
    child.on('error', (error) => gone(child, ready, error));
    child.on('exit', (code, signal) =>
      gone(child, ready, new Error(`${label}: process exited with ${signal ?? `code ${code}`}`)),
    );
  };

  return {
    run(input) {
      if (closed) return Promise.reject(new Error(`${label}: closed`));
      if (!started) {
        started = true;
        void (options.idlePolicy ? idlePolicyWorks(niceness) : Promise.resolve(false)).then((works) => {
          schedIdle = works;
          if (!closed) for (let i = 0; i < size; i++) start();
        });
      }
      return new Promise<TOutput>((resolve, reject) => {
        queue.push({ id: nextId++, input, resolve, reject });
        dispatch();
      });
    },
    stats: () => ({ queued: queue.length, busy: busy.size, processes: all.size, raised: raises }),
    idlePolicy: () => schedIdle,
    pids: () => [...all].flatMap((child) => (child.pid ? [child.pid] : [])),
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error(`${label}: closed`));
      await Promise.all(
        [...all].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              hold(child, true); // until it is gone
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
