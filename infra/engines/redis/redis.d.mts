// Types for redis.mjs (plain JavaScript), so TypeScript can import it.

/** The Debian source package `redis` that is built (e.g. '5:7.0.15-1~deb12u10'); REDIS_SOURCE_VERSION overrides it. */
export declare const REDIS_SOURCE_VERSION: string;

/** '5:7.0.15-1~deb12u10' → '7.0.15': what `redis-server --version` answers as `v=`. */
export declare function upstreamVersion(sourceVersion?: string): string;
/** <cache>/redis/<source version without epoch> */
export declare function redisVersionDir(sourceVersion?: string, cacheDir?: string): string;
/** <cache>/redis/<source version without epoch>/bin/redis-server */
export declare function redisServerPath(sourceVersion?: string, cacheDir?: string): string;

export interface TRedisStatus {
  /** 'ready' only when the binary answers `--version` with the version; anything else is built (again). */
  state: 'ready' | 'missing' | 'wrong-version';
  /** The first line of `--version`, or null when it did not answer. */
  answered: string | null;
}
export declare function redisStatus(binary: string, version: string): Promise<TRedisStatus>;

/** The machine's Debian `deb` entries as one-line `deb-src` entries. */
export declare function debSrcLines(aptEtc?: string): string[];

export declare function ensureRedis(options?: {
  log?: (message: string) => void;
  sourceVersion?: string;
  cacheDir?: string;
}): Promise<{ binary: string; version: string; built: boolean }>;

export interface TRunningRedis {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  stop(): Promise<void>;
}

export declare function startRedisServer(options?: {
  port?: number;
  log?: (message: string) => void;
}): Promise<TRunningRedis>;
