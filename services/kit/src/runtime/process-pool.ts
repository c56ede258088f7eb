import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism, setPriority } from 'node:os';
import { pathToFileURL } from 'node:url';

/**
 * A pool of child processes for CPU-bound pure functions (the sealed contract PDF), started at a lower
 * CPU priority (`niceness`, default 10), so neither the event loop that answers requests nor the cores
 * it shares with PostgreSQL wait on them: a thread of the same process would compete at the server's own
 * priority. The module at `moduleUrl` default-exports `(input) => output | Promise<output>`; inputs and
 * outputs cross the IPC channel by structured clone (a Buffer arrives as a Uint8Array). Tasks queue when
 * every process is busy; a process that dies fails its task (its caller retries: the seal is an activity)
 * and is replaced. Processes start with the first task and are reused; an idle one keeps no parent alive,
 * and one whose parent went exits.
 */
export interface TProcessPool<TInput, TOutput> {
  run(input: TInput): Promise<TOutput>;
  /** Tasks waiting for a process, processes busy now, processes running. */
  stats(): { queued: number; busy: number; processes: number };
  /** The running processes' ids. */
  pids(): number[];
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
 * `nice` before Node starts, so every thread of the child (V8's compiler and collector threads too) runs
 * at the lower priority; os.setPriority on a pid would lower only its main thread on Linux. Windows has
 * no `nice`: there the main thread is lowered after the start.
 */
const command = (niceness: number, args: string[]): [string, string[]] =>
  process.platform === 'win32'
    ? [process.execPath, args]
    : ['nice', ['-n', String(niceness), process.execPath, ...args]];

export function createProcessPool<TInput, TOutput>(options: {
  moduleUrl: URL;
  /** Processes; default: one fewer than the machine's cores, at least one. */
  processes?: number;
  /** How much lower than normal its processes run (`nice`, 0-19); default 10. */
  niceness?: number;
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
    const [file, args] = command(niceness, ['-e', BOOT, options.moduleUrl.href, loader ?? '']);
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
        for (let i = 0; i < size; i++) start();
      }
      return new Promise<TOutput>((resolve, reject) => {
        queue.push({ id: nextId++, input, resolve, reject });
        dispatch();
      });
    },
    stats: () => ({ queued: queue.length, busy: busy.size, processes: all.size }),
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
