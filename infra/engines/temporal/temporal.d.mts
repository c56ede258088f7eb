// Types for temporal.mjs (plain JavaScript), so TypeScript tests and scripts can import it.

export declare const REPO_ROOT: string;
/** The Temporal CLI release that is built (e.g. 'v1.5.1'); TEMPORAL_CLI_VERSION overrides it. */
export declare const TEMPORAL_CLI_VERSION: string;
/** <repo>/.cache */
export declare const CACHE_DIR: string;
/** <repo>/.cache/go (GOMODCACHE = mod/, GOCACHE = build/) */
export declare const GO_CACHE_ROOT: string;
/** <repo>/.data/temporal */
export declare const DATA_DIR: string;
/** <repo>/.data/temporal/dev.sqlite */
export declare const DEFAULT_DB_FILE: string;

/** The dev server's SQLite pragmas by default: a write-ahead log, synced at checkpoints. */
export declare const SQLITE_PRAGMAS: string[];

export type TTemporalLog = (message: string) => void;

export interface TTemporalInstall {
  /** Absolute path of the `temporal` binary (<repo>/.cache/temporal/<version>/bin/temporal). */
  binary: string;
  version: string;
}

export interface TStartTemporalOptions {
  /** Frontend gRPC port on 127.0.0.1; default 7233. */
  port?: number;
  /** Serve the web UI on this port (implies not headless). */
  uiPort?: number;
  /** SQLite file; default <repo>/.data/temporal/dev.sqlite (its folder is created). */
  dbFile?: string;
  /** Namespace that must exist (created at launch); default 'default'. */
  namespace?: string;
  log?: TTemporalLog;
  /** No UI (default true); ignored when uiPort is set. */
  headless?: boolean;
  /** How long to wait for the frontend to answer; default 60 000 ms. */
  readyTimeoutMs?: number;
  /** SIGKILL this long after SIGTERM; default 10 000 ms. */
  stopTimeoutMs?: number;
  /** Server --log-level; default 'warn'. */
  logLevel?: string;
  /** Linux: the server gets SIGTERM when this process dies without stop() (via setpriv --pdeathsig); default true. */
  dieWithParent?: boolean;
  /** `--sqlite-pragma` values; default SQLITE_PRAGMAS. */
  sqlitePragmas?: string[];
}

export interface TTemporalDevServer {
  /** '127.0.0.1:<port>' */
  address: string;
  /** True when a Temporal server already answered on the port: stop() then does nothing. */
  reused: boolean;
  pid?: number;
  binary?: string;
  dbFile?: string;
  /** The server's stdout/stderr (<dbFile>.<port>.log). */
  logFile?: string;
  /** SIGTERM, wait, SIGKILL after stopTimeoutMs. */
  stop(): Promise<void>;
}

export declare function temporalBinaryPath(version?: string): string;
export declare function ensureTemporal(options?: {
  log?: TTemporalLog;
  version?: string;
}): Promise<TTemporalInstall>;
export declare function startTemporalDevServer(options?: TStartTemporalOptions): Promise<TTemporalDevServer>;
