import type { TestProject } from 'vitest/node';
import { startRedisServer, type TRunningRedis } from '@stageplein/engines/redis';
import type {} from './redis.ts';

let server: TRunningRedis | undefined;

/**
 * ONE real Redis for the run's integration tests (the distributed profile's rate-limit store): the pinned
 * redis-server (infra/engines/redis, built once per machine into the user's cache, with progress lines)
 * on a free loopback port, in memory only (no RDB/AOF files), stopped with the run. Tests get its URL
 * through `inject('redisUrl')` and keep their keys apart with a prefix of their own.
 * TEST_REDIS_URL (environment or Vitest env) uses a Redis that is already running instead.
 */
export async function setup(project: TestProject): Promise<void> {
  const external = project.config.env?.TEST_REDIS_URL ?? process.env.TEST_REDIS_URL;
  if (external) {
    project.provide('redisUrl', external);
    return;
  }
  server = await startRedisServer({ log: (m) => console.log(`[redis] ${m}`) });
  project.provide('redisUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
