import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startVersityGw } from '@stageplein/engines/versitygw';
import { freePort } from './processes.ts';
import type {} from './s3.ts';

let stop: (() => Promise<void>) | undefined;
let dir: string | undefined;

/**
 * ONE real S3-compatible store for the run's integration tests (the distributed profile's store of
 * uploads): VersityGW over a throwaway folder on a free loopback port, with random root keys, stopped with
 * the run. Built from its Go module on first use (infra/engines/versitygw; minutes once per machine, with
 * progress lines). Tests get it through `inject('s3')` and keep apart with a bucket of their own (`testS3()`).
 */
export async function setup(project: TestProject): Promise<void> {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stageplein-s3-'));
  const server = await startVersityGw({
    port: await freePort(),
    dir: path.join(dir, 'buckets'),
    log: (m) => console.log(`[versitygw] ${m}`),
  });
  stop = server.stop;
  const { endpoint, region, accessKeyId, secretAccessKey } = server;
  project.provide('s3', { endpoint, region, accessKeyId, secretAccessKey });
}

export async function teardown(): Promise<void> {
  await stop?.();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}
