import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface TProcess {
  name: string;
  child: ChildProcess;
  /** Every stdout line so far. */
  lines: string[];
  /** Resolves with the first line (already seen or future) matching `pattern`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** SIGTERM and wait for the exit (SIGKILL after `timeoutMs`); resolves with the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
  /** SIGKILL: a crash, nothing runs after it. */
  kill(): Promise<void>;
}

/** Runs a TypeScript entry point (`node --import tsx`) as its own process, as the deploy would. */
export function startProcess(name: string, script: string, env: Record<string, string>): TProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(ROOT, script)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (m: RegExpMatchArray) => void }>();
  let buffer = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      lines.push(line);
      for (const w of [...waiters]) {
        const m = line.match(w.pattern);
        if (m) w.resolve(m);
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  return {
    name,
    child,
    lines,
    waitFor(pattern, timeoutMs = 60_000) {
      for (const line of lines) {
        const m = line.match(pattern);
        if (m) return Promise.resolve(m);
      }
      return new Promise((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        };
        const waiter = {
          pattern,
          resolve: (m: RegExpMatchArray) => {
            done();
            resolve(m);
          },
        };
        const fail = (why: string) => {
          done();
          reject(new Error(`${name}: ${why}.\nstdout:\n${lines.slice(-20).join('\n')}\nstderr:\n${stderr}`));
        };
        const timer = setTimeout(() => fail(`no line matching ${pattern} within ${timeoutMs} ms`), timeoutMs);
        waiters.add(waiter);
        void exited.then(
          (code) => waiters.has(waiter) && fail(`exited (${code}) before printing ${pattern}`),
        );
      });
    },
    async stop(timeoutMs = 30_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A port that was free a moment ago (for processes that must be told their port up front). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
