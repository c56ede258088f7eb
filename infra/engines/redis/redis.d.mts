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

/** Debian's version order (`dpkg --compare-versions`): negative when a is older than b. */
export declare function compareDebianVersions(a: string, b: string): number;
/** The versions of the `redis` source package in `apt-cache showsrc redis` output. */
export declare function servedVersionsOf(showsrc: string): string[];
/**
 * The pin when served; else the newest served revision of the same Redis release (`fallback`); else
 * throws naming the served versions and REDIS_SOURCE_VERSION in redis.mjs.
 */
export declare function chooseRedisSource(
  pinned: string,
  served: readonly string[],
  compare?: (a: string, b: string) => number,
): { version: string; fallback: boolean };
/** Updates the cache's own apt lists (the machine's sources as deb-src) and chooses the version to build. */
export declare function resolveRedisSource(options?: {
  sourceVersion?: string;
  cacheDir?: string;
  log?: (message: string) => void;
}): Promise<{ version: string; fallback: boolean }>;

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
