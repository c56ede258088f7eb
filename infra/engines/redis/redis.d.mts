// Types for redis.mjs (plain JavaScript), so TypeScript can import it.

/** Debian's redis-server. */
export declare const REDIS_SERVER: string;

export interface TRunningRedis {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  stop(): Promise<void>;
}

export declare function startRedisServer(options?: { port?: number }): Promise<TRunningRedis>;
