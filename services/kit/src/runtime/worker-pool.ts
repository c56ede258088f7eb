import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A pool of worker threads for CPU-bound pure functions (the sealed contract PDF), so the event loop
 * that answers requests never waits on them. The module at `moduleUrl` default-exports
 * `(input) => output | Promise<output>`; inputs and outputs cross by structured clone (a Buffer arrives
 * as a Uint8Array). Tasks queue when every thread is busy; a thread that dies fails its task and is
 * replaced. Threads start with the first task; an idle thread keeps no process alive.
 */
export interface TWorkerPool<TInput, TOutput> {
  run(input: TInput): Promise<TOutput>;
  /** Tasks waiting for a thread, threads busy now, threads running. */
  stats(): { queued: number; busy: number; threads: number };
  close(): Promise<void>;
}

/** The thread's side: load the module, then answer each task (an `eval` thread runs as CommonJS). */
const BOOT = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  if (workerData.tsx) (await import(workerData.tsx)).register();
  const run = (await import(workerData.moduleUrl)).default;
  parentPort.on('message', async ({ id, input }) => {
    try {
      parentPort.postMessage({ id, ok: true, output: await run(input) });
    } catch (error) {
      parentPort.postMessage({ id, ok: false, error: error && error.stack ? String(error.stack) : String(error) });
    }
  });
  parentPort.postMessage({ ready: true });
})();
`;

/** The module name of tsx's loader API (a variable, so the image build does not take tsx along). */
const TSX_API = 'tsx/esm/api';

/**
 * How a thread loads `moduleUrl`: TypeScript sources (npm start, tests) need tsx registered in the
 * thread first (Node 20 applies no `--import` to a thread's entry); compiled JavaScript needs nothing.
 */
export const threadLoaderFor = (moduleUrl: URL): string | undefined =>
  moduleUrl.pathname.endsWith('.ts')
    ? // tsx's ES module API beside the CommonJS one `require.resolve` finds (its CommonJS `register` does
      // not find its loader from an evaluated thread).
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

export function createWorkerPool<TInput, TOutput>(options: {
  moduleUrl: URL;
  /** Threads; default: one fewer than the machine's cores, at least one. */
  threads?: number;
  name?: string;
}): TWorkerPool<TInput, TOutput> {
  const size = Math.max(1, options.threads ?? availableParallelism() - 1);
  const label = options.name ?? 'worker-pool';
  const loader = threadLoaderFor(options.moduleUrl);
  const queue: TTask<TInput, TOutput>[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, TTask<TInput, TOutput>>();
  const all = new Set<Worker>();
  let nextId = 0;
  let started = false;
  let closed = false;
  // Threads that died before they were ready, in a row: a module that does not load fails the queue
  // instead of being started again forever.
  let failedBoots = 0;

  const dispatch = () => {
    while (idle.length && queue.length) {
      const worker = idle.shift()!;
      const task = queue.shift()!;
      busy.set(worker, task);
      worker.ref(); // a busy thread keeps the process alive until its task is answered
      worker.postMessage({ id: task.id, input: task.input });
    }
  };

  const spawn = () => {
    let ready = false;
    const worker = new Worker(BOOT, {
      eval: true,
      name: label,
      workerData: { moduleUrl: options.moduleUrl.href, tsx: loader },
    });
    all.add(worker);
    worker.on('message', (message: TMessage) => {
      if (!message.ready) {
        const task = busy.get(worker);
        busy.delete(worker);
        if (task && task.id === message.id) {
          if (message.ok) task.resolve(message.output as TOutput);
          else task.reject(new Error(message.error));
        }
      } else {
        ready = true;
        failedBoots = 0;
      }
      worker.unref(); // an idle thread does not
      idle.push(worker);
      dispatch();
    });
    const gone = (error: Error) => {
      if (!all.delete(worker)) return;
      const i = idle.indexOf(worker);
      if (i >= 0) idle.splice(i, 1);
      const task = busy.get(worker);
      busy.delete(worker);
      task?.reject(error);
      if (closed) return;
      if (!ready && ++failedBoots >= 3) {
        for (const queued of queue.splice(0)) queued.reject(error);
        if (all.size === 0) started = false; // the next task tries again
        return;
      }
      spawn();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`${label}: thread exited with code ${code}`)));
  };

  return {
    run(input) {
      if (closed) return Promise.reject(new Error(`${label}: closed`));
      if (!started) {
        started = true;
        for (let i = 0; i < size; i++) spawn();
      }
      return new Promise<TOutput>((resolve, reject) => {
        queue.push({ id: nextId++, input, resolve, reject });
        dispatch();
      });
    },
    stats: () => ({ queued: queue.length, busy: busy.size, threads: all.size }),
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error(`${label}: closed`));
      const workers = [...all];
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
