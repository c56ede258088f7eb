import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Connection } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTemporal, startTemporalDevServer, type TTemporalInstall } from './temporal.mjs';
import type { greet } from './test-workflows.ts';

const log = (m: string) => console.log(`[temporal] ${m}`);

/** A port nothing listens on right now (the OS picks it). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let install: TTemporalInstall;
let tmpDir: string;

beforeAll(async () => {
  // The first run on a machine builds the CLI with `go install` (several minutes on 2 cores).
  install = await ensureTemporal({ log });
  tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stageplein-temporal-'));
}, 900_000);

afterAll(async () => {
  if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
});

describe('infra/engines/temporal: startTemporalDevServer', () => {
  it('starts the dev server, serves the namespace, reuses it, and stops', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const dbFile = path.join(tmpDir, 'dev-server.sqlite');
    const server = await startTemporalDevServer({ port, dbFile, log });
    try {
      expect(server.address).toBe(`127.0.0.1:${port}`);
      expect(server.reused).toBe(false);
      // SQLITE_PRAGMAS: the database keeps a write-ahead log beside it (the default journal has none while idle).
      await expect(fs.stat(`${dbFile}-wal`)).resolves.toBeTruthy();

      const connection = await Connection.connect({ address: server.address });
      try {
        const info = await connection.workflowService.getSystemInfo({});
        expect(info.serverVersion).toMatch(/^\d+\.\d+/);
        const ns = await connection.workflowService.describeNamespace({ namespace: 'default' });
        expect(ns.namespaceInfo?.name).toBe('default');
      } finally {
        await connection.close();
      }

      // A second start on the same port finds the running server and leaves it alone.
      const again = await startTemporalDevServer({ port, dbFile, log });
      expect(again.reused).toBe(true);
      await again.stop();
      expect(await portAnswers(port)).toBe(true);
    } finally {
      await server.stop();
    }
    expect(await portAnswers(port)).toBe(false);
    await expect(fs.stat(dbFile)).resolves.toBeTruthy();
  });
});

describe('infra/engines/temporal: @temporalio/testing with the built binary', () => {
  let env: TestWorkflowEnvironment | undefined;

  beforeAll(async () => {
    try {
      Runtime.install({ logger: new DefaultLogger('WARN') }); // the worker's INFO lines are noise here
    } catch {
      // a Runtime already exists in this process: keep its logger
    }
    env = await TestWorkflowEnvironment.createLocal({
      server: {
        executable: { type: 'existing-path', path: install.binary },
        ip: '127.0.0.1',
      },
    });
  }, 120_000);

  afterAll(async () => {
    await env?.teardown();
  }, 60_000);

  it('runs a workflow on a worker', { timeout: 300_000 }, async () => {
    if (!env) throw new Error('TestWorkflowEnvironment did not start');
    const taskQueue = `infra-temporal-test-${Date.now()}`;
    const worker = await Worker.create({
      connection: env.nativeConnection,
      namespace: env.namespace ?? 'default',
      taskQueue,
      workflowsPath: fileURLToPath(new URL('./test-workflows.ts', import.meta.url)),
    });
    const result = await worker.runUntil(
      env.client.workflow.execute<typeof greet>('greet', {
        taskQueue,
        workflowId: `greet-${Date.now()}`,
        args: ['Stageplein'],
      }),
    );
    expect(result).toBe('Hello, Stageplein!');
  });
});
