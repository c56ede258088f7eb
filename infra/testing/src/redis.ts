import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `redis://127.0.0.1:<port>` of the run's Redis; see redis.global-setup.ts. */
    redisUrl: string;
  }
}

/** The run's Redis and a key prefix of this caller's own, so files never see each other's counts. */
export function testRedis(): { url: string; prefix: string } {
  return { url: inject('redisUrl'), prefix: `t-${randomBytes(5).toString('hex')}:` };
}
