import { afterAll, describe, expect, it } from 'vitest';
import { testRedis } from '@stageplein/testing/redis';
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import {
  memoryLimiterStore,
  rateLimitPluginStore,
  redisLimiterStore,
  type TLimiterStore,
} from '../src/http/limits/limiter-store.ts';

/**
 * The two rate-limit stores behave alike: the embedded profile's (this process's memory) and the
 * distributed profile's (Redis; here the pinned redis-server, started by redis.global-setup.ts).
 */
const stores: [string, () => TLimiterStore][] = [
  ['memory', () => memoryLimiterStore()],
  [
    'redis',
    () => {
      const { url, prefix } = testRedis();
      return redisLimiterStore(url, prefix);
    },
  ],
];
const opened: TLimiterStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

describe.each(stores)('the %s limiter store', (_name, make) => {
  const store = make();
  opened.push(store);

  it('counts hits in a fixed window and resets after it', async () => {
    expect(await store.hit('w', 300)).toMatchObject({ count: 1 });
    const second = await store.hit('w', 300);
    expect(second.count).toBe(2);
    expect(second.resetMs).toBeGreaterThan(0);
    expect(second.resetMs).toBeLessThanOrEqual(300);
    expect((await store.hit('other', 300)).count).toBe(1);
    await new Promise((r) => setTimeout(r, 350));
    expect((await store.hit('w', 300)).count).toBe(1);
  });

  it('keeps failures per account and address; clears one address or every address', async () => {
    expect(await store.addFailure('acct', '10.0.0.1', 1000, 60_000)).toBe(1);
    expect(await store.addFailure('acct', '10.0.0.1', 2000, 60_000)).toBe(2);
    expect(await store.addFailure('acct', '10.0.0.2', 3000, 60_000)).toBe(1);
    expect(await store.failures('acct', '10.0.0.1')).toEqual({ count: 2, lastAt: 2000 });
    expect(await store.failures('acct', '10.0.0.9')).toEqual({ count: 0, lastAt: 0 });
    await store.clear('acct', '10.0.0.1');
    expect((await store.failures('acct', '10.0.0.1')).count).toBe(0);
    expect((await store.failures('acct', '10.0.0.2')).count).toBe(1);
    await store.clear('acct');
    expect((await store.failures('acct', '10.0.0.2')).count).toBe(0);
  });

  it('forgets an account’s failures once its last one is older than the time to live', async () => {
    await store.addFailure('brief', 'a', 1, 200);
    await new Promise((r) => setTimeout(r, 260));
    expect((await store.failures('brief', 'a')).count).toBe(0);
  });

  it('counts for @fastify/rate-limit too (organizations’ signup limit)', async () => {
    const app = Fastify();
    await app.register(rateLimit, { global: false, store: rateLimitPluginStore(store) });
    app.get('/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => 'ok');
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await app.inject({ url: '/limited' })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });
});
