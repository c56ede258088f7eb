import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import type { TestProject } from 'vitest/node';
import { freePort } from './processes.ts';
import type {} from './redis.ts';

/** Debian's redis-server, which `npm test` installs when it is missing (infra/scripts/test.mjs). */
export const REDIS_SERVER = '/usr/bin/redis-server';

let server: ChildProcess | undefined;

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * ONE real Redis for the run's integration tests (the distributed profile's rate-limit store): Debian's
 * redis-server on a free loopback port, in memory only (no RDB/AOF files), stopped with the run. Tests
 * get its URL through `inject('redisUrl')` and keep their keys apart with a prefix of their own.
 * TEST_REDIS_URL (environment or Vitest env) uses a Redis that is already running instead.
 */
export async function setup(project: TestProject): Promise<void> {
  const external = project.config.env?.TEST_REDIS_URL ?? process.env.TEST_REDIS_URL;
  if (external) {
    project.provide('redisUrl', external);
    return;
  }
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(
      `${REDIS_SERVER} is missing: \`npm test\` installs Debian's redis-server (apt-get install redis-server).`,
    );
  }
  const port = await freePort();
  server = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (server.exitCode !== null) throw new Error(`redis-server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('redis-server did not answer within 10 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  project.provide('redisUrl', `redis://127.0.0.1:${port}`);
}

export async function teardown(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
