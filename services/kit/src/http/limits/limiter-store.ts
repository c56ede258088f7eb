import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/**
 * Where rate limits and sign-in delays keep their counts: in Redis in the distributed profile
 * (REDIS_URL; every instance sees the same counts), in this process in the embedded one. Both
 * implement this one interface and are tested alike (limiter-store.int.test.ts, against a real Redis).
 */
export interface TLimiterStore {
  /** One hit on a fixed-window counter: the hits in the window so far and the ms until it resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /**
   * One failure of `member` (an address) under `key` (an account) at `at` (ms): the member's failures
   * so far. All members of a key are forgotten `ttlMs` after its last failure.
   */
  addFailure(key: string, member: string, at: number, ttlMs: number): Promise<number>;
  /** A member's failures and the time of its last one (0 and 0 when none). */
  failures(key: string, member: string): Promise<{ count: number; lastAt: number }>;
  /** Forgets one member's failures, or every member's (an unlock) when `member` is not given. */
  clear(key: string, member?: string): Promise<void>;
  close(): Promise<void>;
}

/** The embedded profile's store: maps in this process, swept as they expire. */
export function memoryLimiterStore(clock: () => number = Date.now): TLimiterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const failures = new Map<
    string,
    { expiresAt: number; members: Map<string, { count: number; lastAt: number }> }
  >();
  const sweep = () => {
    const now = clock();
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
    for (const [k, f] of failures) if (f.expiresAt <= now) failures.delete(k);
  };
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  return {
    async hit(key, windowMs) {
      const now = clock();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetMs: w.resetAt - now };
    },
    async addFailure(key, member, at, ttlMs) {
      let f = failures.get(key);
      if (!f || f.expiresAt <= clock()) {
        f = { expiresAt: 0, members: new Map() };
        failures.set(key, f);
      }
      f.expiresAt = clock() + ttlMs;
      const m = f.members.get(member) ?? { count: 0, lastAt: 0 };
      m.count += 1;
      m.lastAt = at;
      f.members.set(member, m);
      return m.count;
    },
    async failures(key, member) {
      const f = failures.get(key);
      if (!f || f.expiresAt <= clock()) return { count: 0, lastAt: 0 };
      return f.members.get(member) ?? { count: 0, lastAt: 0 };
    },
    async clear(key, member) {
      if (member === undefined) failures.delete(key);
      else failures.get(key)?.members.delete(member);
    },
    async close() {
      clearInterval(timer);
      windows.clear();
      failures.clear();
    },
  };
}

// One round trip each, atomic: INCR that starts the window on the first hit; a hash per account with
// `<member>` = count and `<member>:at` = last failure, expiring with the account's last failure.
const HIT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`;
const ADD_FAILURE = `local c = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HSET', KEYS[1], ARGV[1] .. ':at', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return c`;

/** The distributed profile's store: Redis at REDIS_URL, keys under `prefix`. */
export function redisLimiterStore(url: string, prefix = 'stageplein:limits:'): TLimiterStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const k = (key: string) => `${prefix}${key}`;
  return {
    async hit(key, windowMs) {
      const [count, resetMs] = (await redis.eval(HIT, 1, k(key), windowMs)) as [number, number];
      return { count, resetMs };
    },
    async addFailure(key, member, at, ttlMs) {
      return Number(await redis.eval(ADD_FAILURE, 1, k(`f:${key}`), member, at, ttlMs));
    },
    async failures(key, member) {
      const [count, lastAt] = await redis.hmget(k(`f:${key}`), member, `${member}:at`);
      return { count: Number(count ?? 0), lastAt: Number(lastAt ?? 0) };
    },
    async clear(key, member) {
      if (member === undefined) await redis.del(k(`f:${key}`));
      else await redis.hdel(k(`f:${key}`), member, `${member}:at`);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Redis when REDIS_URL is set (distributed profile), else this process's memory (embedded). */
export function limiterStoreFor(config: { REDIS_URL?: string | undefined }): TLimiterStore {
  return config.REDIS_URL ? redisLimiterStore(config.REDIS_URL) : memoryLimiterStore();
}

/**
 * The same store behind @fastify/rate-limit (its `store` option), for services that limit a route
 * with that plugin (organizations' public signup): one place for every count, Redis or memory.
 */
export function rateLimitPluginStore(store: TLimiterStore): FastifyRateLimitStoreCtor {
  class Store implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      store.hit(`plugin|${key}`, timeWindow).then(
        ({ count, resetMs }) => callback(null, { current: count, ttl: resetMs }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  }
  return Store;
}
